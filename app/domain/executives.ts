import { z } from "zod";
import { emailField, linkField, optionalText, requiredText } from "./fields";

/** Spec field names, as `GET /api/executives` returns them. */
export interface ApiExecutive {
  _id: string;
  name: string;
  title: string | null;
  designation: string;
  email: string;
  photoURL: string;
  panel: string;
}

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
export const executiveInput = z.object({
  name: requiredText("Name", 200),
  title: optionalText("Title", 200),
  designation: requiredText("Designation", 200),
  email: emailField(),
  photoURL: linkField("Photo"),
  panel: requiredText("Panel", 9).regex(PANEL_PATTERN, "Panel must be two years, such as 2020-2021"),
});

export type ExecutiveInput = z.infer<typeof executiveInput>;
