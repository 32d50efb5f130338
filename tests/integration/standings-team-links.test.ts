import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Teams linked back to members: a contest run on the club's DOMjudge from the roster export
 * reaches the members' pages and rankings by the team numbers the export gave; any other team
 * is linked by an admin in the preview, and that link is remembered for the team's next import.
 */
const ADMIN = { name: "Links Admin", email: "links-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Links Member", email: "links-member@example.org", password: "member-password-1" };

let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let server: RunningServer;
const cookies = { admin: "", member: "" };
const { call, signUp } = httpClient(() => server.baseUrl);
const people = { alice: { id: "", name: "Alice Rahman" }, bob: { id: "", name: "Bob Karim" } };

interface Team {
  id: string;
  name: string;
}

/** A CLICS package of one problem: the teams in the order given, the first ranked first; each solved A but the last. */
function clicsPackage(contestName: string, teams: Team[]): Uint8Array {
  const rows = teams.map((team, index) => {
    const solved = index < teams.length - 1;
    return {
      rank: index + 1,
      team_id: team.id,
      score: { num_solved: solved ? 1 : 0, total_time: solved ? 10 * (index + 1) : 0 },
      problems: [{ problem_id: "a", num_judged: 1, solved, ...(solved ? { time: 10 * (index + 1) } : {}) }],
    };
  });
  const json = (value: unknown) => strToU8(JSON.stringify(value));
  return zipSync({
    "contest.json": json({ id: "c", name: contestName }),
    "teams.json": json(teams),
    "problems.json": json([{ id: "a", label: "A", name: "Apples" }]),
    "scoreboard.json": json({ rows }),
  });
}

function importForm(file: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("format", "clics");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(file)]), "package.zip");
  return form;
}

const addStudent = async (name: string, batch: number) => {
  const email = `${name.split(" ")[0]?.toLowerCase()}@example.org`;
  const added = await call("/api/add-student", {
    method: "POST",
    cookie: cookies.admin,
    body: { name, batch, email, photoURL: "https://example.org/p.png" },
  });
  expect(added.status).toBe(201);
  return ((await added.json()) as { insertedId: string }).insertedId;
};

beforeAll(async () => {
  running = await startServerOnTestDatabase({ ADMIN_EMAILS: ADMIN.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
  server = running.server;
  cookies.admin = await signUp(ADMIN);
  cookies.member = await signUp(MEMBER);
  people.alice.id = await addStudent(people.alice.name, 7);
  people.bob.id = await addStudent(people.bob.name, 8);
}, 120_000);

afterAll(async () => {
  await running?.close();
});

describe("teams linked back to members", () => {
  it("links a contest run from the roster export to its members: their pages and a ranking show it", async () => {
    const exported = await call("/dashboard/domjudge.zip", { cookie: cookies.admin });
    expect(exported.status).toBe(200);
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const rosterTeams = JSON.parse(new TextDecoder().decode(files["teams.json"])) as Team[];
    const teamOf = (name: string) => rosterTeams.find((team) => team.name === name) as Team;
    // DOMjudge's CLICS API names the teams by the ids imported; a visitor's team came from elsewhere.
    const zip = clicsPackage("Club Round 1", [
      { id: teamOf(people.bob.name).id, name: "Bob on DOMjudge" },
      { id: teamOf(people.alice.name).id, name: people.alice.name },
      { id: "900", name: "Visitors" },
    ]);
    const published = await call("/api/standings/import", {
      method: "POST",
      cookie: cookies.admin,
      body: importForm(zip, { held_on: "2031-04-01" }),
    });
    expect(published.status).toBe(201);
    const { contestId, slug } = (await published.json()) as { contestId: string; slug: string };
    const standings = (await (await call(`/api/standings/${contestId}`)).json()) as {
      rows: { name: string; member_ids: string[] }[];
    };
    expect(standings.rows.map((row) => [row.name, row.member_ids])).toEqual([
      ["Bob on DOMjudge", [people.bob.id]],
      [people.alice.name, [people.alice.id]],
      ["Visitors", []],
    ]);

    const board = await (await call(`/results/${slug}`)).text();
    const alicePage = /href="(\/students\/[^"]+)"[^>]*>Alice Rahman</.exec(board)?.[1];
    expect(alicePage).toBeDefined();
    const history = (await (await call(alicePage as string)).text()).replaceAll("<!-- -->", "");
    expect(history).toContain(`href="/results/${slug}"`);
    expect(history).toMatch(/rank 2 of 3/);

    const created = await call("/dashboard/rankings", {
      method: "POST",
      cookie: cookies.admin,
      form: {
        intent: "create",
        name: "Round robin",
        rule: "rank-points",
        contest: contestId,
        [`weight.${contestId}`]: "1",
      },
    });
    expect(created.status).toBe(200);
    const ranking = (await (await call("/api/rankings/round-robin")).json()) as {
      standings: { rank: number; member: { name: string } }[];
    };
    expect(ranking.standings.map((line) => [line.rank, line.member.name])).toEqual([
      [1, people.bob.name],
      [2, people.alice.name],
    ]);
  });

  it("links a team by hand in the preview, refuses it to a General member, and remembers it on the next import", async () => {
    const zip = clicsPackage("Regional 2031", [
      { id: "r7", name: "Byte  Busters" },
      { id: "r8", name: "Someone Else" },
    ]);
    const imported = await call("/dashboard/standings", {
      method: "POST",
      cookie: cookies.admin,
      body: importForm(zip),
    });
    expect(imported.status).toBe(302);
    const previewPath = imported.headers.get("location") as string;
    const page = await (await call(previewPath, { cookie: cookies.admin })).text();
    const rowId = /<option value="([0-9a-f-]{36})">Byte {2}Busters<\/option>/.exec(page)?.[1] as string;
    expect(rowId).toBeDefined();

    const found = await (
      await call(`${previewPath}?team=${rowId}&q=${encodeURIComponent("rahman")}`, { cookie: cookies.admin })
    ).text();
    expect(found).toContain(`value="${people.alice.id}"`);
    expect(found).not.toContain(`value="${people.bob.id}"`);
    const byBatch = await (await call(`${previewPath}?team=${rowId}&q=8`, { cookie: cookies.admin })).text();
    expect(byBatch).toContain(`value="${people.bob.id}"`);

    const link = { intent: "link", row: rowId, student: people.alice.id };
    const refused = await call(previewPath, { method: "POST", cookie: cookies.member, form: link });
    expect(refused.status).toBe(403);
    const linked = await call(previewPath, { method: "POST", cookie: cookies.admin, form: link });
    expect(linked.status).toBe(200);
    expect(await linked.text()).toContain("Byte  Busters: links saved.");
    const after = await (await call(previewPath, { cookie: cookies.admin })).text();
    expect(after.replaceAll("<!-- -->", "")).toContain("1 of 2 lines matched to member profiles.");

    // The same team in another contest's file, its name spaced and cased differently.
    const again = await call("/api/standings/import?dryRun=1", {
      method: "POST",
      cookie: cookies.admin,
      body: importForm(
        clicsPackage("Regional 2032", [
          { id: "q1", name: "byte busters" },
          { id: "q2", name: "Other" },
        ]),
      ),
    });
    expect(again.status).toBe(200);
    const { preview } = (await again.json()) as { preview: { rows: { name: string; matchedMembers: number }[] } };
    expect(preview.rows.map((row) => [row.name, row.matchedMembers])).toEqual([
      ["byte busters", 1],
      ["Other", 0],
    ]);

    const unknownMember = await call(previewPath, {
      method: "POST",
      cookie: cookies.admin,
      form: { ...link, student: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknownMember.status).toBe(400);
  });
});
