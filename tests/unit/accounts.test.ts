import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { googleErrorText } from "~/features/accounts/account-messages.server";
import { emailDomainAllowed } from "~/features/accounts/users.server";
import { resolveClientIp } from "~/lib/client-ip.server";
import { loginPath, safeRedirectPath } from "~/lib/redirect";
import { en } from "../support/messages";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/about")).toBe("/about");
    expect(safeRedirectPath("/notice/x?page=2#top")).toBe("/notice/x?page=2#top");
  });

  it("refuses anything that leaves the site", () => {
    for (const target of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/.//evil.example",
      "/..//evil.example",
      "/./\\evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example/path",
      "/a/../..//evil.example",
      "/\t/evil.example",
      "/ok\\..\\..\\evil",
      "",
      null,
    ]) {
      expect(safeRedirectPath(target), String(target)).toBeNull();
    }
  });

  it("never answers a path a browser reads as another host", () => {
    for (const target of ["/./x", "/a/../b", "/%2e/x", "/notice?next=//evil.example"]) {
      const safe = safeRedirectPath(target);
      expect(safe, target).not.toBeNull();
      expect(new URL(safe ?? "", "https://club.example").host, target).toBe("club.example");
      expect(safe?.startsWith("//"), target).toBe(false);
    }
  });

  it("builds the login link with the way back", () => {
    expect(loginPath("/dashboard/users")).toBe("/login?redirectTo=%2Fdashboard%2Fusers");
    expect(loginPath("//evil.example")).toBe("/login");
  });
});

describe("resolveClientIp", () => {
  const request = (headers: Record<string, string>, remoteAddress = "192.0.2.10") =>
    ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

  it("uses the socket address and ignores X-Forwarded-For unless a header is configured", () => {
    expect(resolveClientIp(request({ "x-forwarded-for": "203.0.113.9" }), undefined)).toBe("192.0.2.10");
  });

  it("takes the entry our proxy appended, not the ones a client sent", () => {
    const forwarded = request({ "x-forwarded-for": "203.0.113.9, 198.51.100.4" });
    expect(resolveClientIp(forwarded, "x-forwarded-for")).toBe("198.51.100.4");
    expect(resolveClientIp(request({ "x-real-ip": "198.51.100.7" }), "x-real-ip")).toBe("198.51.100.7");
    expect(resolveClientIp(request({}), "x-real-ip")).toBe("192.0.2.10");
  });
});

describe("emailDomainAllowed", () => {
  it("accepts only verified addresses of the domain itself", () => {
    expect(emailDomainAllowed({ email: "a@rmstu.ac.bd", emailVerified: true }, "rmstu.ac.bd")).toBe(true);
    expect(emailDomainAllowed({ email: "a@RMSTU.ac.bd", emailVerified: true }, "rmstu.ac.bd")).toBe(true);
    expect(emailDomainAllowed({ email: "a@evilrmstu.ac.bd", emailVerified: true }, "rmstu.ac.bd")).toBe(false);
    expect(emailDomainAllowed({ email: "a@rmstu.ac.bd", emailVerified: false }, "rmstu.ac.bd")).toBe(false);
  });
});

describe("googleErrorText", () => {
  it("explains the codes the sign-in can come back with", () => {
    expect(googleErrorText(en, "domain_not_allowed", "rmstu.ac.bd")).toContain("@rmstu.ac.bd");
    expect(googleErrorText(en, "account_not_linked")).toMatch(/email and password/);
    expect(googleErrorText(en, "state_mismatch")).toContain("state mismatch");
  });
});
