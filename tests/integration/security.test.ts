import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { peakWhile, rssMb } from "../../scripts/bench/memory";
import { httpClient } from "../support/http-client";
import { animatedGif, pngClaiming, truncatedImage, wideImage } from "../support/media-fixtures";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Attacks found by a security review, each answered without a change or a 500: open
 * redirects after login, cross-site writes to the JSON API. Against the production build
 * (`npm run build`), on PGlite or on the TEST_DATABASE_URL server.
 */
const ADMIN = { name: "Security Admin", email: "security-admin@example.org", password: "admin-password-1" };
const FOREIGN = "https://evil.example";
const RENDER_LIMIT = 15;

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let adminCookie = "";
const { call, signUp: signUpProved } = httpClient(() => server.baseUrl);

const json = { "Content-Type": "application/json" };

function rawRequest(method: string, path: string): Promise<{ status: number; allow: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.baseUrl}${path}`, { method }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: String(response.headers.allow) }));
    });
    request.on("error", reject);
    request.end();
  });
}

async function studentNames(): Promise<string[]> {
  const response = await call("/api/students?limit=500");
  const body = (await response.json()) as { name: string }[] | { items: { name: string }[] };
  return (Array.isArray(body) ? body : body.items).map((student) => student.name);
}

beforeAll(async () => {
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: ADMIN.email,
    TRUSTED_PROXY_HEADER: "x-real-ip",
    CORS_ORIGINS: "https://partner.example",
    RENDER_RATE_LIMIT_MAX: String(RENDER_LIMIT),
    RENDER_RATE_LIMIT_WINDOW_SECONDS: "120",
  });
  server = running.server;
  // ADMIN_EMAILS makes it admin once its address is proved.
  adminCookie = await signUpProved(ADMIN);
}, 120_000);

afterAll(() => running?.close());

const OFF_SITE_TARGETS = ["/.//evil.example", "/..//evil.example", "/./\\evil.example", "/%2e//evil.example"];

describe("after login, only paths on this site", () => {
  it("a signed-in visit to /login never redirects off the site", async () => {
    for (const target of OFF_SITE_TARGETS) {
      const response = await call(`/login?redirectTo=${encodeURIComponent(target)}`, { cookie: adminCookie });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toBe("/dashboard");
    }
  });

  it("a password login never redirects off the site", async () => {
    for (const target of OFF_SITE_TARGETS) {
      const response = await call("/login", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, redirectTo: target }).toString(),
      });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toBe("/dashboard");
    }
  });

  it("the sign-in callback never redirects off the site", async () => {
    for (const target of OFF_SITE_TARGETS) {
      const response = await call(`/login/callback?redirectTo=${encodeURIComponent(target)}`, { cookie: adminCookie });
      const location = response.headers.get("location") ?? "";
      expect(new URL(location, server.baseUrl).origin, target).toBe(server.baseUrl);
      expect(location.startsWith("//"), target).toBe(false);
    }
  });

  it("a signed-out visit to a dashboard page comes back to the page's own address, also from a client navigation", async () => {
    const page = await call("/dashboard/all-events?q=abc");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%2Fall-events%3Fq%3Dabc");
    // A client-side navigation asks for the page's data at `<path>.data`; the way back is still the page.
    const navigation = await call("/dashboard/all-events.data?q=abc");
    const body = await navigation.text();
    expect(body).toContain('"/login?redirectTo=%2Fdashboard%2Fall-events%3Fq%3Dabc"');
    expect(body).not.toContain(".data");
  });
});

describe("cross-site writes to the JSON API", () => {
  const student = (name: string) =>
    JSON.stringify({
      name,
      batch: 9,
      email: "s@example.org",
      photoURL: "https://example.org/s.png",
      session: "2020-2021",
    });

  it("refuses a foreign, a null and a cross-site origin with 403, and writes nothing", async () => {
    const attempts: Record<string, string>[] = [
      { Origin: FOREIGN },
      { Origin: "null" },
      { Origin: server.baseUrl.replace("127.0.0.1", "localhost") },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
    ];
    for (const [index, headers] of attempts.entries()) {
      const response = await call("/api/add-student", {
        method: "POST",
        headers: { ...json, ...headers },
        body: student(`Cross-site ${index}`),
        cookie: adminCookie,
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ message: expect.stringContaining("other sites") });
    }
    const renamed = await call("/api/user", {
      method: "PUT",
      headers: { ...json, Origin: FOREIGN },
      body: JSON.stringify({ name: "Hacked", email: ADMIN.email }),
      cookie: adminCookie,
    });
    expect(renamed.status).toBe(403);
    expect((await studentNames()).filter((name) => name.startsWith("Cross-site"))).toEqual([]);
  });

  it("refuses a text/plain or urlencoded body where JSON is expected with 415", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const response = await call("/api/add-student", {
        method: "POST",
        headers: { "Content-Type": type },
        body: student(`Plain ${type}`),
        cookie: adminCookie,
      });
      expect(response.status, type).toBe(415);
      expect(await response.json()).toEqual({ message: expect.stringContaining("application/json") });
    }
    expect((await studentNames()).filter((name) => name.startsWith("Plain"))).toEqual([]);
  });

  it("takes writes from the site itself, a listed origin and clients that are not browsers", async () => {
    const cases: Record<string, string>[] = [
      { Origin: server.baseUrl },
      { Origin: "https://partner.example" },
      { "Sec-Fetch-Site": "same-origin" },
      {},
    ];
    for (const [index, headers] of cases.entries()) {
      const response = await call("/api/add-student", {
        method: "POST",
        headers: { ...json, ...headers },
        body: student(`Allowed ${index}`),
        cookie: adminCookie,
      });
      expect(response.status, JSON.stringify(headers)).toBe(201);
    }
  });

  it("does not let a path that starts with two slashes pass a foreign origin off as the site's", async () => {
    const response = await call("//evil.example/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: FOREIGN },
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString(),
    });
    expect(response.headers.getSetCookie().some((line) => line.includes("session_token="))).toBe(false);
    expect(response.status).toBeLessThan(500);
  });
});

describe("bad input is a 4xx naming what is wrong, never a 500", () => {
  const jsonCall = (path: string, body: unknown, cookie = adminCookie) =>
    call(path, { method: "POST", headers: json, body: JSON.stringify(body), cookie });

  it("refuses a NUL character in an address", async () => {
    for (const path of ["/notice/%00", "/api/users/%00", "/students?batch=%00", "/notice/%E0%A4%A"]) {
      const response = await call(path, { cookie: adminCookie });
      expect(response.status, path).toBe(400);
    }
    const api = await call("/api/users/%00", { cookie: adminCookie });
    expect(await api.json()).toEqual({ message: expect.any(String) });
  });

  it("refuses a NUL character in any text field, naming the field", async () => {
    const nul = "bad\u0000name";
    const notice = { name: nul, publishing_date: "2099-01-02", pdfFile: "https://example.org/a.pdf", description: "x" };
    for (const [path, cookie] of [
      ["/api/add-notice", adminCookie],
      ["/api/products-collection", ""],
    ] as const) {
      const response = await jsonCall(
        path,
        path.includes("products") ? { ...notice, img: "https://e.org/a.png", pdfLink: "https://e.org/a.pdf" } : notice,
        cookie,
      );
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(Object.values(body.errors).join(" "), path).toContain("NUL");
    }
    const student = await jsonCall("/api/add-student", {
      name: "Student",
      batch: 9,
      email: "s@example.org",
      photoURL: "https://example.org/s.png",
      session: "2020\u00002021",
    });
    expect(student.status).toBe(400);
    expect(((await student.json()) as { errors: Record<string, string> }).errors.session).toContain("NUL");
    const form = await call("/notice-form", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
      body: new URLSearchParams({ ...notice, website: "" }).toString(),
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("must not contain NUL characters");
  });

  it("answers methods no route takes with 405 and logs no stack trace", async () => {
    const methods: [string, string][] = [
      ["TRACE", "/"],
      ["TRACE", "/api/students"],
      ["PATCH", "/about"],
      ["PROPFIND", "/"],
      ["OPTIONS", "/about"],
    ];
    for (const [method, path] of methods) {
      // fetch refuses to send TRACE; node:http sends any method.
      const response = await rawRequest(method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.allow, `${method} ${path}`).toContain("GET");
    }
    expect(server.output()).not.toMatch(/^\s+at /m);
  });
});

describe("uploads that are traps", () => {
  const formWith = (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)]), name);
    return form;
  };
  const upload = (bytes: Buffer, name: string) =>
    call("/api/uploads?accept=image", {
      method: "POST",
      body: formWith(bytes, name) as unknown as string,
      cookie: adminCookie,
    });

  it("refuses damaged and oversized images by what their header says, before decoding them", async () => {
    const cases: [Buffer, string, number, RegExp][] = [
      [await truncatedImage("png"), "half.png", 400, /damaged or incomplete/],
      [await truncatedImage("jpeg"), "half.jpg", 400, /damaged or incomplete/],
      [pngClaiming(65535, 1), "claims.png", 400, /damaged or incomplete/],
      [await wideImage(13_000, 10), "wide.png", 413, /pixels wide and high/],
      [await animatedGif(12, 2000), "frames.gif", 413, /megapixels, all frames together/],
    ];
    for (const [bytes, name, status, message] of cases) {
      const response = await upload(bytes, name);
      expect(response.status, name).toBe(status);
      const body = (await response.json()) as { message: string; errors: { file: string } };
      expect(body.errors.file, name).toMatch(message);
    }
  });

  it("answers 413 to a chunked body longer than the limit", async () => {
    const boundary = "trap-boundary";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    let sent = 0;
    const megabyte = new Uint8Array(1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent >= 30) return controller.close();
        sent += 1;
        controller.enqueue(megabyte);
      },
    });
    const response = await fetch(`${server.baseUrl}/api/uploads?accept=pdf`, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: adminCookie },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: expect.stringContaining("too large") });
  });
});

describe("uploads stream to the storage", () => {
  const MEGABYTE = 1024 * 1024;
  const rssMegabytes = () => rssMb(Number(server.process.pid));
  const uploadPdf = (bytes: Buffer, ip: string) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "big.pdf");
    // Visitors, each from their own address: one upload slot each.
    return call("/api/uploads?accept=pdf", {
      method: "POST",
      body: form as unknown as string,
      headers: { "X-Real-IP": ip },
    });
  };
  const pdfOf = (megabytes: number) =>
    Buffer.concat([Buffer.from("%PDF-1.4\n"), crypto.randomBytes(megabytes * MEGABYTE), Buffer.from("\n%%EOF\n")]);

  it("holds no upload in memory: four 19 MB PDFs at once raise the server's memory by at most 40 MB", async () => {
    expect((await uploadPdf(pdfOf(1), "10.98.0.1")).status).toBe(201);
    const pdfs = Array.from({ length: 4 }, () => pdfOf(19));
    const { before, peak } = await peakWhile(rssMegabytes, async () => {
      const responses = await Promise.all(pdfs.map((pdf, index) => uploadPdf(pdf, `10.98.1.${index}`)));
      expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
      const stored = (await Promise.all(responses.map((response) => response.json()))) as { bytes: number }[];
      expect(stored.map((file) => file.bytes)).toEqual(pdfs.map((pdf) => pdf.length));
    });
    expect(peak - before).toBeLessThanOrEqual(40);
  });
});

describe("accounts through better-auth's own endpoints", () => {
  const signUp = (body: Record<string, string>) =>
    call("/api/auth/sign-up/email", { method: "POST", headers: json, body: JSON.stringify(body) });

  it("refuses a display name over 100 characters on sign-up and on update-user, and stores nothing", async () => {
    const huge = await signUp({
      name: "x".repeat(1_000_000),
      email: "huge@example.org",
      password: "a-fine-password-9",
    });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { message: string }).message).toContain("at most 100 characters");
    const fits = await signUp({ name: "y".repeat(100), email: "fits@example.org", password: "a-fine-password-9" });
    expect(fits.status).toBe(200);
    const cookie = fits.headers
      .getSetCookie()
      .find((line) => line.startsWith("better-auth.session_token="))!
      .split(";")[0]!;
    const rename = await call("/api/auth/update-user", {
      method: "POST",
      headers: { ...json, Origin: server.baseUrl },
      body: JSON.stringify({ name: "z".repeat(101) }),
      cookie,
    });
    expect(rename.status).toBe(400);
    const users = (await (await call("/api/users", { cookie: adminCookie })).json()) as {
      email: string;
      displayName: string;
    }[];
    expect(users.some((user) => user.email === "huge@example.org")).toBe(false);
    expect(users.find((user) => user.email === "fits@example.org")?.displayName).toBe("y".repeat(100));
  });

  it("refuses common passwords and the person's own email or name, saying why", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ name: "Common One", email: "common1@example.org", password: "password1" }, /most common passwords/],
      [{ name: "Common Two", email: "common2@example.org", password: "Iloveyou" }, /most common passwords/],
      [
        { name: "Mail Same", email: "mailsame@example.org", password: "mailsame@example.org" },
        /email address or your name/,
      ],
      [{ name: "Local Part", email: "localpart9@example.org", password: "LocalPart9" }, /email address or your name/],
      [
        { name: "Rahim Uddin Khan", email: "rahim@example.org", password: "rahim uddin khan" },
        /email address or your name/,
      ],
      [{ name: "One Letter", email: "oneletter@example.org", password: "aaaaaaaa" }, /at least 4 different characters/],
      [{ name: "Three Letters", email: "three@example.org", password: "xyzxyzxyzxyz" }, /at least 4 different/],
    ];
    for (const [body, message] of cases) {
      const response = await signUp(body);
      expect(response.status, body.password).toBe(400);
      expect(((await response.json()) as { message: string }).message, body.password).toMatch(message);
    }
    const seven = await signUp({ name: "Short", email: "short@example.org", password: "x7!kq2p" });
    expect(seven.status).toBe(400);
  });

  it("says under the new password field why the profile form refused it", async () => {
    const response = await call("/dashboard/profile", {
      method: "POST",
      cookie: adminCookie,
      form: {
        intent: "password",
        currentPassword: ADMIN.password,
        newPassword: "aaaaaaaa",
        newPasswordRetype: "aaaaaaaa",
      },
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    const field = /<input[^>]*name="newPassword"[^>]*>/.exec(page)?.[0] ?? "";
    const messageId = /aria-describedby="([^"]+)"/.exec(field)?.[1];
    expect(messageId, "the new password field points at its message").toBeDefined();
    const message = new RegExp(`id="${messageId}"[^>]*>([^<]*)<`).exec(page);
    expect(message?.[1]).toMatch(/at least 4 different characters/);
  });

  it("refuses a common new password on change-password", async () => {
    const response = await call("/api/auth/change-password", {
      method: "POST",
      headers: { ...json, Origin: server.baseUrl },
      body: JSON.stringify({ currentPassword: ADMIN.password, newPassword: "football" }),
      cookie: adminCookie,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/most common passwords/);
  });
});

describe("the page cache can't be bypassed", () => {
  const cacheStatus = async (path: string, headers: Record<string, string> = {}) => {
    const response = await call(path, { headers });
    await response.arrayBuffer();
    return `${response.status} ${response.headers.get("x-page-cache")}`;
  };

  it("answers made-up query parameters and session cookies, and missing pages, from memory", async () => {
    await expect.poll(() => cacheStatus("/students?batch=1"), { timeout: 20_000 }).toBe("200 HIT");
    for (const headers of <Record<string, string>[]>[
      {},
      { Cookie: "better-auth.session_token=made-up" },
      { Cookie: "better-auth.session_token=abc.ZGVmZGVmZGVmZGVmZGVmZGVmZGVmZGVmZGVmZGVmZGVmZGU%3D" },
    ]) {
      for (const path of ["/students?batch=1&utm_source=x", `/students?fresh=${Date.now()}&batch=1`]) {
        expect(await cacheStatus(path, headers), `${path} ${JSON.stringify(headers)}`).toBe("200 HIT");
      }
    }
    expect(await cacheStatus("/students?batch=1", { Cookie: adminCookie })).toBe("200 null");

    await expect.poll(() => cacheStatus("/no/such/page"), { timeout: 20_000 }).toBe("404 HIT");
    expect(await cacheStatus("/no/such/page?x=1")).toBe("404 HIT");
  });

  it("gives each client a budget of renders the cache can't answer, then 429 with Retry-After", async () => {
    const client = { "X-Real-IP": "10.99.0.1" };
    const statuses: number[] = [];
    for (let page = 1; page <= RENDER_LIMIT + 3; page++) {
      const response = await call(`/students?page=${page}&batch=77`, { headers: client });
      await response.arrayBuffer();
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, RENDER_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(RENDER_LIMIT)).toEqual([429, 429, 429]);
    // Another client is unaffected, and a page in the cache still comes from it.
    expect((await call("/students?page=2&batch=77")).status).toBe(200);
    expect(await cacheStatus("/students?page=1&batch=77", client)).toBe("200 HIT");
  });
});
