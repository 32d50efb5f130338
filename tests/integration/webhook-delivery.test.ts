import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookInput } from "~/features/notifications/webhooks";
import { createWebhook, postToWebhook } from "~/features/notifications/webhooks.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * One post to a webhook as its job makes it, against local HTTP servers: where it may go,
 * that no redirect is followed, and that a failure says the status alone.
 */
const SECRET = "w".repeat(40);
const message = { kicker: "New notice", title: "Exams", summary: "Room 301.", url: "https://club.example.org/n" };
let testDb: TestDatabase;
let chat: http.Server;
let chatOrigin = "";
const hits: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  chat = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    req.resume();
    if (req.url === "/moved") res.writeHead(302, { Location: `${chatOrigin}/elsewhere` }).end();
    else if (req.url === "/broken") res.writeHead(500).end("stack trace of the chat server: internals");
    else res.writeHead(200).end("{}");
  });
  await new Promise<void>((resolve) => chat.listen(0, "127.0.0.1", resolve));
  chatOrigin = `http://127.0.0.1:${(chat.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  chat?.close();
  await testDb?.close();
});

async function postVia(url: string, allowPrivateNetworks: boolean, name = "Club chat") {
  const input = webhookInput.parse({ kind: "discord", name, topics: ["notices"], url });
  const webhookId = await createWebhook(testDb.db, SECRET, input);
  return postToWebhook(testDb.db, {
    webhookId,
    message,
    secret: SECRET,
    telegramApiUrl: "https://api.telegram.org",
    allowPrivateNetworks,
  });
}

describe("posting to a webhook", () => {
  it("refuses at send time a name that resolves to this machine, and sends nothing", async () => {
    hits.length = 0;
    const port = new URL(chatOrigin).port;
    for (const url of [`http://localhost:${port}/hook`, `${chatOrigin}/hook`]) {
      await expect(postVia(url, false, "Local chat")).rejects.toThrow(
        "Local chat (discord): not posted, its address is on a private or local network",
      );
    }
    expect(hits).toEqual([]);
  });

  it("posts there when private networks are allowed", async () => {
    hits.length = 0;
    await postVia(`${chatOrigin}/hook`, true);
    expect(hits).toEqual(["/hook"]);
  });

  it("follows no redirect: the address it points to is never asked", async () => {
    hits.length = 0;
    await expect(postVia(`${chatOrigin}/moved`, true, "Moved chat")).rejects.toThrow(
      /^Moved chat \(discord\) answered 302$/,
    );
    expect(hits).toEqual(["/moved"]);
  });

  it("a failure says the status alone, never what the server answered", async () => {
    await expect(postVia(`${chatOrigin}/broken`, true, "Broken chat")).rejects.toThrow(
      /^Broken chat \(discord\) answered 500$/,
    );
  });
});
