import { z } from "zod";
import { optionalDateField, optionalWholeNumberField, wholeNumberField, wholeNumberListField } from "../../core/fields";

export { EDIT_SCOPES, type EditScope, SCOPE_FIELD } from "./edit-scopes";

/** How far ahead occurrences exist as events (the top-up job keeps it so). */
export const SERIES_HORIZON_DAYS = 84;

/**
 * A series' rule as the dashboard's form and the API send it. The start date and time are the
 * event's own (`starts_on`, `starts_at`): the first day the rule may fall on.
 */
export const seriesRuleInput = z
  .object({
    repeat: z.enum(["weekly", "monthly"], { error: "Repeat must be weekly or monthly" }),
    interval: z.preprocess(
      (value) => (value === "" || value == null ? 1 : value),
      wholeNumberField("Every").pipe(z.number().min(1, "Every must be at least 1").max(52, "Every must be at most 52")),
    ),
    weekdays: wholeNumberListField("Weekdays").pipe(
      z.array(z.number().max(6, "Weekdays must be 0 (Sunday) to 6 (Saturday)")),
    ),
    // -1 is the last week, so not a whole-number field (those refuse negatives).
    month_week: z.preprocess(
      (value) => (value === "" || value == null ? undefined : Number(value)),
      z.number({ error: "Week of the month must be a number" }).int().nullish(),
    ),
    month_weekday: optionalWholeNumberField("Weekday of the month"),
    until_on: optionalDateField("Until"),
    count: optionalWholeNumberField("Occurrences"),
  })
  .superRefine((rule, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (rule.repeat === "weekly" && rule.weekdays.length === 0) issue("weekdays", "Weekdays: choose at least one day");
    if (rule.repeat === "monthly") {
      if (rule.month_week == null || ![-1, 1, 2, 3, 4].includes(rule.month_week)) {
        issue("month_week", "Week of the month must be 1 to 4, or -1 for the last");
      }
      if (rule.month_weekday == null || rule.month_weekday > 6) {
        issue("month_weekday", "Weekday of the month must be 0 (Sunday) to 6 (Saturday)");
      }
    }
    if (rule.until_on && rule.count != null) issue("count", "Give Until or Occurrences, not both");
    if (rule.count === 0) issue("count", "Occurrences must be at least 1");
  });

export type SeriesRuleInput = z.infer<typeof seriesRuleInput>;
