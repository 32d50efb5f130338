import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { textOf } from "../support/i18n-pages";
import { bn, en } from "../support/messages";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";

/**
 * The webhooks screen refuses, when saving, an address on this machine, its networks or the
 * cloud's metadata service, and one holding a user name or password: on the production build,
 * with WEBHOOK_ALLOW_PRIVATE_NETWORKS unset, as a browser without JavaScript posts the form.
 */
let server: RunningServer;
let admin = "";
const { call } = httpClient(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "true" });
  admin = await signInDemoAdmin(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function addWebhook(url: string, lang = "en") {
  const form = new URLSearchParams({ intent: "create", kind: "slack", name: `Chat ${url}`, url, topics: "notices" });
  const response = await call("/dashboard/webhooks", {
    method: "POST",
    cookie: `lang=${lang}; ${admin}`,
    headers: { Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  return { status: response.status, text: textOf(await response.text()) };
}

const privateAddress = en("messages.field.publicAddress", { field: en("messages.fields.webhookUrl") });

describe("saving a webhook's address", () => {
  it.each([
    "http://127.0.0.1/hook",
    "http://localhost:3000/hook",
    "http://[::1]/hook",
    "http://0.0.0.0/hook",
    "http://2130706433/hook",
    "http://0x7f000001/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.1.2.3/hook",
    "http://192.168.0.10/hook",
  ])("refuses %s with a message on the field", async (url) => {
    const answer = await addWebhook(url);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(privateAddress);
    expect(answer.text).not.toContain(en("tools.webhooks.added"));
  });

  it("refuses a user name and password in the address", async () => {
    const answer = await addWebhook("https://user:pass@hooks.slack.com/services/T/B/x");
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(en("messages.field.noCredentials", { field: en("messages.fields.webhookUrl") }));
  });

  it("says so in Bangla for a Bangla reader", async () => {
    const answer = await addWebhook("http://127.0.0.1/hook", "bn");
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(bn("messages.field.publicAddress", { field: bn("messages.fields.webhookUrl") }));
  });

  it("saves a public address", async () => {
    const answer = await addWebhook("https://hooks.slack.com/services/T0/B0/abc");
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(en("tools.webhooks.added"));
  });
});
