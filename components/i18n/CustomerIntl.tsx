// The customer pages' translations (issue 33): the portal, the subscriber page and the hosted card form each
// wrap their pages in this from their layout, with the language pageLocale() resolved for the request. The
// console has no provider: it stays English. Dates and money format through <SubscriberProviders> (intlLocale).
import { NextIntlClientProvider } from "next-intl";
import { MESSAGES } from "@/server/i18n/catalog";
import type { Locale } from "@/server/i18n/locales";

export function CustomerIntl({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  return (
    // every option given: next-intl then reads no request config (there is none: no i18n routing)
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC" formats={{}} now={new Date()}>
      {children}
    </NextIntlClientProvider>
  );
}
