/**
 * The About page's club description (spec section 2): the lead, the text (Markdown) and the
 * achievements are the defaults of site settings. The page's own texts are in the catalogs.
 */
export const about = {
  lead: "RMSTU Programming Club is the oldest club of Rangamati Science and Technology University. Our motto: 'Upgrade yourself'.",
  text: `The club was founded in 2001 by the students of the Department of Computer Science and Engineering together with the chairman of the department. It began with 60 members, who wanted a place to learn programming beyond the classroom and to compete with the best.

Today the club runs programming contests, workshops, seminars and webinars throughout the year. Members attend contest programming classes, join development courses and the R&D wing, and represent the university at national contests.`,
  achievements: [
    { figure: "77", label: "universities at the NCPC 2020" },
    { figure: "55", label: "universities at the 1st IUPC 2019" },
    { figure: "124", label: "students in the web course" },
    { figure: "95%+", label: "online participation" },
  ] as Achievement[],
};

export interface Achievement {
  figure: string;
  label: string;
}
