import { describe, expect, it } from "vitest";
import packageJson from "../../package.json";

describe("runtime", () => {
  it("runs on the Node that package.json pins, whatever Node the machine has", () => {
    expect(packageJson.engines.node).toBe("24.x");
    expect(process.versions.node).toBe(packageJson.devDependencies.node);
  });
});
