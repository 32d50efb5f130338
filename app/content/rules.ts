/**
 * The Rules and Regulation page (spec section 2: committee roles, membership and conduct rules).
 * The lead, the roles and the two rule lists (Markdown) are the defaults of site settings.
 */
export interface CommitteeRole {
  role: string;
  duty: string;
}

export const rules = {
  lead: "The club is run by an executive committee elected by its members, with teachers of the Department of CSE as advisors.",
  committee: [
    {
      role: "Advisors",
      duty: "Teachers of the Department of CSE who guide the committee, approve the yearly plan and represent the club to the university.",
    },
    {
      role: "President",
      duty: "Leads the committee, chairs its meetings and the annual general meeting, and speaks for the club.",
    },
    {
      role: "Vice-President",
      duty: "Supports the president and takes over the president's duties in the president's absence.",
    },
    {
      role: "General Secretary",
      duty: "Organises the club's activities, keeps the records and minutes and calls the meetings.",
    },
    {
      role: "Assistant General Secretaries",
      duty: "Help the general secretary run events, classes and communication with the members.",
    },
    {
      role: "General members",
      duty: "Take part in the club's activities, vote at the annual general meeting and may stand for the committee.",
    },
  ] as CommitteeRole[],
  membership: `1. Every student of Rangamati Science and Technology University may become a member.
2. Members register with the club desk at the start of each session; membership runs for one academic year and can be renewed.
3. Only members may stand for the committee and vote at the annual general meeting.
4. A member who wants to leave the club informs the general secretary in writing.`,
  conduct: `1. Treat every member, guest and teacher with respect, online and offline.
2. Compete fairly: no plagiarism, shared solutions or outside help during contests.
3. Take care of the labs and equipment used for classes and events.
4. Attend the classes and events you registered for, or let the organisers know in time.
5. Represent the club and the university with honesty at contests and events elsewhere.
6. Breaking these rules may lead to a warning, suspension or loss of membership, decided by the committee with the advisors.`,
};
