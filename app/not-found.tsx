import type { Metadata } from "next";
import { NotFoundPanel } from "@/components/ui/NotFoundPanel";
import { pageLocale } from "@/server/http/pageLocale";
import { translator } from "@/server/i18n/catalog";

// in the customer's language on a customer page (an unknown receipt, token or card form), else English
export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await pageLocale(), "notFound")("pageTitle") };
}

export default async function NotFound() {
  const t = translator(await pageLocale(), "notFound");
  return (
    <main id="main" className="px-4 py-16">
      <NotFoundPanel backHref="/" backLabel={t("back")} message={t("message")} title={t("title")} error={t("error")} />
    </main>
  );
}
