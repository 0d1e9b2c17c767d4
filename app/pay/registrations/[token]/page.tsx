import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CardForm } from "@/components/pay/CardForm";
import { CardOutcome } from "@/components/pay/CardOutcome";
import { formatMoney } from "@/components/ui/money";
import { pageLocale } from "@/server/http/pageLocale";
import { hostedRegistration } from "@/server/http/pages";
import { translator } from "@/server/i18n/catalog";
import { intlLocale } from "@/server/i18n/locales";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await pageLocale(), "pay")("pageTitle") };
}

// The hosted card form of the sandbox processors: public, reached by the registration's hosted_url.
export default async function RegistrationPage({ params }: { params: Promise<{ token: string }> }) {
  const r = await hostedRegistration((await params).token);
  if (!r) notFound();
  const locale = await pageLocale();
  const t = translator(locale, "pay");
  return (
    <main className="mx-auto max-w-md p-8">
      <div className="rounded-xl bg-white p-6 shadow">
        <h1 className="text-xl font-semibold">
          {r.returnPath
            ? t("updateCard")
            : r.purpose === "request"
              ? t("addCardFor", { seller: r.sellerName ?? "" })
              : t("addCard")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {r.processorName} ·{" "}
          {r.purpose !== "checkout"
            ? t("nothingCharged")
            : t("firstCharge", { amount: formatMoney(r.total, r.currency, intlLocale(locale)) })}
        </p>
        {r.expired ? (
          <p className="mt-4 text-red-700">{t("expired")}</p>
        ) : r.status !== "pending" ? (
          <CardOutcome
            token={r.token}
            initial={{ status: r.status, checkout_status: r.checkoutStatus, fail_message: r.failMessage }}
            returnPath={r.returnPath}
            purpose={r.purpose}
          />
        ) : (
          <CardForm
            token={r.token}
            renderMode={r.renderMode}
            publicKey={r.publicKey}
            returnPath={r.returnPath}
            purpose={r.purpose}
          />
        )}
      </div>
      <p className="mt-4 text-center text-xs text-slate-500">{t("sandbox")}</p>
    </main>
  );
}
