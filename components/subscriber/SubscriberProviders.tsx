"use client";
// The subscriber page's client context: its token and CSRF token for actions, the account clock's
// "now" for dates, the page's language for money and dates (the customer's: CustomerIntl), and the
// shared UI's words in that language (UiTextProvider).
import { useLocale, useTranslations } from "next-intl";
import { ConsoleProvider } from "@/components/ui/ConsoleContext";
import { UiTextProvider } from "@/components/ui/uiText";
import { intlLocale, isLocale } from "@/server/i18n/locales";
import { type PageKeys, PageKeysContext } from "./useSubscriberAction";

export function SubscriberProviders({
  keys,
  now,
  children,
}: {
  keys: PageKeys;
  now: string;
  children: React.ReactNode;
}) {
  const locale = useLocale();
  const t = useTranslations("ui");
  return (
    <PageKeysContext.Provider value={keys}>
      <UiTextProvider
        value={{
          close: t("close"),
          keepAsIs: t("keepAsIs"),
          pagination: (label) => t("pagination", { label }),
          range: (from, to, total) => t("range", { from, to, total }),
          previous: t("previous"),
          next: t("next"),
          pageOf: (page, pages) => t("pageOf", { page, pages }),
          billedByUsage: t("billedByUsage"),
          nothingDueNow: t("nothingDueNow"),
        }}
      >
        <ConsoleProvider value={{ timeZone: "UTC", locale: intlLocale(isLocale(locale) ? locale : "en"), now }}>
          {children}
        </ConsoleProvider>
      </UiTextProvider>
    </PageKeysContext.Provider>
  );
}
