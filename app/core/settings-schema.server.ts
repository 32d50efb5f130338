import { z } from "zod";
import { about } from "~/content/about";
import { carouselSlides, introText, welcome, whyJoinRows, workshopTopics } from "~/content/home";
import { rules } from "~/content/rules";
import { defaultSiteSettings } from "~/content/site";
import { isAllowedLink, isWebLink } from "~/lib/media";
import { parseCoordinates } from "./contact";
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
  /** A rule beyond length, and the message when it fails (blank optional values skip it). */
  rule?: [check: (value: string) => boolean, message: string];
}

const hasNoNul = (value: string) => !value.includes("\0");

function text(label: string, { max = 200, required = true, input = "text", hint, rule }: TextOptions = {}) {
  let schema = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} must not contain NUL characters`);
  if (required) schema = schema.min(1, `${label} is required`);
  if (rule) schema = schema.refine((value) => value === "" || rule[0](value), rule[1]);
  return schema
    .meta({ title: label, ...(hint && { description: hint }) })
    .register(settingsForm, { input, label, hint, maxLength: max, required });
}

/** The site's own drawings under /images, shipped with the code: the defaults use them. */
const SITE_IMAGE = /^\/images\/[\w-]+(?:\/[\w-]+)*\.(?:svg|png|jpe?g|webp|avif|gif)$/;

function image(label: string, options: Omit<TextOptions, "rule" | "input" | "max"> = {}) {
  return text(label, {
    max: 2000,
    input: "image",
    ...options,
    rule: [
      (value) => isAllowedLink(value) || SITE_IMAGE.test(value),
      `${label} must be an uploaded picture, an http(s) link or a picture of this site (/images/…)`,
    ],
  });
}

/** A page of this site (`/about`, never `//host`) or an http(s) address. */
const SITE_PATH = /^\/(?![/\\])\S*$/;

function pageLink(label: string) {
  return text(label, {
    max: 2000,
    input: "link",
    rule: [
      (value) => SITE_PATH.test(value) || isWebLink(value),
      `${label} must be a page of this site (/about) or an http(s) link`,
    ],
  });
}

function webLink(label: string, hint?: string) {
  return text(label, { max: 2000, input: "link", hint, rule: [isWebLink, `${label} must be an http(s) link`] });
}

const isHttps = (value: string) => isWebLink(value) && value.startsWith("https:");

function list<Item extends z.ZodObject>(
  item: Item,
  form: { label: string; itemLabel: string; min: number; max: number; hint?: string },
) {
  const { label, min, max } = form;
  const fixed = min === max;
  const items = z.array(item, { error: `${label} must be a list` });
  const counted = fixed
    ? items.length(max, `${label} must have exactly ${max}`)
    : items.min(min, `${label} must have at least ${min}`).max(max, `${label} must have at most ${max}`);
  return counted
    .meta({ title: label, ...(form.hint && { description: form.hint }) })
    .register(settingsForm, { input: "list", label, itemLabel: form.itemLabel, slots: max, fixed, hint: form.hint });
}

const MARKDOWN_HINT =
  "Markdown: a blank line starts a paragraph; **bold**, *italic*, [text](https://…), lists with - or 1.";

function markdown(label: string, max = 10_000) {
  return text(label, { max, input: "markdown", hint: MARKDOWN_HINT });
}

const club = z.strictObject({
  clubName: text("Club name", { max: 120 }),
  clubShortName: text("Short name", { max: 30, hint: "Shown on phones, where the full name does not fit" }),
  logo: image("Logo", {
    required: false,
    hint: "A square picture beside the name in the header; empty: the </> badge",
  }),
  motto: text("Motto", { max: 120, required: false }),
  universityName: text("University", { max: 200 }),
  department: text("Department", { max: 200, required: false }),
  foundedYear: text("Founded in (year)", {
    max: 4,
    rule: [(value) => /^\d{4}$/.test(value), "Founded in (year) must be a year, e.g. 2001"],
  }),
});

const contact = z.strictObject({
  email: text("Contact email", {
    max: 254,
    input: "email",
    rule: [(value) => z.email().safeParse(value).success, "Contact email must be a valid email address"],
  }),
  phone: text("Phone", { max: 40, required: false }),
  fax: text("Fax", { max: 40, required: false }),
  address: text("Address", { max: 300 }),
  openingHours: text("Opening hours", { max: 100, required: false }),
  mapLocation: text("Map location", {
    max: 2000,
    hint: "Coordinates (latitude, longitude), e.g. 22.6450, 92.1900, or the https:// address of a map to embed",
    rule: [
      (value) => parseCoordinates(value) !== null || isHttps(value),
      "Map location must be coordinates (e.g. 22.6450, 92.1900) or an https:// address",
    ],
  }),
  socialLinks: list(z.strictObject({ name: text("Network", { max: 40 }), url: webLink("Page link") }), {
    label: "Social links",
    itemLabel: "Social link",
    min: 0,
    max: 6,
    hint: "Shown in the footer and on the About page; leave a row empty to drop it",
  }),
});

const home = z.strictObject({
  introText: markdown("Intro text", 5000),
  videoEmbedUrl: text("Video address", {
    max: 2000,
    input: "link",
    hint: "An embed address, e.g. https://www.youtube-nocookie.com/embed/…",
    rule: [isHttps, "Video address must be an https:// address"],
  }),
  videoPosterUrl: image("Video poster", { hint: "Shown until the visitor presses play" }),
  carouselSlides: list(
    z.strictObject({
      img: image("Picture"),
      heading: text("Heading", { max: 80 }),
      text: text("Text", { max: 300, input: "textarea" }),
      linkLabel: text("Button text", { max: 40 }),
      linkTo: pageLink("Button link"),
    }),
    { label: "Carousel slides", itemLabel: "Slide", min: 3, max: 3 },
  ),
  whyJoinRows: list(
    z.strictObject({
      title: text("Title", { max: 120 }),
      text: text("Text", { max: 600, input: "textarea" }),
      img: image("Picture"),
      alt: text("Picture description", { max: 200, required: false, hint: "Empty when the picture only decorates" }),
    }),
    { label: "Why join rows", itemLabel: "Row", min: 3, max: 3 },
  ),
});

const workshops = z.strictObject({
  workshopTopics: list(
    z.strictObject({
      name: text("Name", { max: 80 }),
      description: text("Description", { max: 400, input: "textarea" }),
      img: image("Picture"),
    }),
    { label: "Workshop topics", itemLabel: "Topic", min: 6, max: 6 },
  ),
});

const aboutPage = z.strictObject({
  aboutLead: text("Lead", { max: 500, input: "textarea", hint: "One or two sentences under the page's title" }),
  aboutText: markdown("About text"),
  achievements: list(
    z.strictObject({ figure: text("Figure", { max: 12 }), label: text("What it counts", { max: 80 }) }),
    {
      label: "Achievements",
      itemLabel: "Achievement",
      min: 0,
      max: 6,
      hint: "Leave a row empty to drop it",
    },
  ),
});

const rulesPage = z.strictObject({
  rulesLead: text("Lead", { max: 500, input: "textarea" }),
  committeeRoles: list(
    z.strictObject({ role: text("Role", { max: 80 }), duty: text("Duties", { max: 500, input: "textarea" }) }),
    { label: "Committee roles", itemLabel: "Role", min: 1, max: 10, hint: "Leave a row empty to drop it" },
  ),
  membershipRules: markdown("Membership rules"),
  conductRules: markdown("Conduct rules"),
});

const footerLinks = z
  .array(z.strictObject({ label: text("Link text", { max: 60 }), to: pageLink("Link address") }), {
    error: "Links must be a list",
  })
  .min(1, "Links must have at least 1")
  .max(12, "Links must have at most 12")
  .meta({ title: "Links" })
  .register(settingsForm, {
    input: "lines",
    label: "Links",
    hint: "One per line: text | address, e.g. About the club | /about",
    maxLength: 4000,
    required: true,
  });

const footer = z.strictObject({
  footerColumns: list(z.strictObject({ heading: text("Heading", { max: 60 }), links: footerLinks }), {
    label: "Footer columns",
    itemLabel: "Column",
    min: 0,
    max: 3,
    hint: "Leave a column empty to drop it",
  }),
});

const MONTH_DAYS = /^\s*(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(\s*,\s*(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])){0,11}\s*$/;

function weight(label: string) {
  return text(label, {
    max: 3,
    hint: "Points for each one, 0-999",
    rule: [(value) => /^\d{1,3}$/.test(value), `${label} must be a whole number from 0 to 999`],
  });
}

/** How members' involvement is counted: the terms it is counted in, and what each thing is worth. */
const involvement = z.strictObject({
  termStarts: text("Term start days", {
    max: 100,
    hint: "Month-day of each term's first day, e.g. 01-01, 07-01 (two terms a year)",
    rule: [(value) => MONTH_DAYS.test(value), "Term start days must be month-days such as 01-01, 07-01"],
  }),
  sessionWeight: weight("A session attended"),
  eventWeight: weight("An event attended"),
  contestWeight: weight("A contest taken part in"),
  executiveWeight: weight("On the executive panel"),
  volunteerWeight: weight("Volunteering at an event"),
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
