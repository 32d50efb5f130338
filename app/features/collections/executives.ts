import type { z } from "zod";
import { schemaMessage } from "~/i18n/message";
import { panelLinks } from "../../content/site";
import { inputSchemaOf, inputSchemaOfField, recordSchemaOf } from "../../core/collection-schemas";
import { executiveFields, panelField } from "./executives.fields";

/**
 * Spec field names, as `GET /api/executives` returns them.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function executiveRecord() {
  return recordSchemaOf(executiveFields);
}

export type ApiExecutive = z.infer<ReturnType<typeof executiveRecord>>;

/** Shown as the large cards above the rest of the panel. */
export const LEADING_DESIGNATIONS = ["President", "Mentor"] as const;

/** A panel's order: the leading cards, then the executives in the order of the spec's list. */
export const EXECUTIVE_DESIGNATIONS = [
  ...LEADING_DESIGNATIONS,
  "General Secretary",
  "Vice-President (Male)",
  "Vice-President (Female)",
  "Joint Secretary (Male)",
  "Joint Secretary (Female)",
  "Organizing Secretary",
  "Finance Secretary",
  "Publicity & Publication Secretary",
  "Welfare Secretary",
  "Batch Executive (2nd Batch)",
  "Batch Executive (3rd Batch)",
  "Batch Executive (4th Batch)",
  "Batch Executive (5th Batch)",
  "Batch Executive (6th Batch)",
] as const;

/** A panel is named by its two years, e.g. 2020-2021 (at most 9 characters, spec section 9). */
export const PANEL_PATTERN = /^\d{4}-\d{4}$/;

function designationRank(designation: string): number {
  const rank = (EXECUTIVE_DESIGNATIONS as readonly string[]).indexOf(designation);
  return rank === -1 ? EXECUTIVE_DESIGNATIONS.length : rank;
}

/** Sorts by designation rank; designations outside the list come last, by name. */
export function compareExecutives(a: ApiExecutive, b: ApiExecutive): number {
  return designationRank(a.designation) - designationRank(b.designation) || a.name.localeCompare(b.name);
}

export function isLeadingExecutive(executive: ApiExecutive): boolean {
  return (LEADING_DESIGNATIONS as readonly string[]).includes(executive.designation);
}

/** Body of POST /api/add-executive and PUT /api/executives/{id}, and the dashboard's executive form. */
export const executiveInput = inputSchemaOf(executiveFields, {
  panel: inputSchemaOfField(panelField).regex(PANEL_PATTERN, schemaMessage("messages.executives.panel")),
});

export type ExecutiveInput = z.infer<typeof executiveInput>;

/** The fixed route of a panel (e.g. /2020-panel), else its own page under /panels. */
export function panelPath(panel: string): string {
  return panelLinks.find((link) => link.panel === panel)?.to ?? `/panels/${panel}`;
}
