"use client";
// The subscriber page's client context: its token and CSRF token for actions, the account clock's
// "now" for dates, and the toaster-free defaults of the shared UI (UTC dates).
import { ConsoleProvider } from "@/components/ui/ConsoleContext";
import { DEFAULT_LOCALE } from "@/components/ui/money";
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
  return (
    <PageKeysContext.Provider value={keys}>
      <ConsoleProvider value={{ timeZone: "UTC", locale: DEFAULT_LOCALE, now }}>{children}</ConsoleProvider>
    </PageKeysContext.Provider>
  );
}
