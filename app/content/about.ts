/**
 * The About page (spec section 2: club description, a video and social-like blocks). The lead,
 * the text (Markdown) and the achievements are the defaults of site settings.
 */
export const about = {
  heading: "About the club",
  lead: "RMSTU Programming Club is the oldest club of Rangamati Science and Technology University. Our motto: 'Upgrade yourself'.",
  text: `The club was founded in 2001 by the students of the Department of Computer Science and Engineering together with the chairman of the department. It began with 60 members, who wanted a place to learn programming beyond the classroom and to compete with the best.

Today the club runs programming contests, workshops, seminars and webinars throughout the year. Members attend contest programming classes, join development courses and the R&D wing, and represent the university at national contests.`,
  achievementsHeading: "What we have done",
  achievements: [
    { figure: "77", label: "universities at the NCPC 2020" },
    { figure: "55", label: "universities at the 1st IUPC 2019" },
    { figure: "124", label: "students in the web course" },
    { figure: "95%+", label: "online participation" },
  ] as Achievement[],
  videoHeading: "See the club in action",
  communityHeading: "Stay in touch",
};

export interface Achievement {
  figure: string;
  label: string;
}

/** The "social-like" blocks: one per social link of the settings, then these two. */
export const communityTexts = {
  social: {
    title: (name: string) => `${name} page`,
    text: "News, photos of our events and announcements of contests and workshops.",
    linkLabel: (name: string) => `Follow us on ${name}`,
  },
  email: {
    title: "Email",
    text: "Questions about membership, events or partnerships? Write to the club.",
    linkLabel: "Email the club",
  },
  notices: {
    title: "Notice Board",
    text: "Class routines, registrations and results are published on the notice board first.",
    linkLabel: "Read the notices",
  },
} as const;
