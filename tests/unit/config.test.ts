import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/lib/config.server";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve("./data"));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BASE_URL).toBe("http://localhost:3000");
    expect(config.LOG_LEVEL).toBe("info");
  });

  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });

  it("treats an empty DATABASE_URL as unset and trims a trailing slash from BASE_URL", () => {
    const config = loadConfig({ DATABASE_URL: "", BASE_URL: "https://club.example.org/" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BASE_URL).toBe("https://club.example.org");
  });
});
