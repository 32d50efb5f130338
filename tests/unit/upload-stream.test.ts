import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sweepAbandonedUploads } from "~/lib/upload-stream.server";

describe("temporary upload files", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-tmp-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("are swept once a process that died mid-upload left them behind for an hour", async () => {
    const now = Date.now();
    const write = (name: string, ageMs: number) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, "partial");
      const time = new Date(now - ageMs);
      fs.utimesSync(file, time, time);
      return file;
    };
    const abandoned = write("upload-abandoned", 2 * 60 * 60 * 1000);
    const inProgress = write("upload-in-progress", 60 * 1000);
    const other = write("notes.txt", 2 * 60 * 60 * 1000);
    expect(await sweepAbandonedUploads(dir, now)).toBe(1);
    expect([fs.existsSync(abandoned), fs.existsSync(inProgress), fs.existsSync(other)]).toEqual([false, true, true]);
    expect(await sweepAbandonedUploads(path.join(dir, "missing"), now)).toBe(0);
  });
});
