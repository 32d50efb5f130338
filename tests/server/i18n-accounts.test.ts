import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { pagesOf, textOf } from "../support/i18n-pages";
import { bn, en } from "../support/messages";
import { type RunningServer, startServer } from "../support/server";

/**
 * The account screens and the public forms in Bangla (a `lang=bn` cookie) and in English, on
 * the production build: what a phone without JavaScript gets, forms posted as a browser
 * without JavaScript posts them.
 */
let server: RunningServer;
const { call, signUp } = httpClient(() => server.baseUrl);
const page = pagesOf(call, { read: textOf });

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "true" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the login and register forms", () => {
  it("login: a Bangla page with Bangla heading, labels and buttons; English stays the spec's", async () => {
    const html = await page("/login", "bn");
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain(`<title>${bn("accounts.login.title")}</title>`);
    for (const key of [
      "accounts.login.heading",
      "accounts.field.email",
      "accounts.field.password",
      "accounts.login.submit",
      "accounts.login.toRegister",
      "accounts.login.google",
    ] as const) {
      expect(html, key).toContain(bn(key));
    }
    expect(html).not.toContain(en("accounts.login.heading"));
    expect(html).not.toContain(en("accounts.login.toRegister"));
    expect(html).not.toContain(">Password<");

    const english = await page("/login", "en");
    expect(english).toContain('<html lang="en"');
    expect(english).toContain("Please Login");
    expect(english).toContain("Are you new user? Please Register");
    expect(english).toContain("Google Sign In");
    expect(english).not.toContain(bn("accounts.login.heading"));
  });

  it("a failed login in Bangla says why in Bangla and keeps the typed email", async () => {
    const email = "nobody-bn@example.org";
    const response = await call("/login", {
      method: "POST",
      cookie: "lang=bn",
      form: { email, password: "not the password", redirectTo: "" },
    });
    expect(response.status).toBe(401);
    const html = textOf(await response.text());
    expect(html).toContain('role="alert"');
    expect(html).toContain(bn("accounts.authError.invalidCredentials"));
    expect(html).not.toContain(en("accounts.authError.invalidCredentials"));
    expect(html).toContain(`value="${email}"`);

    const english = await call("/login", {
      method: "POST",
      cookie: "lang=en",
      form: { email, password: "not the password", redirectTo: "" },
    });
    expect(textOf(await english.text())).toContain("Invalid email or password");
  });

  it("register: Bangla labels; without JavaScript, mismatched passwords answer in Bangla with the name and email kept", async () => {
    const html = await page("/register", "bn");
    for (const key of [
      "accounts.register.heading",
      "accounts.field.name",
      "accounts.register.retypePassword",
      "accounts.register.submit",
      "accounts.register.toLogin",
    ] as const) {
      expect(html, key).toContain(bn(key));
    }
    expect(html).not.toContain(en("accounts.register.heading"));

    const name = "রহিম উদ্দিন";
    const email = "rahim-bn@example.org";
    const response = await call("/register", {
      method: "POST",
      cookie: "lang=bn",
      form: { name, email, password: "a long passphrase 1", passwordRetype: "a long passphrase 2" },
    });
    expect(response.status).toBe(400);
    const answer = textOf(await response.text());
    expect(answer).toContain(bn("accounts.register.passwordMismatch"));
    expect(answer).not.toContain(en("accounts.register.passwordMismatch"));
    expect(answer).toContain(`value="${name}"`);
    expect(answer).toContain(`value="${email}"`);
    expect(answer).not.toContain("a long passphrase");
  });

  it("a common password is refused in the page's language (better-auth's answer, translated)", async () => {
    const response = await call("/register", {
      method: "POST",
      cookie: "lang=bn",
      form: { name: "Karim", email: "karim-bn@example.org", password: "password123", passwordRetype: "password123" },
    });
    expect(response.status).toBe(400);
    const answer = textOf(await response.text());
    expect(answer).toContain(bn("accounts.password.common"));
    expect(answer).toContain('value="karim-bn@example.org"');
  });
});

describe("the public forms", () => {
  it("the notice and result forms: Bangla headings, labels, button; English unchanged", async () => {
    const notice = await page("/notice-form", "bn");
    for (const key of [
      "accounts.publicForm.notices.heading",
      "accounts.publicForm.notices.intro",
      "accounts.publicForm.publishingDate",
      "accounts.publicForm.pdfLink",
      "accounts.publicForm.description",
      "accounts.publicForm.submit",
    ] as const) {
      expect(notice, key).toContain(bn(key));
    }
    expect(notice).not.toContain(en("accounts.publicForm.notices.heading"));
    expect(notice).not.toContain(">Publishing date<");

    const result = await page("/result-form", "bn");
    expect(result).toContain(bn("accounts.publicForm.results.heading"));
    expect(result).toContain(bn("accounts.publicForm.imageLink"));
    expect(result).toContain(bn("accounts.publicForm.imageLinkHint"));

    const english = await page("/result-form", "en");
    expect(english).toContain("Send a contest result");
    expect(english).toContain("A picture of the result sheet");
    expect(english).toContain(">Submit<");
  });

  it("a notice sent without JavaScript and refused keeps what was typed, on a Bangla page", async () => {
    const response = await call("/notice-form", {
      method: "POST",
      cookie: "lang=bn",
      form: { name: "পরীক্ষার নোটিশ", publishing_date: "not a date", pdfFile: "", description: "বিবরণ" },
    });
    expect(response.status).toBe(400);
    const html = textOf(await response.text());
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain(bn("accounts.publicForm.notices.heading"));
    expect(html).toContain('value="পরীক্ষার নোটিশ"');
    expect(html).toContain(">বিবরণ</textarea>");
    // The refusal and its field errors are said in the page's language too.
    expect(html).toContain(bn("messages.form.invalid"));
    expect(html).not.toContain(en("messages.form.invalid"));
    expect(html).not.toContain("must be a date");
  });

  it("subscribe: Bangla choices and feeds line; English keeps its texts", async () => {
    const html = await page("/subscribe", "bn");
    for (const key of [
      "accounts.subscribe.title",
      "accounts.subscribe.intro",
      "accounts.subscription.topics",
      "accounts.subscription.frequency",
      "accounts.subscription.topic.notices",
      "accounts.subscription.weekly",
      "accounts.subscribe.submit",
    ] as const) {
      expect(html, key).toContain(bn(key));
    }
    expect(html).toContain(
      bn("accounts.subscription.topic.events", { category: bn("public.events.category.workshop.label") }),
    );
    expect(html).toContain(`<a href="/feeds/events.ics" class="underline">ইভেন্টের ক্যালেন্ডার</a>`);
    expect(html).not.toContain(en("accounts.subscribe.title"));
    expect(html).not.toContain("How often");

    const english = await page("/subscribe", "en");
    expect(english).toContain("Get club news by email");
    expect(english).toContain("A weekly digest (Mondays)");
    expect(english).toContain(`<a href="/feeds/events.ics" class="underline">the events calendar</a>`);
  });

  it("a subscription link that leads nowhere says so in Bangla", async () => {
    const html = await page("/unsubscribe/not-a-token", "bn");
    expect(html).toContain(bn("accounts.subscription.badLink"));
    expect(html).toContain(bn("accounts.subscription.subscribeAgain"));
    expect(html).not.toContain(en("accounts.subscription.badLink"));
  });

  it("join: the demo's open round with its closing date in Bangla digits, then the form in Bangla", async () => {
    const html = await page("/join", "bn");
    expect(html).toContain(bn("accounts.join.title"));
    expect(html).toMatch(/\d{4}-\d{4} সেশনের আবেদন চলবে [০-৯]+ \S+, [০-৯]{4} পর্যন্ত।/);
    expect(html).toContain(bn("accounts.join.logInToApply"));
    const english = await page("/join", "en");
    expect(english).toContain("Join the club");
    expect(english).toMatch(/Applications for the \d{4}-\d{4} session are open until \d+ \w+ \d{4}\./);

    const cookie = await signUp({ name: "Tania", email: "tania-bn@example.org", password: "a long passphrase 4" });
    const form = await page("/join", "bn", { cookie });
    for (const key of ["accounts.member.batch", "accounts.member.studentId", "accounts.join.apply"] as const) {
      expect(form, key).toContain(bn(key));
    }
    expect(form).toContain(bn("accounts.member.sessionHint", { example: "2020-2021" }));
    expect(form).not.toContain(">Student ID<");

    const apply = (lang: "en" | "bn") =>
      call("/join", {
        method: "POST",
        cookie: `lang=${lang}; ${cookie}`,
        form: { name: "Tania", batch: "5", session: "", studentId: "", photoURL: "https://example.org/tania.jpg" },
      });
    const applied = await apply("bn");
    expect(applied.status).toBe(200);
    expect(textOf(await applied.text())).toContain(bn("accounts.join.applied"));
    // A second application (another tab, say) is refused in the reader's language.
    const twice = await apply("bn");
    expect(twice.status).toBe(409);
    const refusal = textOf(await twice.text());
    expect(refusal).toContain(bn("accounts.join.appliedTwice"));
    expect(refusal).not.toContain(en("accounts.join.appliedTwice"));
    expect(textOf(await (await apply("en")).text())).toContain("You have already applied in this round.");
  });
});

describe("a signed-in member's profile form", () => {
  it("the member part of the profile page in Bangla", async () => {
    const cookie = await signUp({ name: "Nadia", email: "nadia-bn@example.org", password: "a long passphrase 3" });
    const html = await page("/dashboard/profile", "bn", { cookie });
    expect(html).toContain(bn("accounts.profile.memberHeading"));
    expect(html).toContain(bn("accounts.profile.noProfile"));
    expect(html).toContain(bn("accounts.certificates.heading"));
    expect(html).not.toContain(en("accounts.profile.noProfile"));
  });
});
