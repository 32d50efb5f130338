import { z } from "zod";
import { fieldMessage } from "~/core/fields";
import { schemaMessage } from "~/i18n/message";
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
    repeat: z.enum(["weekly", "monthly"], { error: schemaMessage("messages.events.seriesRepeat") }),
    interval: z.preprocess(
      (value) => (value === "" || value == null ? 1 : value),
      wholeNumberField("messages.fields.every").pipe(
        z
          .number()
          .min(1, schemaMessage("messages.events.seriesEveryMin"))
          .max(52, schemaMessage("messages.events.seriesEveryMax")),
      ),
    ),
    weekdays: wholeNumberListField("messages.fields.weekdays").pipe(
      z.array(z.number().max(6, schemaMessage("messages.events.seriesWeekdayRange"))),
    ),
    // -1 is the last week, so not a whole-number field (those refuse negatives).
    month_week: z.preprocess(
      (value) => (value === "" || value == null ? undefined : Number(value)),
      z
        .number({ error: fieldMessage("messages.field.number", "messages.fields.monthWeek") })
        .int()
        .nullish(),
    ),
    month_weekday: optionalWholeNumberField("messages.fields.monthWeekday"),
    until_on: optionalDateField("messages.fields.until"),
    count: optionalWholeNumberField("messages.fields.occurrences"),
  })
  .superRefine((rule, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (rule.repeat === "weekly" && rule.weekdays.length === 0)
      issue("weekdays", schemaMessage("messages.events.seriesWeekdays"));
    if (rule.repeat === "monthly") {
      if (rule.month_week == null || ![-1, 1, 2, 3, 4].includes(rule.month_week)) {
        issue("month_week", schemaMessage("messages.events.seriesMonthWeek"));
      }
      if (rule.month_weekday == null || rule.month_weekday > 6) {
        issue("month_weekday", schemaMessage("messages.events.seriesMonthWeekday"));
      }
    }
    if (rule.until_on && rule.count != null) issue("count", schemaMessage("messages.events.seriesUntilOrCount"));
    if (rule.count === 0) issue("count", schemaMessage("messages.events.seriesCount"));
  });

export type SeriesRuleInput = z.infer<typeof seriesRuleInput>;
