// The embeddable checkout widget's page, /embed/checkout/<session token> (placeholder until the widget
// issue builds the real page). Unlike every other page it may be framed, but only by the origins in its
// session's snapshot: its Content-Security-Policy says `frame-ancestors <allowed origins>`, computed
// here per session (proxy.ts does not match /embed/, because it cannot know the session's origins).
// The later page must keep answering through `embedHeaders` (e.g. keep this route handler serving the
// HTML shell, or look the origins up the same way before rendering) — never the proxy's default policy.
import { getDb } from "@/server/db";
import { snapshotOf } from "@/server/domain/sessions/sessions";
import { newNonce, pageHeaders, servedOverHttps, widgetCsp } from "./security-headers";

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** The widget page's security headers for a session's allowed origins. */
export function embedHeaders(
  allowedOrigins: readonly string[],
  req: Request,
  nonce = newNonce(),
): Record<string, string> {
  const https = servedOverHttps(req.url, req.headers);
  return pageHeaders(
    "widget",
    widgetCsp(allowedOrigins, { nonce, https, dev: process.env.NODE_ENV === "development" }),
    https,
  );
}

export async function embedCheckoutPage(req: Request, token: string): Promise<Response> {
  const session = TOKEN.test(token) ? await getDb().checkoutSession.findUnique({ where: { token } }) : null;
  if (!session) {
    return new Response("Not found.", {
      status: 404,
      headers: { ...embedHeaders([], req), "content-type": "text/plain; charset=utf-8" },
    });
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout</title></head><body><main data-testid="embed-placeholder"><p>Checkout</p></main></body></html>`;
  return new Response(html, {
    headers: { ...embedHeaders(snapshotOf(session).allowed_origins, req), "content-type": "text/html; charset=utf-8" },
  });
}
