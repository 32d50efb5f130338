/**
 * Club facts used across the site. They are defaults: an admin can override the
 * settings (see app/domain/settings.server.ts) without a code change.
 */
export const defaultSiteSettings = {
  clubName: "RMSTU Programming Club",
  clubShortName: "RMSTU PC",
  universityName: "Rangamati Science and Technology University",
  department: "Department of Computer Science and Engineering",
  address: "Rangamati Science and Technology University, Jhagra Bil, Rangamati-4500",
  email: "programmingclub@rmstu.ac.bd",
  phone: "+880 1700-000000",
  fax: "+880 351-61000",
  openingHours: "Sun-Thu 8:00-19:00",
  mapEmbedUrl:
    "https://www.openstreetmap.org/export/embed.html?bbox=92.1700%2C22.6300%2C92.2100%2C22.6600&layer=mapnik&marker=22.6450%2C92.1900",
  mapLinkUrl: "https://www.openstreetmap.org/?mlat=22.6450&mlon=92.1900#map=15/22.6450/92.1900",
  videoEmbedUrl: "https://www.youtube-nocookie.com/embed/zOjov-2OZ0E",
  /** Shown until the visitor presses play, so the video player loads only on demand. */
  videoPosterUrl: "/images/video-poster.svg",
  /** The picture of the home page carousel (1600x600). */
  bannerImageUrl: "/images/banner.svg",
  facebookUrl: "https://www.facebook.com/",
  foundedYear: "2001",
} as const;

/** Where the club is: "upcoming" events are those on or after today's date there. */
export const clubTimeZone = "Asia/Dhaka";

export type SiteSettings = { -readonly [K in keyof typeof defaultSiteSettings]: string };
export type SiteSettingKey = keyof SiteSettings;

export const navigationLinks = [
  { to: "/home", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/rules", label: "Rules and Regulation" },
  { to: "/results", label: "Results" },
  { to: "/events", label: "Events" },
  { to: "/notice", label: "Notice" },
  { to: "/teachers", label: "Teachers" },
  { to: "/students", label: "Students" },
] as const;

/** Executive panels by route; the labels are the panel years, as the spec names them. */
export const panelLinks = [
  { to: "/executive-panel-2021", label: "2020-2021 panel", panel: "2020-2021" },
  { to: "/2020-panel", label: "2019-2020", panel: "2019-2020" },
  { to: "/2019-panel", label: "2018-2019", panel: "2018-2019" },
  { to: "/2018-panel", label: "2017-2018", panel: "2017-2018" },
] as const;

export const footerColumns = [
  {
    heading: "Information",
    links: [
      { to: "/about", label: "About the club" },
      { to: "/rules", label: "Rules and Regulation" },
      { to: "/notice", label: "Notice Board" },
      { to: "/subscribe", label: "News by email" },
    ],
  },
  {
    heading: "Academic",
    links: [
      { to: "/teachers", label: "Teachers" },
      { to: "/students", label: "Students" },
      { to: "/executive-panel-2021", label: "Executive panel" },
    ],
  },
  {
    heading: "Research",
    links: [
      { to: "/results", label: "Contest results" },
      { to: "/events/workshop", label: "Workshops" },
      { to: "/events/seminar", label: "Seminars" },
      { to: "/events", label: "Events" },
    ],
  },
] as const;

export const notFoundText = "Something went Wrong!! Page not found";
