import type { Database } from "~/db/client.server";
import { parseClicsFiles } from "~/features/standings/importers/clics";
import { parseCodeforcesStandings } from "~/features/standings/importers/codeforces";
import { createSeries } from "~/features/standings/rankings.server";
import type { ImportedStandings, StandingsFormat } from "~/features/standings/standings";
import { previewStandings, publishPreview, savePreview } from "~/features/standings/standings.server";
import { studentEmail } from "./demo-data";

/** Minutes of each team's accepted submission per problem (null: not solved) and wrong tries before it. */
type Result = [minutes: number | null, wrongTries: number];

/** A team contest in the ICPC's CLICS format, its teams the demo's students (matched by address). */
const TEAM_CONTEST = {
  name: "RMSTU Team Selection Contest 2026",
  heldOn: "2026-09-19",
  problems: ["A", "B", "C", "D", "E"],
  teams: [
    {
      name: "Byte Busters",
      members: ["Jyotirmoy Chakma", "Mahmudul Hasan", "Nusrat Jahan"],
      results: [
        [12, 0],
        [40, 1],
        [95, 0],
        [null, 2],
        [170, 1],
      ],
    },
    {
      name: "Hill Coders",
      members: ["Sadia Afrin", "Tanvir Ahmed", "Aungching Marma"],
      results: [
        [18, 1],
        [55, 0],
        [130, 2],
        [null, 0],
        [null, 1],
      ],
    },
    {
      name: "Null Pointers",
      members: ["Farzana Akter", "Rakibul Islam"],
      results: [
        [25, 0],
        [80, 0],
        [null, 3],
        [null, 0],
        [null, 0],
      ],
    },
    {
      name: "Lake Lambda",
      members: ["Shuvo Dey", "Tasnim Rahman", "Arif Hossain"],
      results: [
        [9, 2],
        [null, 1],
        [null, 0],
        [null, 0],
        [null, 0],
      ],
    },
  ] satisfies { name: string; members: string[]; results: Result[] }[],
};

/** An individual contest in Codeforces' format, people known by their Codeforces handles. */
const SOLO_CONTEST = {
  name: "RMSTU Weekly Practice Contest #12",
  heldOn: "2026-10-24",
  problems: ["A", "B", "C", "D"],
  people: [
    {
      handle: "sumaiya_rmstu",
      results: [
        [6, 0],
        [21, 0],
        [58, 1],
        [null, 1],
      ],
    },
    {
      handle: "tanvir-ahmed",
      results: [
        [9, 1],
        [30, 0],
        [71, 0],
        [null, 0],
      ],
    },
    {
      handle: "priyanka.c",
      results: [
        [14, 0],
        [47, 2],
        [null, 1],
        [null, 0],
      ],
    },
    {
      handle: "guest_coder",
      results: [
        [20, 0],
        [null, 3],
        [null, 0],
        [null, 0],
      ],
    },
  ] satisfies { handle: string; results: Result[] }[],
};

const penaltyOf = (results: Result[]) =>
  results.reduce((sum, [minutes, wrong]) => sum + (minutes === null ? 0 : minutes + 20 * wrong), 0);
const solvedOf = (results: Result[]) => results.filter(([minutes]) => minutes !== null).length;

/** Ranks by solved, then penalty: the demo's data are chosen without ties. */
function ranked<T extends { results: Result[] }>(entries: T[]): (T & { rank: number })[] {
  return [...entries]
    .sort((a, b) => solvedOf(b.results) - solvedOf(a.results) || penaltyOf(a.results) - penaltyOf(b.results))
    .map((entry, index) => ({ ...entry, rank: index + 1 }));
}

function teamContestFiles() {
  const rows = ranked(TEAM_CONTEST.teams).map((team) => ({
    rank: team.rank,
    team_id: team.name,
    score: { num_solved: solvedOf(team.results), total_time: penaltyOf(team.results) },
    problems: team.results.map(([minutes, wrong], index) => ({
      problem_id: TEAM_CONTEST.problems[index],
      num_judged: wrong + (minutes === null ? 0 : 1),
      num_pending: 0,
      solved: minutes !== null,
      ...(minutes === null ? {} : { time: minutes }),
    })),
  }));
  return {
    contest: JSON.stringify({ id: "team-selection-2026", name: TEAM_CONTEST.name }),
    teams: JSON.stringify(TEAM_CONTEST.teams.map((team) => ({ id: team.name, name: team.name }))),
    problems: JSON.stringify(
      TEAM_CONTEST.problems.map((label, ordinal) => ({ id: label, label, name: `Problem ${label}`, ordinal })),
    ),
    scoreboard: JSON.stringify({ rows }),
  };
}

function soloContestJson(): string {
  const rows = ranked(SOLO_CONTEST.people).map((person) => ({
    party: { members: [{ handle: person.handle }], participantType: "CONTESTANT" },
    rank: person.rank,
    points: solvedOf(person.results),
    penalty: penaltyOf(person.results),
    problemResults: person.results.map(([minutes, wrong]) => ({
      points: minutes === null ? 0 : 1,
      rejectedAttemptCount: wrong,
      type: "FINAL",
      ...(minutes === null ? {} : { bestSubmissionTimeSeconds: minutes * 60 + 30 }),
    })),
  }));
  return JSON.stringify({
    status: "OK",
    result: {
      contest: { id: 912, name: SOLO_CONTEST.name, type: "ICPC", phase: "FINISHED" },
      problems: SOLO_CONTEST.problems.map((index) => ({ index, name: `Problem ${index}` })),
      rows,
    },
  });
}

/** The team contest's people: CLICS teams carry no members, the club knows them by address. */
function withTeamMembers(standings: ImportedStandings): ImportedStandings {
  const membersOf = new Map(TEAM_CONTEST.teams.map((team) => [team.name, team.members]));
  return {
    ...standings,
    rows: standings.rows.map((row) => ({
      ...row,
      members: (membersOf.get(row.name) ?? []).map((name) => ({ name, handle: null, email: studentEmail(name) })),
    })),
  };
}

async function publish(
  db: Database,
  format: StandingsFormat,
  heldOn: string,
  standings: ImportedStandings,
  source: string,
) {
  const input = { format, name: standings.contestName ?? undefined, held_on: heldOn, replaces: undefined };
  const preview = await previewStandings(db, input, standings, `${format}.json`);
  const id = await savePreview(db, {
    input,
    preview,
    source: new TextEncoder().encode(source),
    fileName: `${format}.json`,
  });
  await publishPreview(db, id);
  return id;
}

/** Two contests with standings (a team contest in CLICS' format, an individual one in Codeforces'), and a ranking of both. */
export async function seedDemoStandings(db: Database): Promise<void> {
  const files = teamContestFiles();
  const team = await publish(
    db,
    "clics",
    TEAM_CONTEST.heldOn,
    withTeamMembers(parseClicsFiles(files)),
    files.scoreboard,
  );
  const soloJson = soloContestJson();
  const solo = await publish(db, "codeforces", SOLO_CONTEST.heldOn, parseCodeforcesStandings(soloJson), soloJson);
  await createSeries(db, {
    name: "Selection contests 2026",
    rule: "rank-points",
    contests: [
      { contestId: team, weight: 2 },
      { contestId: solo, weight: 1 },
    ],
  });
}
