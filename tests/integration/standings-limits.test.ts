import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  STANDINGS_MAX_INFLATED_BYTES,
  STANDINGS_MAX_JSON_VALUES,
  STANDINGS_MAX_TEAMS,
} from "~/features/standings/importers/standings-limits";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Files that used to run the server out of memory (it aborted, for everyone) are refused with
 * 413 naming the limit, through the API with a token and the dashboard's form, and the server
 * keeps answering. Against the production build, with the server's own Node options.
 */
const ADMIN = { name: "Limits Admin", email: "limits-admin@example.org", password: "admin-password-1" };
const TOKEN = /club_[A-Za-z0-9_-]{20,}/;

let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let server: RunningServer;
let adminCookie = "";
let token = "";
const { call, signUp } = httpClient(() => server.baseUrl);

/** 300,000 rows, about 8 MB: the CSV template's columns and one problem. */
function hugeCsv(): Uint8Array {
  const lines = ["Rank,Name,Members,Handles,Solved,Penalty,A,A time"];
  for (let row = 1; row <= 300_000; row++) lines.push(`${row},T${row},,,1,20,1,20`);
  return strToU8(lines.join("\n"));
}

/** A small package whose scoreboard.json inflates to about 46 MB of 625,000 rows. */
function bombPackage(): Uint8Array {
  const row = '{"rank":1,"team_id":"t1","score":{"num_solved":0,"total_time":0},"problems":[]}';
  const scoreboard = `{"rows":[${Array.from({ length: 625_000 }, () => row).join(",")}]}`;
  return zipSync(
    {
      "scoreboard.json": strToU8(scoreboard),
      "teams.json": strToU8('[{"id":"t1","name":"One"}]'),
      "problems.json": strToU8("[]"),
    },
    { level: 9 },
  );
}

/** Within the counts of teams and problems and the inflated size, but its awards.json holds 4,000,000 objects. */
function memoryHogPackage(): Uint8Array {
  const objects = Array.from({ length: 4_000_000 }, () => "{}").join(",");
  return zipSync(
    {
      "scoreboard.json": strToU8('{"rows":[{"rank":1,"team_id":"t1","score":{"num_solved":0,"total_time":0}}]}'),
      "teams.json": strToU8('[{"id":"t1","name":"One"}]'),
      "problems.json": strToU8("[]"),
      "awards.json": strToU8(`[{"id":"a","citation":"x","team_ids":[${objects}]}]`),
    },
    { level: 9 },
  );
}

function importForm(format: string, file: Uint8Array, fileName: string) {
  const form = new FormData();
  form.set("format", format);
  form.set("file", new Blob([new Uint8Array(file)]), fileName);
  return form;
}

const dryRun = (form: FormData) => call("/api/standings/import?dryRun=1", { method: "POST", body: form, token });

async function expectServerAnswers() {
  expect(running?.server.process.exitCode, server.output()).toBeNull();
  expect((await call("/healthz")).status).toBe(200);
  expect((await call("/results")).status).toBe(200);
  expect((await call("/dashboard/standings", { cookie: adminCookie })).status).toBe(200);
  expect(running?.server.process.exitCode).toBeNull();
}

beforeAll(async () => {
  running = await startServerOnTestDatabase({ ADMIN_EMAILS: ADMIN.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
  server = running.server;
  adminCookie = await signUp(ADMIN);
  const page = await call("/dashboard/api-tokens", {
    method: "POST",
    cookie: adminCookie,
    form: { intent: "create", name: "Standings script" },
  });
  token = TOKEN.exec(await page.text())?.[0] ?? "";
  expect(token).not.toBe("");
}, 120_000);

afterAll(async () => {
  await running?.close();
});

describe("standings files past an import's limits", () => {
  it("refuses a 300,000-row CSV with 413 naming the limit of teams, and keeps answering", async () => {
    const csv = hugeCsv();
    expect(csv.length).toBeGreaterThan(7 * 1024 * 1024);
    const refused = await dryRun(importForm("csv", csv, "huge.csv"));
    expect(refused.status).toBe(413);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toBe(
      `This file is too large to import: The file has more than ${STANDINGS_MAX_TEAMS.toLocaleString("en")} teams (rows), the most an import takes`,
    );
    await expectServerAnswers();
  }, 60_000);

  it("refuses a CLICS package whose scoreboard inflates to 46 MB with 413 naming the inflated limit", async () => {
    const zip = bombPackage();
    expect(zip.length).toBeLessThan(400 * 1024);
    const refused = await dryRun(importForm("clics", zip, "package.zip"));
    expect(refused.status).toBe(413);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toContain(
      `The package's files inflate to more than ${STANDINGS_MAX_INFLATED_BYTES / 1024 / 1024} MB, the most an import reads`,
    );
    await expectServerAnswers();
  }, 60_000);

  // Parsing makes an object of each value, faster than a reader can be stopped once its memory
  // runs out (a reading thread stuck in JSON.parse once took the server with it): counted first.
  it("refuses a JSON file of millions of tiny values before parsing it", async () => {
    const refused = await dryRun(importForm("clics", memoryHogPackage(), "package.zip")).catch((error) => {
      throw new Error(`${error}\n${server.output()}`);
    });
    expect(refused.status, server.output()).toBe(413);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toBe(
      `This file is too large to import: awards.json: The file holds more than ${STANDINGS_MAX_JSON_VALUES.toLocaleString("en")} values (cells, or objects, lists and their items), the most an import reads`,
    );
    await expectServerAnswers();
  }, 120_000);

  it("reads several uploads at once one after another, each answered", async () => {
    const answers = await Promise.all([
      dryRun(importForm("csv", hugeCsv(), "huge.csv")),
      dryRun(importForm("clics", bombPackage(), "package.zip")),
      dryRun(importForm("csv", strToU8("Rank,Name,Members,Handles,Solved,Penalty\n1,Solo,,,0,0\n"), "ok.csv")),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 200]);
    await expectServerAnswers();
  }, 120_000);

  it("refuses the CSV from Dashboard › Standings with the limit in the form", async () => {
    const refused = await call("/dashboard/standings", {
      method: "POST",
      cookie: adminCookie,
      body: importForm("csv", hugeCsv(), "huge.csv"),
    });
    expect(refused.status).toBe(413);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(
      `The file has more than ${STANDINGS_MAX_TEAMS.toLocaleString("en")} teams (rows), the most an import takes`,
    );
    await expectServerAnswers();
  }, 60_000);
});
