import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { textOf } from "../support/i18n-pages";
import { bn, en } from "../support/messages";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";

/**
 * Validation messages in the reader's language on the production build: a public form and a
 * dashboard form posted with a wrong value (as a browser without JavaScript posts them) say
 * what is wrong in Bangla, naming the field; the same value through the API is answered in
 * English, as documented.
 */
let server: RunningServer;
let adminCookie: string;
const { call } = httpClient(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "true" });
  adminCookie = await signInDemoAdmin(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const badNotice = {
  name: "",
  publishing_date: "next week",
  pdfFile: "https://example.org/notice.pdf",
  description: "x".repeat(5001),
};

describe("a form's field errors", () => {
  it("public subscribe form: Bangla in Bangla, the spec's English in English", async () => {
    const form = { email: "not-an-address", topics: "notices", frequency: "weekly" };
    const bangla = await call("/subscribe", { method: "POST", cookie: "lang=bn", form });
    expect(bangla.status).toBe(400);
    const html = textOf(await bangla.text());
    expect(html).toContain(bn("messages.subscriptions.email"));
    expect(html).toContain(bn("messages.form.invalid"));
    expect(html).not.toContain(en("messages.subscriptions.email"));
    expect(html).not.toContain("Please correct the marked fields.");
    expect(html).toContain('value="not-an-address"');

    const tooFew = await call("/subscribe", {
      method: "POST",
      cookie: "lang=bn",
      form: { email: "reader@example.org", frequency: "daily" },
    });
    const tooFewHtml = textOf(await tooFew.text());
    expect(tooFewHtml).toContain(bn("messages.subscriptions.topicsAtLeastOne"));
    expect(tooFewHtml).toContain(bn("messages.subscriptions.frequency"));

    const english = await call("/subscribe", { method: "POST", cookie: "lang=en", form });
    expect(english.status).toBe(400);
    const englishHtml = textOf(await english.text());
    expect(englishHtml).toContain("Email must be an address such as name@example.org");
    expect(englishHtml).toContain("Please correct the marked fields.");
    expect(englishHtml).not.toContain(bn("messages.subscriptions.email"));
  });

  it("dashboard notice form: each wrong field named in Bangla, limits in Bangla digits", async () => {
    const response = await call("/dashboard/add-notice", {
      method: "POST",
      cookie: `lang=bn; ${adminCookie}`,
      form: { ...badNotice, confirmed: "yes" },
    });
    expect(response.status).toBe(400);
    const html = textOf(await response.text());
    const required = bn("messages.field.required", { field: bn("messages.fields.name") });
    const date = bn("messages.field.date", { field: bn("messages.fields.publishingDate") });
    const tooLong = bn("messages.field.tooLong", { field: bn("messages.fields.description"), max: 5000 });
    expect(required).toContain(bn("messages.fields.name"));
    expect(tooLong).toContain("৫,০০০");
    for (const message of [required, date, tooLong, bn("messages.form.invalid")]) expect(html).toContain(message);
    for (const english of [
      "Name is required",
      "Publishing date must be a date (YYYY-MM-DD)",
      "Description must be at most 5000 characters",
    ]) {
      expect(html).not.toContain(english);
    }
    expect(html).toContain('value="next week"');

    const englishHtml = textOf(
      await (
        await call("/dashboard/add-notice", {
          method: "POST",
          cookie: `lang=en; ${adminCookie}`,
          form: { ...badNotice, confirmed: "yes" },
        })
      ).text(),
    );
    expect(englishHtml).toContain("Name is required");
    expect(englishHtml).toContain("Publishing date must be a date (YYYY-MM-DD)");
    expect(englishHtml).not.toContain(required);
  });

  it("the API answers the same wrong values in English, whatever the reader's language", async () => {
    const response = await call("/api/add-notice", {
      method: "POST",
      cookie: `lang=bn; ${adminCookie}`,
      headers: { "Accept-Language": "bn-BD,bn;q=0.9" },
      body: badNotice,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toBe("Please correct the marked fields.");
    expect(body.errors).toMatchObject({
      name: "Name is required",
      publishing_date: "Publishing date must be a date (YYYY-MM-DD)",
      description: "Description must be at most 5000 characters",
    });
    expect(JSON.stringify(body)).not.toMatch(/[\u0980-\u09FF]/);
  });

  it("a role change with nothing to do says why in the reader's language, the API in English", async () => {
    const email = server.output().match(/email:\s+(\S+)/)?.[1] ?? "";
    const form = { email, confirmed: "yes" };
    const bangla = await call("/dashboard/make-admin", { method: "POST", cookie: `lang=bn; ${adminCookie}`, form });
    expect(textOf(await bangla.text())).toContain(bn("messages.users.alreadyAdmin", { email }));
    const english = await call("/dashboard/make-admin", { method: "POST", cookie: `lang=en; ${adminCookie}`, form });
    expect(textOf(await english.text())).toContain(`${email} is already an admin.`);
    const api = await call("/api/users/make-admin", {
      method: "POST",
      cookie: `lang=bn; ${adminCookie}`,
      body: { email },
    });
    expect(await api.json()).toEqual({ modifiedCount: 0, message: `${email} is already an admin.` });
  });
});
