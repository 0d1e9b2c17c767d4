// Next.js 16 proxy (formerly middleware): every page request gets a fresh CSP nonce and its family's
// security headers (server/http/securityHeaders.ts). Next.js reads the nonce from the request's CSP
// header and puts it on its hydration scripts, so pages must render dynamically (app/layout.tsx).
// Not matched: the JSON API (static headers in next.config.mjs), built assets, prefetches, and /embed/
// (the widget sets its own policy from its session's allowed origins: server/http/embed.ts).
// Subscriber pages are refused here, 429 with Retry-After, while the client is throttled for wrong tokens:
// a page cannot set its own status.
import { type NextRequest, NextResponse } from "next/server";
import { config as serviceConfig } from "./server/config";
import {
  newNonce,
  PAGE_PATH_HEADER,
  pageCsp,
  pageFamily,
  pageHeaders,
  servedOverHttps,
} from "./server/http/securityHeaders";
import { throttledSubscriberPage } from "./server/http/subscriberPageThrottle";

export async function proxy(request: NextRequest) {
  const family = pageFamily(request.nextUrl.pathname);
  const https = servedOverHttps(request.nextUrl, request.headers);
  const nonce = newNonce();
  const csp = pageCsp(family === "widget" ? "site" : family, {
    nonce,
    https,
    dev: serviceConfig().NODE_ENV === "development",
  });
  const refused = family === "subscriber" ? await throttledSubscriberPage(request.headers) : null;
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  requestHeaders.set("x-nonce", nonce);
  // the page's language is resolved from its path (server/http/pageLocale.ts): the root layout cannot see it
  requestHeaders.set(PAGE_PATH_HEADER, request.nextUrl.pathname);
  const response = refused ?? NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(pageHeaders(family, csp, https))) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|api$|_next/static|_next/image|favicon.ico|embed/).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
