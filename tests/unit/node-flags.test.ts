import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "../../server/node-flags";

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

  it("and so is their environment", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { serve: string } };
    const unit = fs.readFileSync(path.join(ROOT, "docs/deploy/club-website.service"), "utf8").split("\n");
    for (const [name, value] of Object.entries(SERVER_ENVIRONMENT)) {
      expect(pkg.scripts.serve.split(/\s+/)).toContain(`${name}=${value}`);
      expect(unit).toContain(`Environment=${name}=${value}`);
    }
  });
});
