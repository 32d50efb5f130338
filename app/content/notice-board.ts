/** The right side of the notice board when no notice is open (spec section 1 and 2). */
export const noticeBoard = {
  heading: "Notice Board",
  listHeading: "Notices",
  empty: "No notices have been published yet.",
  introHeading: "About the club",
  intro: [
    "RMSTU Programming Club, the oldest club of the university, brings together students who love solving problems and building software.",
    "The club organised the NCPC 2020 with 77 universities and the 1st IUPC 2019 with 55 universities; 124 students took its web course, and over 95% of members take part in its online activities.",
  ],
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
