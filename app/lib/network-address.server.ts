import net from "node:net";

/**
 * Addresses an outgoing request made for a user (a webhook) must never reach: this machine,
 * the networks behind it and the cloud's metadata service. Node's BlockList also matches an
 * IPv4 rule against the same address written as IPv4-mapped IPv6 (::ffff:127.0.0.1).
 */
const PRIVATE_IPV4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local machine
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT, and some clouds' metadata (100.100.100.200)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, with the metadata service at 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];

const PRIVATE_IPV6: [string, number][] = [
  ["::", 96], // the unspecified address, loopback (::1) and the old IPv4-compatible form
  ["64:ff9b:1::", 48], // local NAT64
  ["fc00::", 7], // unique-local, with AWS's metadata at fd00:ec2::254
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
];

const privateNetworks = new net.BlockList();
for (const [address, prefix] of PRIVATE_IPV4) privateNetworks.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of PRIVATE_IPV6) privateNetworks.addSubnet(address, prefix, "ipv6");

/** Whether an IP address (v4 or v6, without brackets) is loopback, private, link-local, unique-local or reserved. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) throw new TypeError(`not an IP address: ${address}`);
  return privateNetworks.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A URL's hostname as an IP address when it is one (`[::1]` → `::1`), else undefined. */
export function literalAddressOf(hostname: string): string | undefined {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : undefined;
}

/** `localhost` and its subdomains always name this machine (RFC 6761), whatever DNS says. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/**
 * Whether a URL's host is known to be on a private network without asking DNS: an address
 * in a private range or a localhost name. (`new URL` already turned 2130706433, 0x7f000001
 * and 0177.0.0.1 into 127.0.0.1.)
 */
export function isPrivateHost(hostname: string): boolean {
  const literal = literalAddressOf(hostname);
  return literal ? isPrivateAddress(literal) : isLocalhostName(hostname);
}
