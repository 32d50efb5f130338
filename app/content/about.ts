/** The About page (spec section 2: club description, a video and social-like blocks). */
export const about = {
  heading: "About the club",
  lead: "RMSTU Programming Club is the oldest club of Rangamati Science and Technology University. Our motto: 'Upgrade yourself'.",
  paragraphs: [
    "The club was founded in 2001 by the students of the Department of Computer Science and Engineering together with the chairman of the department. It began with 60 members, who wanted a place to learn programming beyond the classroom and to compete with the best.",
    "Today the club runs programming contests, workshops, seminars and webinars throughout the year. Members attend contest programming classes, join development courses and the R&D wing, and represent the university at national contests.",
  ],
  achievementsHeading: "What we have done",
  achievements: [
    { figure: "77", label: "universities at the NCPC 2020" },
    { figure: "55", label: "universities at the 1st IUPC 2019" },
    { figure: "124", label: "students in the web course" },
    { figure: "95%+", label: "online participation" },
  ],
  videoHeading: "See the club in action",
  communityHeading: "Stay in touch",
} as const;

/** The "social-like" blocks: where to follow the club. `setting` names the site setting holding the link. */
export const communityBlocks = [
  {
    title: "Facebook page",
    text: "News, photos of our events and announcements of contests and workshops.",
    setting: "facebookUrl",
    linkLabel: "Follow us on Facebook",
  },
  {
    title: "Email",
    text: "Questions about membership, events or partnerships? Write to the club.",
    setting: "email",
    linkLabel: "Email the club",
  },
  {
    title: "Notice Board",
    text: "Class routines, registrations and results are published on the notice board first.",
    setting: null,
    linkLabel: "Read the notices",
  },
] as const;
