import type { MessageKey } from "~/i18n/catalogs";

/**
 * The settings screen's groups and how each setting is edited; browser-safe (the schemas are
 * the server's: settings-schema.server.ts).
 */

/** The groups of the settings screen, each a tab of its own (`/dashboard/settings/{key}`); label and intro are messages. */
export const SETTINGS_GROUPS = [
  { key: "club", label: "tools.settings.group.club.label", intro: "tools.settings.group.club.intro" },
  { key: "contact", label: "tools.settings.group.contact.label", intro: "tools.settings.group.contact.intro" },
  { key: "home", label: "tools.settings.group.home.label", intro: "tools.settings.group.home.intro" },
  { key: "workshops", label: "tools.settings.group.workshops.label", intro: "tools.settings.group.workshops.intro" },
  { key: "about", label: "tools.settings.group.about.label", intro: "tools.settings.group.about.intro" },
  { key: "rules", label: "tools.settings.group.rules.label", intro: "tools.settings.group.rules.intro" },
  { key: "footer", label: "tools.settings.group.footer.label", intro: "tools.settings.group.footer.intro" },
  {
    key: "involvement",
    label: "tools.settings.group.involvement.label",
    intro: "tools.settings.group.involvement.intro",
  },
] as const satisfies readonly { key: string; label: MessageKey; intro: MessageKey }[];

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
