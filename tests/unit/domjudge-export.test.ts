import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  clubOrganization,
  DOMJUDGE_TEAM_ID,
  type DomjudgeTeamEntry,
  domjudgeAccounts,
  domjudgeDownload,
  domjudgeGroups,
  domjudgeOrganizations,
  domjudgeTeams,
  domjudgeZip,
  newPassword,
  TEAM_NUMBER_IN_USERNAME,
} from "~/features/events/domjudge-export.server";

/** The file shapes of DOMjudge's manual ("Adding contest data in bulk", 9.0) and what its importer reads. */

const organization = clubOrganization({ universityName: "Rangamati Science and Technology University" });
const entries: DomjudgeTeamEntry[] = [
  { id: "7", name: "Rahim Uddin", members: ["Rahim Uddin"] },
  { id: "12", name: "Rahim Uddin", members: ["Rahim Uddin"] },
  { id: "1042", name: "Null Pointers", members: ["Ana Das", "Bilal\tKhan", "Chai\nMarma"] },
];

/** accounts.tsv's lines as DOMjudge splits them (Utils::parseTsvLine: tabs, then stripcslashes). */
const tsvLines = (text: string) => text.split("\n").filter((line) => line !== "");
const fieldsOf = (line: string) =>
  line.split("\t").map((field) => field.replace(/\\(.)/g, (_, char: string) => (char === "\\" ? "\\" : char)));

describe("teams.json", () => {
  it("is an array of the manual's fields: id, name, group_ids with one element, organization_id", () => {
    const teams = JSON.parse(domjudgeTeams(entries, { organization }));
    expect(teams[0]).toEqual({
      id: "7",
      name: "Rahim Uddin",
      group_ids: ["participants"],
      organization_id: "rangamati-science-and-technology-university",
    });
    expect(teams.map((team: { id: string }) => team.id)).toEqual(["7", "12", "1042"]);
    for (const team of teams) expect(team.id).toMatch(DOMJUDGE_TEAM_ID);
  });

  it("names a team's people in `members` when they are more than its name, on one line", () => {
    const teams = JSON.parse(domjudgeTeams(entries, { organization }));
    expect(teams[2]).toMatchObject({ name: "Null Pointers", members: "Ana Das, Bilal Khan, Chai Marma" });
    expect(teams[1]).not.toHaveProperty("members");
  });

  it("never gives a blank name, which DOMjudge refuses", () => {
    const [team] = JSON.parse(domjudgeTeams([{ id: "5", name: "  ", members: [] }], { organization }));
    expect(team.name).toBe("Team 5");
  });

  it("refuses ids accounts.tsv could not link back: not digits, a leading zero, or twice", () => {
    for (const id of ["t5", "05", "", "1-2"]) {
      expect(() => domjudgeTeams([{ id, name: "x", members: [] }], { organization })).toThrow();
    }
    const twice = [entries[0]!, { ...entries[1]!, id: "7" }];
    expect(() => domjudgeTeams(twice, { organization })).toThrow();
    expect(() => domjudgeAccounts(twice)).toThrow();
  });
});

describe("accounts.tsv", () => {
  it("starts with `accounts<TAB>1` and has `team, full name, username, password` per team", () => {
    const lines = tsvLines(domjudgeAccounts(entries, () => "Secret234xyz"));
    expect(lines[0]).toBe("accounts\t1");
    expect(lines.slice(1)).toEqual([
      "team\tRahim Uddin\tteam7\tSecret234xyz",
      "team\tRahim Uddin\tteam12\tSecret234xyz",
      "team\tNull Pointers\tteam1042\tSecret234xyz",
    ]);
  });

  it("ends every line with a newline and has no blank line, which DOMjudge would refuse", () => {
    const text = domjudgeAccounts(entries);
    expect(text.endsWith("\n")).toBe(true);
    expect(text.split("\n").slice(0, -1)).not.toContain("");
  });

  it("gives unique usernames to equal names, and DOMjudge reads each one's team number back", () => {
    const usernames = tsvLines(domjudgeAccounts(entries))
      .slice(1)
      .map((line) => fieldsOf(line)[2]!);
    expect(new Set(usernames).size).toBe(entries.length);
    for (const username of usernames) expect(username).toMatch(/^[a-z0-9@._-]+$/i);
    expect(usernames.map((username) => username.replace(TEAM_NUMBER_IN_USERNAME, "$1"))).toEqual(
      entries.map((entry) => entry.id),
    );
  });

  it("makes a different strong password for every team, and new ones every time", () => {
    const passwordsOf = (text: string) =>
      tsvLines(text)
        .slice(1)
        .map((line) => fieldsOf(line)[3]!);
    const first = passwordsOf(domjudgeAccounts(entries));
    const second = passwordsOf(domjudgeAccounts(entries));
    expect(new Set([...first, ...second]).size).toBe(6);
    for (const password of first) expect(password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{12}$/);
  });

  it("keeps a name one field: tabs and newlines become spaces, a backslash survives stripcslashes", () => {
    const text = domjudgeAccounts([{ id: "3", name: "Tab\tNew\nLine \\n end", members: [] }], () => "pw");
    const fields = fieldsOf(tsvLines(text)[1]!);
    expect(fields).toEqual(["team", "Tab New Line \\n end", "team3", "pw"]);
  });

  it("draws passwords from the readable alphabet only", () => {
    const drawn = Array.from({ length: 200 }, newPassword).join("");
    expect(drawn).not.toMatch(/[0O1lIo]/);
  });
});

describe("groups.json and organizations.json", () => {
  it("name the Participants category and the university, with valid ids", () => {
    expect(JSON.parse(domjudgeGroups())).toEqual([{ id: "participants", name: "Participants" }]);
    expect(JSON.parse(domjudgeOrganizations(organization))).toEqual([
      {
        id: "rangamati-science-and-technology-university",
        name: "Rangamati Science and Technology",
        formal_name: "Rangamati Science and Technology University",
      },
    ]);
  });

  it("cuts a long short name at a word (DOMjudge keeps 32 characters) and falls back on a non-Latin id", () => {
    expect(
      clubOrganization({ universityName: "Bangabandhu Sheikh Mujibur Rahman Science and Technology University" }),
    ).toMatchObject({
      id: "bangabandhu-sheikh-mujibur-rahman-science-and-technology-university",
      name: "Bangabandhu Sheikh Mujibur",
      formalName: "Bangabandhu Sheikh Mujibur Rahman Science and Technology University",
    });
    expect(clubOrganization({ universityName: "Xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" }).name).toHaveLength(32);
    expect(clubOrganization({ universityName: "রাঙামাটি বিজ্ঞান ও প্রযুক্তি বিশ্ববিদ্যালয়" }).id).toBe("university");
  });
});

describe("the zip", () => {
  it("holds the files under the manual's names, from one generation", async () => {
    const zip = domjudgeZip({ entries, organization, title: "a test", now: new Date("2031-06-01T04:00:00Z") });
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      "README.txt",
      "accounts.tsv",
      "groups.json",
      "organizations.json",
      "teams.json",
    ]);
    const text = (name: string) => new TextDecoder().decode(files[name]);
    const teamIds = JSON.parse(text("teams.json")).map((team: { id: string }) => team.id);
    const accountTeams = tsvLines(text("accounts.tsv"))
      .slice(1)
      .map((line) => fieldsOf(line)[2]!.replace(TEAM_NUMBER_IN_USERNAME, "$1"));
    expect(accountTeams).toEqual(teamIds);
    expect(text("README.txt")).toContain("a test, made 2031-06-01T04:00:00.000Z");
  });

  it("downloads as an uncached zip attachment with a Latin-1 file name", async () => {
    const response = domjudgeDownload("domjudge-ভাষা-cup", new Uint8Array([1]));
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="domjudge-cup-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
