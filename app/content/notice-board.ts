import type { MessageKey } from "~/i18n/catalogs";

/** The notice board's header and the club's activities beside the list. */
export const noticeBoard = {
  eyebrow: "public.notice.eyebrow",
  heading: "public.notice.heading",
  /** The right side of the board when no notice is open (spec section 1 and 2). */
  activities: [
    "public.notice.activity.classes",
    "public.notice.activity.contests",
    "public.notice.activity.courses",
    "public.notice.activity.research",
    "public.notice.activity.events",
    "public.notice.activity.ongoing",
  ],
} as const satisfies { eyebrow: MessageKey; heading: MessageKey; activities: readonly MessageKey[] };
