/** The right side of the notice board when no notice is open (spec section 1 and 2). */
export const noticeBoard = {
  heading: "Notice Board",
  listHeading: "Notices",
  empty: "No notices have been published yet.",
  introHeading: "About the club",
  activitiesHeading: "Our activities",
  activities: [
    "Contest programming classes",
    "Programming contests",
    "Development courses",
    "R&D wing",
    "Events",
    "Ongoing courses",
  ],
  detailsLabel: "Details",
} as const;
