import type { FormFieldDef } from "~/core/collection";

/**
 * Members: a signed-in person's profile is the student record linked to their account. The
 * judges a member may name a handle on, with the format each judge allows and the address of
 * a handle's page there. Browser-safe (no zod): the server checks the input.
 */
export const JUDGES = [
  {
    key: "codeforces",
    label: "Codeforces",
    pattern: /^[A-Za-z0-9_.-]{3,24}$/,
    rule: "3-24 letters, digits, _ . or -",
    profileUrl: (handle: string) => `https://codeforces.com/profile/${encodeURIComponent(handle)}`,
  },
  {
    key: "vjudge",
    label: "vjudge",
    pattern: /^[A-Za-z0-9_]{1,20}$/,
    rule: "1-20 letters, digits or _",
    profileUrl: (handle: string) => `https://vjudge.net/user/${encodeURIComponent(handle)}`,
  },
  {
    key: "atcoder",
    label: "AtCoder",
    pattern: /^[A-Za-z0-9_]{3,16}$/,
    rule: "3-16 letters, digits or _",
    profileUrl: (handle: string) => `https://atcoder.jp/users/${encodeURIComponent(handle)}`,
  },
  {
    key: "codechef",
    label: "CodeChef",
    pattern: /^[A-Za-z0-9_]{3,20}$/,
    rule: "3-20 letters, digits or _",
    profileUrl: (handle: string) => `https://www.codechef.com/users/${encodeURIComponent(handle)}`,
  },
] as const;

export type JudgeKey = (typeof JUDGES)[number]["key"];

export type Handles = Record<JudgeKey, string | null>;

/** What a member keeps up to date at /dashboard/profile and `PUT /api/members/me`. */
export interface MemberProfile {
  _id: string;
  slug: string;
  name: string;
  batch: number | null;
  session: string | null;
  studentId: string | null;
  email: string;
  emailVisible: boolean;
  /** On the Students page and their own page; false: the member left them (admins still see the record). */
  listed: boolean;
  /** Their involvement (sessions, events, contests, roles) on their page: only if they agreed. */
  involvementPublic: boolean;
  photoURL: string;
  handles: Handles;
  github: string | null;
  linkedin: string | null;
  bio: string;
}

/** The facts a member keeps and an application sends: the form fields both show (the API's names). */
export const MEMBER_FACT_FIELDS: readonly FormFieldDef[] = [
  { name: "name", label: "Name", kind: "text", required: true, maxLength: 200 },
  { name: "batch", label: "Batch", kind: "number", hint: "Optional, e.g. 6" },
  { name: "session", label: "Session", kind: "text", maxLength: 9, hint: "Optional, e.g. 2020-2021" },
  { name: "studentId", label: "Student ID", kind: "text", maxLength: 20, hint: "Optional" },
  { name: "photoURL", label: "Photo", kind: "link", required: true, hint: "Shown cropped to a square" },
];

/** The address of a member's public page. */
export const memberPath = (slug: string) => `/students/${encodeURIComponent(slug)}`;
