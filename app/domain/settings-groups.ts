/**
 * The settings screen's groups and how each setting is edited; browser-safe (the schemas are
 * the server's: settings-schema.server.ts).
 */

/** The groups of the settings screen, each a tab of its own (`/dashboard/settings/{key}`). */
export const SETTINGS_GROUPS = [
  { key: "club", label: "Club", intro: "The club's name, logo and facts, shown on every page." },
  { key: "contact", label: "Contact", intro: "How to reach the club: the footer, the home page and the About page." },
  { key: "home", label: "Home page", intro: "The carousel, the intro beside the video and the why-join rows." },
  { key: "workshops", label: "Workshops", intro: "The six workshop topics of the home page." },
  { key: "about", label: "About", intro: "The About page's text and achievements." },
  { key: "rules", label: "Rules", intro: "The Rules and Regulation page." },
  { key: "footer", label: "Footer", intro: "The link columns at the bottom of every page." },
] as const;

export type SettingsGroupKey = (typeof SETTINGS_GROUPS)[number]["key"];

export function isSettingsGroup(value: unknown): value is SettingsGroupKey {
  return SETTINGS_GROUPS.some((group) => group.key === value);
}

/** How one setting is edited. `lines`: a list of links typed one a line, `text | address`. */
export interface SettingsFieldForm {
  input: "text" | "textarea" | "markdown" | "email" | "image" | "link" | "lines";
  label: string;
  hint?: string;
  maxLength: number;
  required: boolean;
}

/** A list of settings (slides, topics…): `slots` rows; a list that is not `fixed` drops empty rows. */
export interface SettingsListForm {
  input: "list";
  label: string;
  itemLabel: string;
  hint?: string;
  slots: number;
  fixed: boolean;
}

/** What the settings screen draws: a field, or a list of rows of fields (names relative to the row). */
export type SettingsPart =
  | (SettingsFieldForm & { name: string })
  | (SettingsListForm & { name: string; fields: (SettingsFieldForm & { name: string })[] });
