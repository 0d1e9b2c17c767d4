// Which network address a request came from: the one place it is derived (the app server,
// scripts/lib/appServer.mjs, puts the result into CLIENT_ADDRESS_HEADER for every throttle to read through
// server/clientAddress.ts). The TCP peer is the client unless TRUST_PROXY says it is a proxy of ours; only
// then is X-Forwarded-For read, from the right (the end our proxies appended), over trusted hops only. The
// entries further left are whatever the client wrote, so without TRUST_PROXY the header is ignored.
import { BlockList, isIP } from "node:net";

/** The request header the app server sets (replacing any value the client sent) and clientAddress() reads. */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

const MAX_LENGTH = 100;

/**
 * TRUST_PROXY → which peers are our proxies. Unset, "", "0", "false" or "none": nobody (the socket's peer is the
 * client). A number N: the last N hops (the peer and the N − 1 entries before it) are proxies. Otherwise a
 * comma-separated list of addresses, CIDR ranges and "loopback" (127.0.0.0/8, ::1): a peer in the list is a
 * proxy. Anything else throws (the app server refuses to start on it).
 */
export function parseTrustProxy(value) {
  const text = (value ?? "").trim();
  if (text === "" || /^(0|false|none)$/i.test(text)) return { hops: 0, list: null };
  if (/^\d+$/.test(text)) return { hops: Number(text), list: null };
  const list = new BlockList();
  for (const part of text.split(",").map((p) => p.trim())) {
    if (part.toLowerCase() === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [address, bits, extra] = part.split("/");
    const family = isIP(address);
    const width = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= width)))
      throw new Error(
        `TRUST_PROXY: "${part}" is not a number of proxy hops, an address, a CIDR range or "loopback" (see docs/deployment.md).`,
      );
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return { hops: 0, list };
}

/** An address as written by a socket or a proxy → its plain form ("::ffff:1.2.3.4" and "1.2.3.4:80" → 1.2.3.4), or null. */
export function normalizeAddress(value) {
  let v = String(value ?? "").trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracketed) v = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(":"));
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(v)) v = v.slice(7);
  return isIP(v) ? v.toLowerCase() : null;
}

function trusted(trust, address, hopsTaken) {
  if (trust.list) return trust.list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
  return hopsTaken < trust.hops;
}

/**
 * The socket's peer is a proxy of ours (TRUST_PROXY): then what it writes into headers is believed, such as its
 * X-Request-Id. With a hop count, any peer is (the count says a proxy always stands in front).
 */
export function peerIsProxy(peer, trust) {
  if (trust.hops) return true;
  const address = normalizeAddress(peer);
  return !!trust.list && !!address && trusted(trust, address, 0);
}

/**
 * The client's address: the socket's peer, then, while the current address is a trusted proxy, the
 * X-Forwarded-For entry before it. A malformed entry ends the walk (the last proxy that wrote it is the
 * client as far as we can tell).
 */
export function clientAddressOf(peer, forwardedFor, trust) {
  let address = normalizeAddress(peer) ?? "unknown";
  if (!trust.hops && !trust.list) return address;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "")).split(",");
  let hops = 0;
  for (let i = chain.length - 1; i >= 0 && address !== "unknown" && trusted(trust, address, hops); i--) {
    const next = normalizeAddress(chain[i]);
    if (!next) break;
    address = next;
    hops++;
  }
  return address.slice(0, MAX_LENGTH);
}
