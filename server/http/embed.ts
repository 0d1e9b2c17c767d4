// The embeddable checkout widget's page, /embed/checkout/<session token>: an HTML shell and a small plain
// script (public/embed/checkout-app.js, with its helpers in checkout-kit.js, loaded first) that runs the whole flow on the public session routes. Unlike
// every other page it may be framed, but only by the origins in its session's snapshot: its
// Content-Security-Policy says `frame-ancestors <allowed origins>`, computed here per session (proxy.ts
// does not match /embed/, because it cannot know the session's origins); any other origin sees nothing.
// Opened directly (not framed), the same page is the session's hosted checkout page.
// Its language: the `locale` the seller gave the loader (?locale=, see public/embed/v1.js), else the browser's
// (Accept-Language), else English; the page carries the "widget" catalog of messages/<locale>.json for its script.
import { config } from "@/server/config";
import { getDb } from "@/server/db";
import { snapshotOf } from "@/server/domain/sessions/sessions";
import { MESSAGES } from "@/server/i18n/catalog";
import { intlLocale, type Locale, resolveLocale } from "@/server/i18n/locales";
import { newNonce, pageHeaders, servedOverHttps, widgetCsp } from "./securityHeaders";

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;
/** Bump with a change of checkout-kit.js, checkout-app.js or checkout.css: a new URL, so no stale copy is used. */
export const WIDGET_ASSETS_VERSION = "5";

/** The widget page's security headers for a session's allowed origins (and its logo's origin). */
export function embedHeaders(
  allowedOrigins: readonly string[],
  req: Request,
  nonce = newNonce(),
  imageOrigins: readonly string[] = [],
): Record<string, string> {
  const https = servedOverHttps(req.url, req.headers);
  return pageHeaders(
    "widget",
    widgetCsp(allowedOrigins, { nonce, https, dev: config().NODE_ENV === "development" }, imageOrigins),
    https,
  );
}

const escapeAttr = (v: string) =>
  v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function originOf(url: unknown): string[] {
  if (typeof url !== "string") return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** The shell: the script reads the token and the allowed origins (postMessage targets) from #checkout. */
function shell(
  token: string,
  allowedOrigins: readonly string[],
  channel: string,
  nonce: string,
  locale: Locale,
): string {
  const v = WIDGET_ASSETS_VERSION;
  const words = MESSAGES[locale].widget;
  const title = words.title.replace("{channel}", channel);
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeAttr(title)}</title><link rel="stylesheet" href="/embed/checkout.css?v=${v}"></head><body><main id="checkout" data-token="${escapeAttr(token)}" data-allowed-origins="${escapeAttr(JSON.stringify(allowedOrigins))}" data-intl-locale="${intlLocale(locale)}" data-messages="${escapeAttr(JSON.stringify(words))}" aria-live="polite"><p class="muted">${escapeAttr(words.loading)}</p></main><noscript><p>${escapeAttr(words.needsJs)}</p></noscript><script nonce="${nonce}" src="/embed/checkout-kit.js?v=${v}" defer></script><script nonce="${nonce}" src="/embed/checkout-app.js?v=${v}" defer></script></body></html>`;
}

export async function embedCheckoutPage(req: Request, token: string): Promise<Response> {
  const session = TOKEN.test(token) ? await getDb().checkoutSession.findUnique({ where: { token } }) : null;
  if (!session) {
    return new Response("Not found.", {
      status: 404,
      headers: { ...embedHeaders([], req), "content-type": "text/plain; charset=utf-8" },
    });
  }
  const snapshot = snapshotOf(session);
  const nonce = newNonce();
  const logo = originOf((snapshot.theme as Record<string, unknown> | null)?.logo_url);
  const locale = resolveLocale({
    widget: new URL(req.url).searchParams.get("locale"),
    acceptLanguage: req.headers.get("accept-language"),
  });
  const html = shell(token, snapshot.allowed_origins, snapshot.sales_channel.name, nonce, locale);
  return new Response(html, {
    headers: {
      ...embedHeaders(snapshot.allowed_origins, req, nonce, logo),
      "content-type": "text/html; charset=utf-8",
    },
  });
}
