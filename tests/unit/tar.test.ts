import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { setTimeout } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { bytesEntry, readTar, TarFormatError, writeTar } from "~/lib/tar.server";
import { backupFileName } from "~/wiring/backup.server";
import { orderByReferences } from "~/wiring/backup-catalog.server";

const files = {
  "backup.json": Buffer.from('{"format":1}'),
  "media/empty.pdf": Buffer.alloc(0),
  "media/exactly-one-block.png": Buffer.alloc(512, 7),
  "tables/students/00001.ndjson.gz": Buffer.from(Array.from({ length: 1500 }, (_, i) => i % 256)),
};

const archiveOf = (entries: Record<string, Buffer>) =>
  buffer(writeTar(Object.entries(entries).map(([name, bytes]) => bytesEntry(name, bytes))));

/** The archive fed in small, uneven chunks, as a network or disk hands it over. */
async function* inChunks(bytes: Buffer, size = 333): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Each entry's bytes, or only its first chunk's. */
async function readAll(bytes: Buffer, firstChunkOnly = false): Promise<Record<string, string>> {
  const read: Record<string, string> = {};
  for await (const entry of readTar(inChunks(bytes))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) {
      chunks.push(chunk);
      if (firstChunkOnly) break;
    }
    read[entry.name] = Buffer.concat(chunks).toString("latin1");
  }
  return read;
}

describe("tar archives", () => {
  it("reads back what it wrote, whatever the chunking", async () => {
    const read = await readAll(await archiveOf(files));
    expect(Object.keys(read)).toEqual(Object.keys(files));
    for (const [name, bytes] of Object.entries(files)) expect(read[name]).toBe(bytes.toString("latin1"));
  });

  it("skips what a reader leaves of an entry", async () => {
    const archive = await archiveOf(files);
    const names: string[] = [];
    for await (const entry of readTar(inChunks(archive))) names.push(entry.name);
    expect(names).toEqual(Object.keys(files));
    expect(Object.keys(await readAll(archive, true))).toEqual(Object.keys(files));
  });

  it("writes what the system's tar reads", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-tar-"));
    try {
      fs.writeFileSync(path.join(dir, "a.tar"), await archiveOf(files));
      const listing = execFileSync("tar", ["-tvf", path.join(dir, "a.tar")], { encoding: "utf8" });
      expect(
        listing
          .trim()
          .split("\n")
          .map((line) => line.split(/\s+/).at(-1)),
      ).toEqual(Object.keys(files));
      expect(listing).toMatch(/\s1500\s/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fails, rather than writes a wrong archive, when a body is not its stated size", async () => {
    const entry = (body: string) => ({ name: "media/a.png", size: 4, body: [Buffer.from(body)] });
    await expect(buffer(writeTar([entry("abc")]))).rejects.toThrow("media/a.png ended early (3 of 4 bytes)");
    await expect(buffer(writeTar([entry("abcde")]))).rejects.toThrow("media/a.png is longer than its stated 4 bytes");
  });

  it("refuses damaged, cut and foreign files with a one-sentence TarFormatError", async () => {
    const good = await archiveOf(files);
    const refusal = (bytes: Buffer) =>
      readAll(bytes).then(
        () => undefined,
        (error: Error) => error,
      );
    const damaged = Buffer.from(good);
    damaged[1024 + 3] = 0x41; // the second entry's header
    const foreign = Buffer.from("PK\u0003\u0004 not a tar at all".padEnd(600, "x"));
    for (const [bytes, message] of [
      [damaged, "a tar header is damaged"],
      [good.subarray(0, 700), "the archive ends in the middle of an entry (is the file complete?)"],
      [good.subarray(0, 300), "the archive ends in the middle of an entry (is the file complete?)"],
      [foreign, "not a tar archive"],
    ] as const) {
      const error = await refusal(bytes);
      expect(error).toBeInstanceOf(TarFormatError);
      expect(error?.message).toBe(message);
    }
  });

  it("tells a cut entry as such to a reader that gets to its body late", async () => {
    const cut = (await archiveOf(files)).subarray(0, 3500); // in the middle of the last entry's bytes
    const readLate = async () => {
      for await (const entry of readTar(inChunks(cut))) {
        await setTimeout(20); // as a restore does, writing the entry before to the database
        for await (const _ of entry.body);
      }
    };
    await expect(readLate()).rejects.toThrow(
      new TarFormatError("the archive ends in the middle of an entry (is the file complete?)"),
    );
  });

  it("refuses entries that are not plain files", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-tar-"));
    try {
      const withFolder = execFileSync("tar", ["-cf", "-", "-C", dir, "."]);
      await expect(readAll(withFolder)).rejects.toThrow(new TarFormatError("the archive holds a directory entry"));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("passes on what its source fails with", async () => {
    async function* failing() {
      yield (await archiveOf(files)).subarray(0, 600);
      throw new Error("disk gone");
    }
    const read = async () => {
      for await (const entry of readTar(failing())) for await (const _ of entry.body);
    };
    await expect(read()).rejects.toThrow("disk gone");
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
