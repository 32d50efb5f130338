/** Membership rounds and applications: the browser-safe part (types). */
export type ApplicationStatus = "pending" | "approved" | "rejected";

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
