import type { MessageKey } from "../i18n/catalogs";

/**
 * Club facts used across the site. They are defaults: an admin changes them in Dashboard ›
 * Settings (app/core/settings-schema.server.ts describes each one), without a code change.
 * The texts of single pages are defaults too: home.ts, about.ts and rules.ts.
 */
/**
 * The zone a club's clocks are on until an admin sets its own, and the one a time typed without
 * an offset is read on where no setting is at hand (the demo seed, a test): docs/decisions/028-time.md.
 */
export const DEFAULT_TIME_ZONE = "Asia/Dhaka";

export const defaultSiteSettings = {
  clubName: "RMSTU Programming Club",
  clubShortName: "RMSTU PC",
  /** Empty: the header shows its drawn `</>` badge. */
  logo: "",
  motto: "Upgrade yourself",
  universityName: "Rangamati Science and Technology University",
  department: "Department of Computer Science and Engineering",
  foundedYear: "2001",
  /** The club's clocks (an IANA zone): "upcoming" events are those on or after today's date there. */
  timeZone: DEFAULT_TIME_ZONE,
  address: "Rangamati Science and Technology University, Jhagra Bil, Rangamati-4500",
  email: "programmingclub@rmstu.ac.bd",
  phone: "+880 1700-000000",
  fax: "+880 351-61000",
  openingHours: "Sun-Thu 8:00-19:00",
  /** Coordinates (latitude, longitude) drawn on OpenStreetMap, or an https address of a map to embed. */
  mapLocation: "22.6450, 92.1900",
  socialLinks: [{ name: "Facebook", url: "https://www.facebook.com/" }] as SocialLink[],
  footerColumns: [
    {
      heading: "Information",
      links: [
        { label: "About the club", to: "/about" },
        { label: "Rules and Regulation", to: "/rules" },
        { label: "Notice Board", to: "/notice" },
        { label: "News by email", to: "/subscribe" },
      ],
    },
    {
      heading: "Academic",
      links: [
        { label: "Teachers", to: "/teachers" },
        { label: "Students", to: "/students" },
        { label: "Executive panel", to: "/executive-panel-2021" },
      ],
    },
    {
      heading: "Research",
      links: [
        { label: "Contest results", to: "/results" },
        { label: "Workshops", to: "/events/workshop" },
        { label: "Seminars", to: "/events/seminar" },
        { label: "Events", to: "/events" },
      ],
    },
  ] as FooterColumn[],
};

/** The settings every page's frame shows (header, footer): the club's facts, its contact, its links. */
export type SiteFrame = typeof defaultSiteSettings;

export interface SocialLink {
  name: string;
  url: string;
}

export interface FooterColumn {
  heading: string;
  /** `to`: a page of this site (`/about`) or an http(s) address. */
  links: { label: string; to: string }[];
}

/** The header's links; each label is a message of the catalogs (app/i18n). */
export const navigationLinks = [
  { to: "/home", label: "common.nav.home" },
  { to: "/about", label: "common.nav.about" },
  { to: "/rules", label: "common.nav.rules" },
  { to: "/results", label: "common.nav.results" },
  { to: "/events", label: "common.nav.events" },
  { to: "/notice", label: "common.nav.notice" },
  { to: "/teachers", label: "common.nav.teachers" },
  { to: "/students", label: "common.nav.students" },
] as const satisfies readonly { to: string; label: MessageKey }[];

/**
 * Executive panels by route; the labels are the panel years, as the spec names them (the
 * newest one's is a message of the catalogs, as it says "panel").
 */
export const panelLinks = [
  { to: "/executive-panel-2021", label: "2020-2021 panel", labelKey: "common.nav.panel2021", panel: "2020-2021" },
  { to: "/2020-panel", label: "2019-2020", panel: "2019-2020" },
  { to: "/2019-panel", label: "2018-2019", panel: "2018-2019" },
  { to: "/2018-panel", label: "2017-2018", panel: "2017-2018" },
] as const;

/** The header's way to /search (the page's own texts are content/search.ts, kept out of every page's script). */
export const headerSearch = { label: "Search", boxLabel: "Search the site" } as const;
