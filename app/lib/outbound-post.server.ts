import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isLocalhostName, isPrivateAddress, literalAddressOf } from "./network-address.server";

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a name resolves to (the system's resolver, as a connection would use). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true });

/** The host resolved to (or is) an address on a private network; nothing was sent. */
export class PrivateAddressRefused extends Error {
  constructor() {
    super("refused: the address is on a private or local network");
  }
}

export interface OutboundPostOptions {
  timeoutMs: number;
  /** A self-hosted club's own chat server may live next to the site. */
  allowPrivateNetworks: boolean;
  resolve?: Resolver;
}

/**
 * Posts JSON to an address a user gave and answers only the response's status: the body is
 * never read, redirects are never followed. The name is resolved once, every address it has
 * is checked, and the connection goes to the checked one, so a DNS answer that changes
 * between the check and the connection (rebinding) can't point it elsewhere.
 */
export async function postJson(target: string, body: unknown, options: OutboundPostOptions): Promise<number> {
  const url = new URL(target);
  const address = await checkedAddress(url.hostname, options);
  const payload = Buffer.from(JSON.stringify(body));
  const client = url.protocol === "https:" ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": payload.length },
        lookup: pinnedLookup(address),
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

async function checkedAddress(hostname: string, options: OutboundPostOptions): Promise<ResolvedAddress> {
  const literal = literalAddressOf(hostname);
  if (literal) {
    if (!options.allowPrivateNetworks && isPrivateAddress(literal)) throw new PrivateAddressRefused();
    return { address: literal, family: literal.includes(":") ? 6 : 4 };
  }
  if (!options.allowPrivateNetworks && isLocalhostName(hostname)) throw new PrivateAddressRefused();
  const addresses = await (options.resolve ?? systemResolver)(hostname);
  const [first] = addresses;
  if (!first) throw Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" });
  if (!options.allowPrivateNetworks && addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new PrivateAddressRefused();
  }
  return first;
}

/** Answers the connection's lookup with the address already checked, in either form net asks for. */
function pinnedLookup(resolved: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
}
