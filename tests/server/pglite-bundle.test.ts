import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";
import { isUsedOnceInitialised, pgliteBundleFiles } from "~/db/pglite-bundle.server";
import { ensurePgliteSnapshot } from "../support/pglite-snapshot";

describe("PGlite's file-system bundle for an existing database", () => {
  it("reads the bundle's table of contents and leaves out initdb's files and unused libraries", () => {
    const files = pgliteBundleFiles();
    const kept = files.filter((file) => isUsedOnceInitialised(file.name)).map((file) => file.name);
    const skipped = files.filter((file) => !isUsedOnceInitialised(file.name)).map((file) => file.name);
    expect(kept).toEqual(
      expect.arrayContaining([
        "/pglite/lib/postgresql/plpgsql.so",
        "/pglite/share/postgresql/extension/plpgsql.control",
        "/pglite/share/postgresql/timezonesets/Default",
        "/pglite/share/postgresql/timezone/Asia/Dhaka",
        "/pglite/share/postgresql/tsearch_data/english.stop",
      ]),
    );
    expect(skipped).toEqual(
      expect.arrayContaining([
        "/pglite/share/postgresql/postgres.bki",
        "/pglite/share/postgresql/information_schema.sql",
        "/pglite/share/postgresql/postgresql.conf.sample",
        "/pglite/lib/postgresql/utf8_and_sjis.so",
        "/pglite/lib/postgresql/pgxs/src/Makefile.global",
        "/pglite/icu/icudt76l/coll/ucadata.icu",
      ]),
    );
    const bytes = (names: string[]) =>
      files.filter((file) => names.includes(file.name)).reduce((sum, file) => sum + file.end - file.start, 0);
    expect(bytes(skipped)).toBeGreaterThan(4 * bytes(kept));
  });

  describe("a migrated database opened with it", () => {
    let pg: PGlite;
    beforeAll(async () => {
      const snapshot = fs.readFileSync(await ensurePgliteSnapshot());
      pg = await openPglite("memory://", { loadDataDir: new Blob([snapshot]) });
    });
    afterAll(() => pg.close());

    const one = async (query: string) => Object.values((await pg.query(query)).rows[0] as object)[0];

    it("runs PL/pgSQL (the job queue's functions)", async () => {
      await pg.exec("create function twice(n int) returns int language plpgsql as $$ begin return n * 2; end $$");
      expect(await one("select twice(21)")).toBe(42);
    });

    it("converts to a named time zone and reads time zone abbreviations", async () => {
      expect(await one("select to_char(timestamptz '2026-01-01 00:00Z' at time zone 'Asia/Dhaka', 'HH24:MI')")).toBe(
        "06:00",
      );
      expect(await one("select to_char(timestamptz '2026-01-01 00:00 EST', 'HH24')")).toBe("05");
    });

    it("indexes words and trigrams as site search does", async () => {
      expect(await one("select to_tsvector('simple', 'Rangamati Programming Club')::text")).toBe(
        "'club':3 'programming':2 'rangamati':1",
      );
      expect(await one("select similarity('rangamati', 'rangamty') > 0.3")).toBe(true);
    });
  });
});
