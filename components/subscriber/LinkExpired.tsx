// The subscriber page of a link the seller rotated or let expire: says so and whom to ask, instead of a 404.
import { translator } from "@/server/i18n/catalog";
import type { Locale } from "@/server/i18n/locales";

export function LinkExpired({ seller, locale }: { seller: string; locale: Locale }) {
  const t = translator(locale, "subscriber");
  return (
    <main className="mx-auto max-w-2xl p-4">
      <h1 className="text-xl font-semibold">{t("linkExpired")}</h1>
      <p className="mt-2 text-sm" data-testid="link-expired">
        {t("askSeller", { seller })}
      </p>
    </main>
  );
}
