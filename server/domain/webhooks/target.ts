// Where a webhook URL leads: its shape (http/https, no credentials) and the address it resolves to.
// Used when an endpoint is created (fail early with a 400) and again before every delivery, whose
// connection is then pinned to the address checked here (a rebinding DNS cannot switch it).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { type Config, config, productionEnvironment } from "@/server/config";
import { isAllowedAddress, isLoopbackName } from "./addresses";

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address a host name resolves to (injectable, so tests can play a rebinding DNS). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface NetworkPolicy {
  /** The local-development exception: 127.0.0.0/8 and ::1 become allowed (nothing else does). */
  allowLoopback: boolean;
  resolve: Resolver;
}

/**
 * `WEBHOOKS_ALLOW_LOOPBACK=1` turns the loopback exception on, except in production where it is ignored: a
 * production service must never post to itself or to its neighbours on the same host. Production is the
 * environment the operator asked for, as for the secrets check (`productionEnvironment` in server/config.ts):
 * `next start` forces NODE_ENV=production, so `npm start` and the e2e runner pass the real one as APP_ENV;
 * without APP_ENV, NODE_ENV decides (a bare `next start` stays guarded).
 */
export function loopbackAllowedByConfig(cfg: Config = config()): boolean {
  return cfg.WEBHOOKS_ALLOW_LOOPBACK && !productionEnvironment(cfg);
}

export function networkPolicy(overrides: Partial<NetworkPolicy> = {}): NetworkPolicy {
  return {
    allowLoopback: overrides.allowLoopback ?? loopbackAllowedByConfig(),
    resolve: overrides.resolve ?? systemResolver,
  };
}

export const URL_MESSAGES = {
  scheme: "An http(s) URL is required.",
  credentials: "The URL must not contain a user name or password.",
  address: "Webhook URLs may not point at loopback, private, link-local or other non-public addresses.",
} as const;

/** What is wrong with the URL itself (before any DNS), or null. */
export function urlShapeProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return URL_MESSAGES.scheme;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return URL_MESSAGES.scheme;
  if (url.username || url.password) return URL_MESSAGES.credentials;
  if (!url.hostname) return URL_MESSAGES.scheme;
  return null;
}

/** The URL's host as an address or name: without IPv6 brackets or a trailing dot, lower case. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
}

export type Target =
  | { ok: true; address: string; family: 4 | 6 }
  | { ok: false; reason: "invalid" | "not_allowed" | "unresolved" };

/**
 * Checks a URL and resolves its host: refused when the URL is malformed or when the host is, or resolves
 * to, any disallowed address (one bad address among several is enough); else the address to connect to.
 * WHATWG URL parsing has already normalised every IPv4 notation (2130706433, 0x7f000001, 0177.0.0.1,
 * 127.1) to dotted decimal, so an IP literal is recognised here whatever way it was written.
 */
export async function resolveTarget(raw: string, policy: NetworkPolicy): Promise<Target> {
  if (urlShapeProblem(raw)) return { ok: false, reason: "invalid" };
  const host = hostOf(new URL(raw));
  const literal = isIP(host);
  if (literal)
    return isAllowedAddress(host, policy.allowLoopback)
      ? { ok: true, address: host, family: literal as 4 | 6 }
      : { ok: false, reason: "not_allowed" };
  if (isLoopbackName(host) && !policy.allowLoopback) return { ok: false, reason: "not_allowed" };
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.resolve(host);
  } catch {
    return { ok: false, reason: "unresolved" };
  }
  const usable = addresses.filter((a) => isIP(a.address));
  if (!usable.length) return { ok: false, reason: "unresolved" };
  if (usable.some((a) => !isAllowedAddress(a.address, policy.allowLoopback)))
    return { ok: false, reason: "not_allowed" };
  return { ok: true, address: usable[0].address, family: isIP(usable[0].address) as 4 | 6 };
}

/** `pending`, or `onTimeout()` once `ms` have passed (a DNS lookup cannot be cancelled, only no longer waited for). */
export function withTimeout<T>(pending: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout()), ms);
  });
  return Promise.race([pending, late]).finally(() => clearTimeout(timer));
}
