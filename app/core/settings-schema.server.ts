import { z } from "zod";
import { about } from "~/content/about";
import { carouselSlides, introText, welcome, whyJoinRows, workshopTopics } from "~/content/home";
import { rules } from "~/content/rules";
import { defaultSiteSettings } from "~/content/site";
import { type FieldLabel, schemaMessage } from "~/i18n/message";
import { translatorOf } from "~/i18n/translate.server";
import { isAllowedLink, isWebLink } from "~/lib/media";
import { isTimeZone } from "~/lib/zoned-time";
import { parseCoordinates } from "./contact";
import { fieldMessage } from "./fields";
import type { SettingsFieldForm, SettingsGroupKey, SettingsListForm } from "./settings-groups";

/**
 * The site settings, described once: one zod schema per group of the dashboard's screen. The
 * schemas check the form and the API alike, their titles and hints label the form's fields and
 * document the API, and `settingsForm` says how each field is edited (see settings-form.server.ts).
 * Messages name the field by its label, as every other form of the site does.
 */
export const settingsForm = z.registry<SettingsFieldForm | SettingsListForm>();

interface TextOptions {
  max?: number;
  required?: boolean;
  input?: SettingsFieldForm["input"];
  hint?: string;
  /** A rule beyond length, and its message (`schemaMessage`) when it fails (blank optional values skip it). */
  rule?: [check: (value: string) => boolean, message: string];
}

const hasNoNul = (value: string) => !value.includes("\0");

/** A field's label in English: the API's document and the form's fallback name it so. */
const english = (label: FieldLabel) => translatorOf("en").t(label);

function text(label: FieldLabel, { max = 200, required = true, input = "text", hint, rule }: TextOptions = {}) {
  let schema = z
    .string({ error: fieldMessage("messages.field.text", label) })
    .trim()
    .max(max, fieldMessage("messages.field.tooLong", label, { max }))
    .refine(hasNoNul, fieldMessage("messages.field.noNul", label));
  if (required) schema = schema.min(1, fieldMessage("messages.field.required", label));
  if (rule) schema = schema.refine((value) => value === "" || rule[0](value), rule[1]);
  return schema
    .meta({ title: english(label), ...(hint && { description: hint }) })
    .register(settingsForm, { input, label: english(label), hint, maxLength: max, required });
}

/** The site's own drawings under /images, shipped with the code: the defaults use them. */
const SITE_IMAGE = /^\/images\/[\w-]+(?:\/[\w-]+)*\.(?:svg|png|jpe?g|webp|avif|gif)$/;

function image(label: FieldLabel, options: Omit<TextOptions, "rule" | "input" | "max"> = {}) {
  return text(label, {
    max: 2000,
    input: "image",
    ...options,
    rule: [(value) => isAllowedLink(value) || SITE_IMAGE.test(value), fieldMessage("messages.field.picture", label)],
  });
}

/** A page of this site (`/about`, never `//host`) or an http(s) address. */
const SITE_PATH = /^\/(?![/\\])\S*$/;

function pageLink(label: FieldLabel) {
  return text(label, {
    max: 2000,
    input: "link",
    rule: [(value) => SITE_PATH.test(value) || isWebLink(value), fieldMessage("messages.field.pageOrLink", label)],
  });
}

function webLink(label: FieldLabel, hint?: string) {
  return text(label, {
    max: 2000,
    input: "link",
    hint,
    rule: [isWebLink, fieldMessage("messages.field.httpLink", label)],
  });
}

const isHttps = (value: string) => isWebLink(value) && value.startsWith("https:");

function list<Item extends z.ZodObject>(
  item: Item,
  form: { label: FieldLabel; itemLabel: string; min: number; max: number; hint?: string },
) {
  const { label, min, max } = form;
  const fixed = min === max;
  const items = z.array(item, { error: fieldMessage("messages.field.list", label) });
  const counted = fixed
    ? items.length(max, fieldMessage("messages.field.exactly", label, { count: max }))
    : items
        .min(min, fieldMessage("messages.field.atLeast", label, { count: min }))
        .max(max, fieldMessage("messages.field.atMost", label, { count: max }));
  return counted.meta({ title: english(label), ...(form.hint && { description: form.hint }) }).register(settingsForm, {
    input: "list",
    label: english(label),
    itemLabel: form.itemLabel,
    slots: max,
    fixed,
    hint: form.hint,
  });
}

const MARKDOWN_HINT =
  "Markdown: a blank line starts a paragraph; **bold**, *italic*, [text](https://…), lists with - or 1.";

function markdown(label: FieldLabel, max = 10_000) {
  return text(label, { max, input: "markdown", hint: MARKDOWN_HINT });
}

const club = z.strictObject({
  clubName: text("messages.fields.clubName", { max: 120 }),
  clubShortName: text("messages.fields.shortName", {
    max: 30,
    hint: "Shown on phones, where the full name does not fit",
  }),
  logo: image("messages.fields.logo", {
    required: false,
    hint: "A square picture beside the name in the header; empty: the </> badge",
  }),
  motto: text("messages.fields.motto", { max: 120, required: false }),
  universityName: text("messages.fields.university", { max: 200 }),
  department: text("messages.fields.department", { max: 200, required: false }),
  foundedYear: text("messages.fields.foundedYear", {
    max: 4,
    rule: [(value) => /^\d{4}$/.test(value), schemaMessage("messages.settings.foundedYear")],
  }),
  timeZone: text("messages.fields.timeZone", {
    max: 100,
    hint: "The club's clocks (an IANA name, e.g. Asia/Dhaka): event times, today's date and the calendars are read on them",
    rule: [isTimeZone, schemaMessage("messages.settings.timeZone")],
  }),
});

const contact = z.strictObject({
  email: text("messages.fields.contactEmail", {
    max: 254,
    input: "email",
    rule: [
      (value) => z.email().safeParse(value).success,
      fieldMessage("messages.field.email", "messages.fields.contactEmail"),
    ],
  }),
  phone: text("messages.fields.phone", { max: 40, required: false }),
  fax: text("messages.fields.fax", { max: 40, required: false }),
  address: text("messages.fields.address", { max: 300 }),
  openingHours: text("messages.fields.openingHours", { max: 100, required: false }),
  mapLocation: text("messages.fields.mapLocation", {
    max: 2000,
    hint: "Coordinates (latitude, longitude), e.g. 22.6450, 92.1900, or the https:// address of a map to embed",
    rule: [
      (value) => parseCoordinates(value) !== null || isHttps(value),
      schemaMessage("messages.settings.mapLocation"),
    ],
  }),
  socialLinks: list(
    z.strictObject({ name: text("messages.fields.network", { max: 40 }), url: webLink("messages.fields.pageLink") }),
    {
      label: "messages.fields.socialLinks",
      itemLabel: "Social link",
      min: 0,
      max: 6,
      hint: "Shown in the footer and on the About page; leave a row empty to drop it",
    },
  ),
});

const home = z.strictObject({
  introText: markdown("messages.fields.introText", 5000),
  videoEmbedUrl: text("messages.fields.videoAddress", {
    max: 2000,
    input: "link",
    hint: "An embed address, e.g. https://www.youtube-nocookie.com/embed/…",
    rule: [isHttps, fieldMessage("messages.field.httpsAddress", "messages.fields.videoAddress")],
  }),
  videoPosterUrl: image("messages.fields.videoPoster", { hint: "Shown until the visitor presses play" }),
  carouselSlides: list(
    z.strictObject({
      img: image("messages.fields.picture"),
      heading: text("messages.fields.heading", { max: 80 }),
      text: text("messages.fields.text", { max: 300, input: "textarea" }),
      linkLabel: text("messages.fields.buttonText", { max: 40 }),
      linkTo: pageLink("messages.fields.buttonLink"),
    }),
    { label: "messages.fields.carouselSlides", itemLabel: "Slide", min: 3, max: 3 },
  ),
  whyJoinRows: list(
    z.strictObject({
      title: text("messages.fields.title", { max: 120 }),
      text: text("messages.fields.text", { max: 600, input: "textarea" }),
      img: image("messages.fields.picture"),
      alt: text("messages.fields.pictureDescription", {
        max: 200,
        required: false,
        hint: "Empty when the picture only decorates",
      }),
    }),
    { label: "messages.fields.whyJoinRows", itemLabel: "Row", min: 3, max: 3 },
  ),
});

const workshops = z.strictObject({
  workshopTopics: list(
    z.strictObject({
      name: text("messages.fields.name", { max: 80 }),
      description: text("messages.fields.description", { max: 400, input: "textarea" }),
      img: image("messages.fields.picture"),
    }),
    { label: "messages.fields.workshopTopics", itemLabel: "Topic", min: 6, max: 6 },
  ),
});

const aboutPage = z.strictObject({
  aboutLead: text("messages.fields.lead", {
    max: 500,
    input: "textarea",
    hint: "One or two sentences under the page's title",
  }),
  aboutText: markdown("messages.fields.aboutText"),
  achievements: list(
    z.strictObject({
      figure: text("messages.fields.figure", { max: 12 }),
      label: text("messages.fields.whatItCounts", { max: 80 }),
    }),
    {
      label: "messages.fields.achievements",
      itemLabel: "Achievement",
      min: 0,
      max: 6,
      hint: "Leave a row empty to drop it",
    },
  ),
});

const rulesPage = z.strictObject({
  rulesLead: text("messages.fields.lead", { max: 500, input: "textarea" }),
  committeeRoles: list(
    z.strictObject({
      role: text("messages.fields.role", { max: 80 }),
      duty: text("messages.fields.duties", { max: 500, input: "textarea" }),
    }),
    {
      label: "messages.fields.committeeRoles",
      itemLabel: "Role",
      min: 1,
      max: 10,
      hint: "Leave a row empty to drop it",
    },
  ),
  membershipRules: markdown("messages.fields.membershipRules"),
  conductRules: markdown("messages.fields.conductRules"),
});

const footerLinks = z
  .array(
    z.strictObject({
      label: text("messages.fields.linkText", { max: 60 }),
      to: pageLink("messages.fields.linkAddress"),
    }),
    {
      error: fieldMessage("messages.field.list", "messages.fields.links"),
    },
  )
  .min(1, fieldMessage("messages.field.atLeast", "messages.fields.links", { count: 1 }))
  .max(12, fieldMessage("messages.field.atMost", "messages.fields.links", { count: 12 }))
  .meta({ title: english("messages.fields.links") })
  .register(settingsForm, {
    input: "lines",
    label: english("messages.fields.links"),
    hint: "One per line: text | address, e.g. About the club | /about",
    maxLength: 4000,
    required: true,
  });

const footer = z.strictObject({
  footerColumns: list(z.strictObject({ heading: text("messages.fields.heading", { max: 60 }), links: footerLinks }), {
    label: "messages.fields.footerColumns",
    itemLabel: "Column",
    min: 0,
    max: 3,
    hint: "Leave a column empty to drop it",
  }),
});

const MONTH_DAYS = /^\s*(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(\s*,\s*(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])){0,11}\s*$/;

function weight(label: FieldLabel) {
  return text(label, {
    max: 3,
    hint: "Points for each one, 0-999",
    rule: [(value) => /^\d{1,3}$/.test(value), fieldMessage("messages.field.weight", label)],
  });
}

/** How members' involvement is counted: the terms it is counted in, and what each thing is worth. */
const involvement = z.strictObject({
  termStarts: text("messages.fields.termStarts", {
    max: 100,
    hint: "Month-day of each term's first day, e.g. 01-01, 07-01 (two terms a year)",
    rule: [(value) => MONTH_DAYS.test(value), schemaMessage("messages.settings.termStarts")],
  }),
  sessionWeight: weight("messages.fields.sessionWeight"),
  eventWeight: weight("messages.fields.eventWeight"),
  contestWeight: weight("messages.fields.contestWeight"),
  executiveWeight: weight("messages.fields.executiveWeight"),
  volunteerWeight: weight("messages.fields.volunteerWeight"),
});

/** Each group's schema, in the order the dashboard shows them. */
export const settingsGroupSchemas = {
  club,
  contact,
  home,
  workshops,
  about: aboutPage,
  rules: rulesPage,
  footer,
  involvement,
} satisfies Record<SettingsGroupKey, z.ZodObject>;

export const siteSettingsSchema = z
  .strictObject({
    ...club.shape,
    ...contact.shape,
    ...home.shape,
    ...workshops.shape,
    ...aboutPage.shape,
    ...rulesPage.shape,
    ...footer.shape,
    ...involvement.shape,
  })
  .meta({ id: "SiteSettings" });

/** `PUT /api/settings`: any of the settings; each one given replaces the stored one whole (a list too). */
export const siteSettingsPatch = siteSettingsSchema.partial().meta({ id: "SiteSettingsChange" });

export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;

/** What the site shows until an admin changes something: the texts the site was built with. */
export const defaultSettings: SiteSettings = {
  ...defaultSiteSettings,
  introText,
  videoEmbedUrl: welcome.videoEmbedUrl,
  videoPosterUrl: welcome.videoPosterUrl,
  carouselSlides,
  whyJoinRows,
  workshopTopics,
  aboutLead: about.lead,
  aboutText: about.text,
  achievements: about.achievements,
  rulesLead: rules.lead,
  committeeRoles: rules.committee,
  membershipRules: rules.membership,
  conductRules: rules.conduct,
  termStarts: "01-01, 07-01",
  sessionWeight: "1",
  eventWeight: "2",
  contestWeight: "2",
  executiveWeight: "5",
  volunteerWeight: "3",
};
