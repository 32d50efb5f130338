/** Membership rounds and applications: the browser-safe part (types and texts). */
export const APPLICATION_STATUS_LABELS = { pending: "Waiting", approved: "Approved", rejected: "Rejected" } as const;

export type ApplicationStatus = keyof typeof APPLICATION_STATUS_LABELS;

export interface ApiRound {
  _id: string;
  session: string;
  opens_on: string;
  closes_on: string;
  note: string;
}

export interface ApiApplication {
  _id: string;
  round_id: string;
  session: string | null;
  name: string;
  batch: number | null;
  email: string;
  studentId: string | null;
  photoURL: string;
  status: ApplicationStatus;
  reason: string | null;
  created_at: string;
}

export const membershipTexts = {
  joinHeading: "Join the club",
  closed: "Membership is closed now. Watch the notice board for the next round.",
  logInToApply: "Log in to apply",
  applied: "Your application is in. You will see the decision on your dashboard.",
  appliedTwice: "You have already applied in this round.",
  roundClosed: "This membership round is closed.",
  noRound: "There is no such membership round.",
  approvedMany: (count: number) => (count === 1 ? "1 application approved." : `${count} applications approved.`),
  rejectedMany: (count: number) => (count === 1 ? "1 application rejected." : `${count} applications rejected.`),
  noneDecided: "Nothing changed: those applications were decided already.",
  roundOpened: "The membership round is open.",
} as const;
