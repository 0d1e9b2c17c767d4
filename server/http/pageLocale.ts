// The language of the page being rendered (issue 33, docs/decisions.md "Languages"), once per request:
// the portal: the session's language, then the customer's stored one; the subscriber page and the hosted card
// form: the customer's stored one; then the browser's (Accept-Language); else English. The console, the docs
// and the site are English. proxy.ts passes the page's path in PAGE_PATH_HEADER (a layout cannot see it); a
// route handler (a receipt's PDF) passes its request instead.
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { getDb } from "@/server/db";
import { preferredLocaleOfRegistration, preferredLocaleOfSubscriberToken } from "@/server/domain/portal/language";
import { PORTAL_COOKIE, portalAccess } from "@/server/domain/portal/sessions";
import { type Locale, resolveLocale } from "@/server/i18n/locales";
import { requestBaseClock } from "@/server/requestClock";
import { portalCookieOf } from "./portal";
import { PAGE_PATH_HEADER, pageFamily } from "./securityHeaders";

async function localeOf(path: string, h: Headers, portalCookie: string | undefined): Promise<Locale> {
  const family = pageFamily(path);
  if (family !== "subscriber" && family !== "card-form") return "en";
  const acceptLanguage = h.get("accept-language");
  if (path === "/portal" || path.startsWith("/portal/")) {
    const access = await portalAccess(getDb(), portalCookie, requestBaseClock());
    return resolveLocale({ session: access?.locale, preference: access?.preferredLocale, acceptLanguage });
  }
  const subscriber = /^\/change_contract\/([^/]+)/.exec(path);
  if (subscriber)
    return resolveLocale({
      preference: await preferredLocaleOfSubscriberToken(getDb(), decodeURIComponent(subscriber[1])),
      acceptLanguage,
    });
  const card = /^\/pay\/registrations\/([^/]+)/.exec(path);
  if (card)
    return resolveLocale({
      preference: await preferredLocaleOfRegistration(getDb(), decodeURIComponent(card[1])),
      acceptLanguage,
    });
  return resolveLocale({ acceptLanguage });
}

/** The rendered page's language (layouts and pages). */
export const pageLocale = cache(async (): Promise<Locale> => {
  const h = await headers();
  return localeOf(h.get(PAGE_PATH_HEADER) ?? "", h, (await cookies()).get(PORTAL_COOKIE)?.value);
});

/** A route handler's language, from its own request (its path, cookie and Accept-Language). */
export const requestLocale = (req: Request): Promise<Locale> =>
  localeOf(new URL(req.url).pathname, req.headers, portalCookieOf(req.headers));
