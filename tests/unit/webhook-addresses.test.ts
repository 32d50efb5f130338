import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_PRIVATE_ADDRESS, webhookInput } from "~/features/notifications/webhooks";
import { webhookAddressErrors } from "~/features/notifications/webhooks.server";
import { sayFieldErrors, sayMessage } from "~/i18n/message.server";
import { fieldErrors } from "~/lib/field-errors";
import { isPrivateAddress } from "~/lib/network-address.server";
import { PrivateAddressRefused, postJson, type Resolver } from "~/lib/outbound-post.server";

/** What an admin might type to reach the server itself, its network or the cloud's metadata. */
const PRIVATE_URLS = [
  "http://127.0.0.1/hook",
  "http://localhost:3000/hook",
  "http://LOCALHOST./hook",
  "http://api.localhost/hook",
  "http://[::1]/hook",
  "http://0.0.0.0/hook",
  "http://2130706433/hook",
  "http://0x7f000001/hook",
  "http://0177.0.0.1/hook",
  "http://127.1/hook",
  "http://[::ffff:127.0.0.1]/hook",
  "http://169.254.169.254/latest/meta-data/",
  "http://10.0.0.5/hook",
  "http://192.168.1.1/hook",
  "http://172.16.0.1/hook",
  "http://100.64.0.1/hook",
  "http://[fd00:ec2::254]/hook",
  "http://[fe80::1]/hook",
  "http://[::]/hook",
];

/** The refusal as the API words it (English). */
const saving = (url: string, allowPrivateNetworks = false) => {
  const parsed = webhookInput.safeParse({ kind: "discord", name: "Chat", topics: ["notices"], url });
  const errors = parsed.success
    ? webhookAddressErrors(parsed.data, { allowPrivateNetworks })
    : fieldErrors(parsed.error);
  return errors && sayFieldErrors(errors, "en");
};

describe("saving a webhook's address", () => {
  it.each(PRIVATE_URLS)("refuses %s, naming the field", (url) => {
    expect(saving(url)).toEqual({ url: sayMessage(WEBHOOK_PRIVATE_ADDRESS, "en") });
    expect(sayMessage(WEBHOOK_PRIVATE_ADDRESS, "en")).toMatch(/^Webhook URL /);
  });

  it("refuses a user name or password in the address, even where private networks are allowed", () => {
    for (const url of [
      "https://user:pass@discord.com/api/webhooks/1/x",
      "https://discord.com@10.0.0.1/",
      "http://u@x.org/",
    ]) {
      expect(saving(url, true)).toEqual({ url: "Webhook URL must not hold a user name or password" });
    }
  });

  it("takes public addresses, and private ones when the setting allows them", () => {
    for (const url of [
      "https://discord.com/api/webhooks/1/abc",
      "http://8.8.8.8/hook",
      "https://[2606:4700::1111]/x",
    ]) {
      expect(saving(url)).toBeUndefined();
    }
    for (const url of PRIVATE_URLS) expect(saving(url, true)).toBeUndefined();
  });
});

describe("which addresses are private", () => {
  it("covers loopback, private, link-local, unique-local, CGNAT, unspecified and IPv4-mapped forms", () => {
    const blocked = ["127.8.9.10", "0.1.2.3", "10.255.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254"];
    blocked.push(
      "100.127.255.255",
      "::1",
      "::",
      "fc00::1",
      "fdff::1",
      "fe80::abcd",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
    );
    for (const address of blocked) expect(isPrivateAddress(address), address).toBe(true);
    const open = ["8.8.8.8", "172.32.0.1", "100.128.0.1", "1.1.1.1", "2606:4700::1111", "::ffff:8.8.8.8"];
    for (const address of open) expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe("posting to a webhook's address", () => {
  const hits: string[] = [];
  let sink: http.Server;
  let port = 0;

  beforeAll(async () => {
    sink = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      req.resume();
      if (req.url === "/moved") res.writeHead(302, { Location: `http://127.0.0.1:${port}/second` }).end();
      else res.writeHead(200).end("{}");
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    port = (sink.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => sink.close(resolve)));

  /** A resolver standing in for DNS: counts its calls and answers these addresses for any name. */
  const resolverOf = (...addresses: string[]) => {
    const calls: string[] = [];
    const resolve: Resolver = async (hostname) => {
      calls.push(hostname);
      return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    return { resolve, calls };
  };

  const options = { timeoutMs: 10_000, allowPrivateNetworks: false };

  it("refuses a name that resolves to a private address, and sends nothing", async () => {
    hits.length = 0;
    for (const addresses of [["127.0.0.1"], ["93.184.215.14", "10.0.0.1"], ["::ffff:127.0.0.1"]]) {
      const { resolve } = resolverOf(...addresses);
      await expect(postJson(`http://chat.example:${port}/hook`, {}, { ...options, resolve })).rejects.toBeInstanceOf(
        PrivateAddressRefused,
      );
    }
    await expect(postJson(`http://localhost:${port}/hook`, {}, options)).rejects.toBeInstanceOf(PrivateAddressRefused);
    await expect(postJson(`http://127.0.0.1:${port}/hook`, {}, options)).rejects.toBeInstanceOf(PrivateAddressRefused);
    expect(hits).toEqual([]);
  });

  it("connects to the address it checked, resolving the name once", async () => {
    hits.length = 0;
    const { resolve, calls } = resolverOf("127.0.0.1");
    // chat.example resolves nowhere real: only the checked address can have been used.
    const status = await postJson(
      `http://chat.example:${port}/hook`,
      { text: "hi" },
      {
        ...options,
        allowPrivateNetworks: true,
        resolve,
      },
    );
    expect(status).toBe(200);
    expect(calls).toEqual(["chat.example"]);
    expect(hits).toEqual(["/hook"]);
  });

  it("follows no redirect: the status is the answer", async () => {
    hits.length = 0;
    const status = await postJson(`http://127.0.0.1:${port}/moved`, {}, { ...options, allowPrivateNetworks: true });
    expect(status).toBe(302);
    expect(hits).toEqual(["/moved"]);
  });
});
