// Security headers of the HTML pages, one Content-Security-Policy per page family. Pure functions: proxy.ts
// applies them to every page request (with a fresh nonce), the embeddable widget computes its own from the
// session's allowed origins. The JSON API's headers are static and live in next.config.mjs.

export type PageFamily = "console" | "subscriber" | "card-form" | "docs" | "widget" | "site";

export interface PolicyOptions {
  /** Per-request nonce: Next.js finds it in the request's CSP header and puts it on its own scripts. */
  nonce: string;
  /** `next dev`: React rebuilds server error stacks with eval (never in production builds). */
  dev?: boolean;
  /** The request came over HTTPS (adds HSTS and upgrade-insecure-requests). */
  https?: boolean;
}

export const HSTS = "max-age=31536000; includeSubDomains";

/** Which family a page path belongs to; anything unlisted (home, 404) is "site". */
/** The page's path, set on the request by proxy.ts for the page's language (pageLocale.ts). */
export const PAGE_PATH_HEADER = "x-page-path";

export function pageFamily(pathname: string): PageFamily {
  if (
    pathname === "/login" ||
    pathname.startsWith("/login/") ||
    pathname === "/admin" ||
    pathname.startsWith("/admin/")
  )
    return "console";
  if (pathname.startsWith("/change_contract/") || pathname === "/portal" || pathname.startsWith("/portal/"))
    return "subscriber";
  if (pathname.startsWith("/pay/")) return "card-form";
  if (pathname === "/docs" || pathname.startsWith("/docs/")) return "docs";
  if (pathname.startsWith("/embed/")) return "widget";
  return "site";
}

// What differs between families. Every family loads only this origin's scripts, styles and data.
const FAMILY: Record<PageFamily, { formAction: string; noStore: boolean }> = {
  // next-auth's sign-in and sign-out post to this origin; tRPC fetches /api/trpc (connect-src 'self')
  console: { formAction: "'self'", noStore: true },
  // the token in the path is the customer's capability: never cached, never sent to other origins
  subscriber: { formAction: "'self'", noStore: true },
  // the form is submitted by script only: a native submission before hydration would put the card
  // number into the URL, so form-action 'none' refuses it
  "card-form": { formAction: "'none'", noStore: true },
  docs: { formAction: "'none'", noStore: false },
  widget: { formAction: "'self'", noStore: true },
  site: { formAction: "'self'", noStore: false },
};

/** `https://host[:port]` or `http://host[:port]` and nothing else: a stored origin cannot add directives. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;

/** The frame-ancestors sources for a list of origins ('none' when none is valid). */
export function frameAncestors(origins: readonly string[]): string {
  const valid = [...new Set(origins.filter((o) => ORIGIN.test(o)))];
  return valid.length ? valid.join(" ") : "'none'";
}

function policy(family: PageFamily, o: PolicyOptions, ancestors: string, images: readonly string[] = []): string {
  const scripts = ["'self'", `'nonce-${o.nonce}'`, "'strict-dynamic'", ...(o.dev ? ["'unsafe-eval'"] : [])];
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    // no nonce here: a nonce would disable 'unsafe-inline', which React style attributes need
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...images.filter((i) => ORIGIN.test(i))].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
    `form-action ${FAMILY[family].formAction}`,
    `frame-ancestors ${ancestors}`,
    ...(o.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** The Content-Security-Policy of a page family that nothing may frame. */
export function pageCsp(family: Exclude<PageFamily, "widget">, o: PolicyOptions): string {
  return policy(family, o, "'none'");
}

/**
 * The embeddable checkout widget's policy: only the session's allowed origins may frame it; `imageOrigins`
 * (the origin of the channel's logo) may serve its images.
 */
export function widgetCsp(
  allowedOrigins: readonly string[],
  o: PolicyOptions,
  imageOrigins: readonly string[] = [],
): string {
  return policy("widget", o, frameAncestors(allowedOrigins), imageOrigins);
}

/** True when the request reached us (or the TLS-terminating proxy in front) over HTTPS. */
export function servedOverHttps(url: URL | string, headers: Headers): boolean {
  if (new URL(url).protocol === "https:") return true;
  const forwarded = headers.get("x-forwarded-proto");
  return forwarded !== null && forwarded.split(",")[0].trim().toLowerCase() === "https";
}

/** Every security header of a page response, around its policy `csp`. */
export function pageHeaders(family: PageFamily, csp: string, https: boolean): Record<string, string> {
  const h: Record<string, string> = {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    // full referrer only to this origin: the token paths (subscriber page, card form) never leave it
    "referrer-policy": "same-origin",
  };
  // X-Frame-Options cannot name origins: the widget relies on frame-ancestors alone
  if (family !== "widget") h["x-frame-options"] = "DENY";
  if (FAMILY[family].noStore) h["cache-control"] = "no-store";
  if (https) h["strict-transport-security"] = HSTS;
  return h;
}

/** A fresh 128-bit nonce (base64), unguessable and unique per request. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
