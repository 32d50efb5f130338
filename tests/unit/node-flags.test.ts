import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";

const ROOT = path.resolve(import.meta.dirname, "../..");
const flagsIn = (command: string) => command.split(/\s+/).filter((word) => word.startsWith("--"));

describe("the server's Node options", () => {
  it("are the same for npm start, npm run serve and the systemd unit", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { serve: string } };
    expect(flagsIn(pkg.scripts.serve)).toEqual([...SERVER_NODE_FLAGS]);
    const unit = fs.readFileSync(path.join(ROOT, "docs/deploy/club-website.service"), "utf8");
    const execStart = unit.split("\n").find((line) => line.startsWith("ExecStart=")) ?? "";
    expect(flagsIn(execStart)).toEqual([...SERVER_NODE_FLAGS]);
  });
});
