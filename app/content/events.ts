import type { EventType } from "~/features/events/events";
import type { MessageKey } from "~/i18n/catalogs";

export interface EventCategory {
  slug: string;
  eventType: EventType;
  /** The type's English name, as mails, subscriptions and the API's readers know it. */
  label: string;
  /** The same name as the pages show it, in the reader's language. */
  labelKey: MessageKey;
  intro: MessageKey;
  topicsHeading: MessageKey;
  topics: readonly MessageKey[];
}

/** The events pages: one per event type, under /events/{slug}; the first is also /events. */
export const eventCategories = [
  {
    slug: "programming-contest",
    eventType: "Programming Contest",
    label: "Programming Contest",
    labelKey: "public.events.category.programmingContest.label",
    intro: "public.events.category.programmingContest.intro",
    topicsHeading: "public.events.category.programmingContest.topicsHeading",
    topics: [
      "public.events.category.programmingContest.topic1",
      "public.events.category.programmingContest.topic2",
      "public.events.category.programmingContest.topic3",
      "public.events.category.programmingContest.topic4",
    ],
  },
  {
    slug: "workshop",
    eventType: "WorkShop",
    label: "Workshop",
    labelKey: "public.events.category.workshop.label",
    intro: "public.events.category.workshop.intro",
    topicsHeading: "public.events.category.workshop.topicsHeading",
    topics: [
      "public.events.category.workshop.topic1",
      "public.events.category.workshop.topic2",
      "public.events.category.workshop.topic3",
      "public.events.category.workshop.topic4",
    ],
  },
  {
    slug: "webinars",
    eventType: "Webinars",
    label: "Webinars",
    labelKey: "public.events.category.webinars.label",
    intro: "public.events.category.webinars.intro",
    topicsHeading: "public.events.category.webinars.topicsHeading",
    topics: [
      "public.events.category.webinars.topic1",
      "public.events.category.webinars.topic2",
      "public.events.category.webinars.topic3",
      "public.events.category.webinars.topic4",
    ],
  },
  {
    slug: "seminar",
    eventType: "Seminar",
    label: "Seminar",
    labelKey: "public.events.category.seminar.label",
    intro: "public.events.category.seminar.intro",
    topicsHeading: "public.events.category.seminar.topicsHeading",
    topics: [
      "public.events.category.seminar.topic1",
      "public.events.category.seminar.topic2",
      "public.events.category.seminar.topic3",
      "public.events.category.seminar.topic4",
    ],
  },
  {
    slug: "boot-camp",
    eventType: "Boot Camp",
    label: "Boot Camp",
    labelKey: "public.events.category.bootCamp.label",
    intro: "public.events.category.bootCamp.intro",
    topicsHeading: "public.events.category.bootCamp.topicsHeading",
    topics: [
      "public.events.category.bootCamp.topic1",
      "public.events.category.bootCamp.topic2",
      "public.events.category.bootCamp.topic3",
      "public.events.category.bootCamp.topic4",
    ],
  },
] as const satisfies readonly EventCategory[];

/** The header every events page shares (the layout's). */
export const eventsPage = {
  eyebrow: "public.events.eyebrow",
  heading: "public.events.heading",
} as const satisfies Record<string, MessageKey>;

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

/** The same name as a message, for pages in the reader's language; a type no page lists has none. */
export function eventTypeLabelKey(eventType: string): MessageKey | undefined {
  return eventCategories.find((category) => category.eventType === eventType)?.labelKey;
}
