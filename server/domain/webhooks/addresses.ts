// Which IP addresses a webhook may be sent to (SSRF protection): only globally routable unicast ones.
// Node's own `net.BlockList` does the range matching (it also matches IPv4-mapped IPv6 addresses such as
// ::ffff:127.0.0.1 against the IPv4 ranges), so no address parsing of our own decides anything.
import { BlockList, isIP } from "node:net";

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

// IANA special-purpose ranges that are not globally reachable, plus multicast and broadcast.
const V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 = unspecified
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24], // protocol assignments, documentation
  ["192.88.99.0", 24],
  ["198.18.0.0", 15], // 6to4 relay anycast, benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, including the broadcast address 255.255.255.255
];
const V6: [string, number][] = [
  ["::", 96], // unspecified ::, loopback ::1 and the deprecated IPv4-compatible ::a.b.c.d
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48], // NAT64: would reach whatever IPv4 address is embedded
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID …)
  ["2001:db8::", 32],
  ["3fff::", 20], // documentation
  ["2002::", 16], // 6to4: embeds an IPv4 address, possibly a private one
  ["fc00::", 7], // unique-local
  ["fe80::", 10],
  ["fec0::", 10], // link-local, deprecated site-local
  ["ff00::", 8], // multicast
];
const FORBIDDEN = new BlockList();
for (const [net, bits] of V4) FORBIDDEN.addSubnet(net, bits, "ipv4");
for (const [net, bits] of V6) FORBIDDEN.addSubnet(net, bits, "ipv6");

const familyOf = (ip: string) => (isIP(ip) === 6 ? "ipv6" : "ipv4");

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(ip: string): boolean {
  return isIP(ip) !== 0 && LOOPBACK.check(ip, familyOf(ip));
}

/**
 * True when a webhook may connect to `ip`: a public unicast address, or a loopback one when the
 * local-development exception is on (never private, link-local or any other range).
 */
export function isAllowedAddress(ip: string, allowLoopback: boolean): boolean {
  if (isIP(ip) === 0) return false;
  if (!FORBIDDEN.check(ip, familyOf(ip))) return true;
  return allowLoopback && isLoopbackAddress(ip);
}

/** `localhost` and `*.localhost` always mean this machine (RFC 6761), whatever DNS says. */
export function isLoopbackName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost");
}
