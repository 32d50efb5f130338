import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backupFileName } from "~/domain/backup.server";
import { orderByReferences } from "~/domain/backup-catalog.server";
import { readTar, TAR_END, TarFormatError, tarEntry, tarHeader } from "~/lib/tar.server";

const when = new Date("2026-11-24T03:30:00Z");

function archiveOf(files: Record<string, Buffer>): Buffer {
  const parts = Object.entries(files).flatMap(([name, bytes]) => tarEntry(name, bytes, when));
  return Buffer.concat([...parts, TAR_END]);
}

/** The archive fed in small, uneven chunks, as a network or disk hands it over. */
async function* inChunks(bytes: Buffer, size = 333): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function readAll(bytes: Buffer): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const entry of readTar(inChunks(bytes))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    files[entry.name] = Buffer.concat(chunks).toString("latin1");
  }
  return files;
}

const files = {
  "backup.json": Buffer.from('{"format":1}'),
  "media/empty.pdf": Buffer.alloc(0),
  "media/exactly-one-block.png": Buffer.alloc(512, 7),
  "tables/students/00001.ndjson.gz": Buffer.from(Array.from({ length: 1500 }, (_, i) => i % 256)),
};

describe("tar archives", () => {
  it("reads back what it wrote, whatever the chunking", async () => {
    const read = await readAll(archiveOf(files));
    expect(Object.keys(read)).toEqual(Object.keys(files));
    for (const [name, bytes] of Object.entries(files)) expect(read[name]).toBe(bytes.toString("latin1"));
  });

  it("skips what a reader leaves of an entry", async () => {
    const names: string[] = [];
    for await (const entry of readTar(inChunks(archiveOf(files)))) {
      names.push(entry.name);
      for await (const _ of entry.body) break;
    }
    expect(names).toEqual(Object.keys(files));
  });

  it("writes what the system's tar reads", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-tar-"));
    try {
      fs.writeFileSync(path.join(dir, "a.tar"), archiveOf(files));
      const listing = execFileSync("tar", ["-tvf", path.join(dir, "a.tar")], { encoding: "utf8" });
      expect(listing).toContain("tables/students/00001.ndjson.gz");
      expect(listing).toMatch(/\s1500\s/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses damaged, cut and foreign files with a TarFormatError", async () => {
    const good = archiveOf(files);
    const damaged = Buffer.from(good);
    damaged[3] = 0x41;
    await expect(readAll(damaged)).rejects.toThrow(/checksum/);
    await expect(readAll(good.subarray(0, 700))).rejects.toThrow(/ends in the middle/);
    await expect(readAll(good.subarray(0, good.length - 1024))).rejects.toThrow(/without its end marker/);
    await expect(readAll(Buffer.from("PK\u0003\u0004 not a tar at all".padEnd(600, "x")))).rejects.toBeInstanceOf(
      TarFormatError,
    );
  });

  it("writes only names it can write faithfully", () => {
    expect(() => tarHeader(`media/${"a".repeat(100)}`, 1, when)).toThrow();
    expect(() => tarHeader("media/with space.png", 1, when)).toThrow();
  });
});

describe("backup helpers", () => {
  it("orders tables after those they reference, and keeps cycles rather than losing them", () => {
    const references = [
      { child: "attendees", parent: "registrations" },
      { child: "registrations", parent: "events" },
      { child: "registrations", parent: "users" },
      { child: "a", parent: "b" },
      { child: "b", parent: "a" },
    ];
    const order = orderByReferences(["a", "attendees", "b", "events", "registrations", "users"], references);
    expect(order).toEqual(["events", "users", "registrations", "attendees", "a", "b"]);
  });

  it("names a download by the club's date and time", () => {
    expect(backupFileName(new Date("2026-11-24T21:05:00Z"), "Asia/Dhaka")).toBe("club-backup-2026-11-25-0305.tar");
  });
});
