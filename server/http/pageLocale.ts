// The language of the page being rendered (issue 33, docs/decisions.md "Languages"), once per request:
// the portal: the session's language, then the customer's stored one; the subscriber page and the hosted card
// form: the customer's stored one; then the browser's (Accept-Language); else English. The console, the docs
// and the site are English. proxy.ts passes the page's path in PAGE_PATH_HEADER (a layout cannot see it).
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { getDb } from "@/server/db";
import { preferredLocaleOfRegistration, preferredLocaleOfSubscriberToken } from "@/server/domain/portal/language";
import { PORTAL_COOKIE, portalAccess } from "@/server/domain/portal/sessions";
import { type Locale, resolveLocale } from "@/server/i18n/locales";
import { requestBaseClock } from "@/server/requestClock";
import { PAGE_PATH_HEADER, pageFamily } from "./securityHeaders";

export const pageLocale = cache(async (): Promise<Locale> => {
  const h = await headers();
  const path = h.get(PAGE_PATH_HEADER) ?? "";
  const family = pageFamily(path);
  if (family !== "subscriber" && family !== "card-form") return "en";
  const acceptLanguage = h.get("accept-language");
  if (path === "/portal" || path.startsWith("/portal/")) {
    const access = await portalAccess(getDb(), (await cookies()).get(PORTAL_COOKIE)?.value, requestBaseClock());
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
});
