import type { EventType } from "~/domain/events";

export interface EventCategory {
  slug: string;
  eventType: EventType;
  label: string;
  intro: string;
  topicsHeading: string;
  topics: readonly string[];
}

/** The events pages: one per event type, under /events/{slug}; the first is also /events. */
export const eventCategories = [
  {
    slug: "programming-contest",
    eventType: "Programming Contest",
    label: "Programming Contest",
    intro: "Four major programming contests every year, open to every batch, plus weekly practice contests.",
    topicsHeading: "Our major contests",
    topics: [
      "Intra University Programming Contest",
      "Victory Day Programming Contest",
      "International Mother Language Day Programming Contest",
      "Freshers' Programming Contest",
    ],
  },
  {
    slug: "workshop",
    eventType: "WorkShop",
    label: "Workshop",
    intro: "Four hands-on workshops a year, each a full day of learning by doing.",
    topicsHeading: "Our workshops",
    topics: [
      "Competitive programming with C++",
      "Git and GitHub",
      "Web design with HTML and CSS",
      "Python for beginners",
    ],
  },
  {
    slug: "webinars",
    eventType: "Webinars",
    label: "Webinars",
    intro: "Four webinars a year with alumni, teachers and guests, online so everyone can join.",
    topicsHeading: "Our webinars",
    topics: [
      "Competitive programming roadmap",
      "Life as a software engineer",
      "Preparing for the ICPC",
      "Higher studies abroad",
    ],
  },
  {
    slug: "seminar",
    eventType: "Seminar",
    label: "Seminar",
    intro: "Seminars bring researchers and industry experts to the campus.",
    topicsHeading: "Seminar topics",
    topics: [
      "Career paths in computer science",
      "Cyber security awareness",
      "Artificial intelligence and machine learning",
      "Research and higher studies",
    ],
  },
  {
    slug: "boot-camp",
    eventType: "Boot Camp",
    label: "Boot Camp",
    intro: "Intensive multi-day boot camps that take you from the basics to a finished project.",
    topicsHeading: "Boot camp topics",
    topics: ["Web development", "Data science", "Cyber security", "Language boot camps (C, C++, Java, Python)"],
  },
] as const satisfies readonly EventCategory[];

export const eventsPage = {
  heading: "Events",
  sidebarHeading: "Our Events",
  upcomingHeading: "Upcoming events",
  noUpcoming: "No upcoming events of this type have been announced yet. Check the notice board for news.",
  pastHeading: "Past events",
  /** On the workshops page: the topics of the home page (site settings). */
  workshopTopicsHeading: "Workshop topics",
  cancelled: "Cancelled",
  calendarLinks: "Add this event to your calendar",
  icsLink: "Download .ics",
  googleCalendarLink: "Add to Google Calendar",
  opensInNewTab: "(opens in a new tab)",
} as const;

export function findEventCategory(slug: string): EventCategory | undefined {
  return eventCategories.find((category) => category.slug === slug);
}

/** Where events of this type are listed: their category's page. */
export function eventTypePath(eventType: string): string {
  const category = eventCategories.find((candidate) => candidate.eventType === eventType);
  return category ? `/events/${category.slug}` : "/events";
}

/** An event's own page: under its category's page. */
export function eventPagePath(event: { eventType: string; slug: string }): string {
  return `${eventTypePath(event.eventType)}/${event.slug}`;
}

/** An event type as its page names it ("WorkShop" is "Workshop"). */
export function eventTypeLabel(eventType: string): string {
  return eventCategories.find((category) => category.eventType === eventType)?.label ?? eventType;
}
