// The origin absolute URLs are built on (subscriber_page, hosted_url, widget URLs, pagination links): the
// configured public URL (APP_URL, else PUBLIC_URL, else NEXTAUTH_URL unless `npm start` only defaulted
// it) when there is one, otherwise the origin the request itself came to (its Host header and, behind a
// TLS proxy, X-Forwarded-Proto), so a request to 127.0.0.1:3000 gets links on 127.0.0.1:3000. That fallback
// is for development only: the client writes Host, so a production deployment refuses to start without
// APP_URL (the production requirements in server/config.ts).
import { type Config, config } from "./config";

/** `host[:port]` as a browser sends it: a name or IPv4 address, or a bracketed IPv6 address. */
const HOST = /^(?:[a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

/** The configured public origin (APP_URL, PUBLIC_URL, NEXTAUTH_URL in that order), or null when none is set. */
export function configuredOrigin(cfg: Config = config()): string | null {
  // `npm start` fills in NEXTAUTH_URL=http://localhost:PORT for next-auth when none is set: not a choice
  const nextAuth = cfg.NEXTAUTH_URL_DEFAULTED ? undefined : cfg.NEXTAUTH_URL;
  return originOf(cfg.APP_URL) ?? originOf(cfg.PUBLIC_URL) ?? originOf(nextAuth);
}

/** The origin the request was addressed to, from its Host header (else its URL). */
export function requestOrigin(req: Pick<Request, "url" | "headers">): string {
  const url = new URL(req.url);
  const host = req.headers.get("host");
  if (!host || !HOST.test(host)) return url.origin;
  const forwarded = req.headers.get("x-forwarded-proto")?.split(",")[0].trim().toLowerCase();
  const proto = forwarded === "https" || forwarded === "http" ? forwarded : url.protocol.slice(0, -1);
  return originOf(`${proto}://${host}`) ?? url.origin;
}

/** Where absolute links point: the configured public origin, else the request's own. */
export function publicOrigin(req: Pick<Request, "url" | "headers">, cfg: Config = config()): string {
  return configuredOrigin(cfg) ?? requestOrigin(req);
}

/** `url` moved onto `origin` (same path and query): a link to hand back to the caller. */
export function onOrigin(url: URL, origin: string): URL {
  return new URL(url.pathname + url.search, origin);
}
