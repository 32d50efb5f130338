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

describe("loadConfig: accounts", () => {
  it("has safe defaults: Google's discovery document, no proxy header trusted, no admins listed", () => {
    const config = loadConfig({});
    expect(config.OIDC_DISCOVERY_URL).toBe("https://accounts.google.com/.well-known/openid-configuration");
    expect(config.TRUSTED_PROXY_HEADER).toBeUndefined();
    expect(config.ADMIN_EMAILS).toEqual([]);
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(config.BETTER_AUTH_SECRET).toBeUndefined();
    expect(config.AUTH_RATE_LIMIT_MAX).toBe(10);
    expect(config.AUTH_RATE_LIMIT_WINDOW_SECONDS).toBe(60);
  });

  it("normalises the lists and names", () => {
    const config = loadConfig({
      ADMIN_EMAILS: " Boss@Example.org, second@example.org ,",
      OIDC_ALLOWED_DOMAIN: "RMSTU.ac.bd",
      TRUSTED_PROXY_HEADER: "X-Real-IP",
      GOOGLE_CLIENT_ID: "",
    });
    expect(config.ADMIN_EMAILS).toEqual(["boss@example.org", "second@example.org"]);
    expect(config.OIDC_ALLOWED_DOMAIN).toBe("rmstu.ac.bd");
    expect(config.TRUSTED_PROXY_HEADER).toBe("x-real-ip");
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it("names the bad account variable", () => {
    expect(() => loadConfig({ ADMIN_EMAILS: "boss@example.org,not-an-email" })).toThrow(/ADMIN_EMAILS/);
    expect(() => loadConfig({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET.*at least 32/);
    expect(() => loadConfig({ OIDC_DISCOVERY_URL: "nope" })).toThrow(/OIDC_DISCOVERY_URL/);
    expect(() => loadConfig({ OIDC_ALLOWED_DOMAIN: "@rmstu" })).toThrow(/OIDC_ALLOWED_DOMAIN/);
    expect(() => loadConfig({ TRUSTED_PROXY_HEADER: "x real ip" })).toThrow(/TRUSTED_PROXY_HEADER/);
    expect(() => loadConfig({ AUTH_RATE_LIMIT_MAX: "0" })).toThrow(/AUTH_RATE_LIMIT_MAX/);
  });
});

describe("loadConfig: media", () => {
  it("defaults to disk storage, 8 MB images, 20 MB PDFs and a per-client upload limit", () => {
    const config = loadConfig({});
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.S3_REGION).toBe("us-east-1");
    expect(config.IMAGE_MAX_BYTES).toBe(8 * 1024 * 1024);
    expect(config.PDF_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(config.UPLOAD_RATE_LIMIT_MAX).toBe(20);
    expect(config.UPLOAD_RATE_LIMIT_WINDOW_SECONDS).toBe(3600);
  });

  it("reads an S3-compatible store's settings, empty meaning unset", () => {
    const config = loadConfig({
      S3_BUCKET: "club-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config).toMatchObject({
      S3_BUCKET: "club-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
  });

  it("names the bad media variable", () => {
    expect(() => loadConfig({ IMAGE_MAX_BYTES: "8MB" })).toThrow(/IMAGE_MAX_BYTES="8MB"/);
    expect(() => loadConfig({ PDF_MAX_BYTES: "0" })).toThrow(/PDF_MAX_BYTES/);
    expect(() => loadConfig({ S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: "key" })).toThrow(/S3_SECRET_ACCESS_KEY="": .*go together/);
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: "secret" })).toThrow(/S3_ACCESS_KEY_ID=/);
  });
});
