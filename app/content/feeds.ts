/** The site's Atom feeds: where each is served, the page it follows, and its texts. */
export const atomFeeds = {
  notices: {
    path: "/feeds/notices.xml",
    page: "/notice",
    title: "notices",
    subtitle: "Class routines, registrations, meetings and contest news from the notice board.",
  },
  events: {
    path: "/feeds/events.xml",
    page: "/events",
    title: "events",
    subtitle: "Programming contests, workshops, webinars, seminars and boot camps.",
  },
  results: {
    path: "/feeds/results.xml",
    page: "/results",
    title: "contest results",
    subtitle: "Final standings of the programming contests the club organises.",
  },
} as const;

export type AtomFeedKey = keyof typeof atomFeeds;

/** "RMSTU Programming Club notices": the feed's title, in readers and in the pages' autodiscovery links. */
export function feedTitle(clubName: string, feed: AtomFeedKey): string {
  return `${clubName} ${atomFeeds[feed].title}`;
}

/** The calendar of upcoming events, which the events pages link to beside the events feed. */
export const eventCalendar = {
  path: "/feeds/events.ics",
  /** Calendar apps are asked to fetch it again after this long (the new events of the day appear by then). */
  refreshSeconds: 60 * 60,
} as const;
