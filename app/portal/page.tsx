import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { BillingDetailsForm } from "@/components/portal/BillingDetailsForm";
import { ContractKeys, MakeDefaultCard, RemoveCard } from "@/components/portal/PortalKeys";
import { BillingHistory } from "@/components/subscriber/BillingHistory";
import { LanguagePicker } from "@/components/subscriber/LanguagePicker";
import { UpdateCard } from "@/components/subscriber/LifecycleActions";
import { SubscriberProviders } from "@/components/subscriber/SubscriberProviders";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";
import { PORTAL_COOKIE } from "@/server/domain/portal/sessions";
import { pageLocale } from "@/server/http/pageLocale";
import { portalPageData } from "@/server/http/portal";
import { cardEnding } from "@/server/i18n/card";
import { translator } from "@/server/i18n/catalog";
import { statusWord } from "@/server/i18n/status";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await pageLocale(), "portal");
  return { title: t("title"), robots: { index: false, follow: false } };
}

const section = "rounded-xl bg-white p-4 shadow sm:p-6";

// The customer portal: every subscription of the customer (state, next charge, failed payments with "Pay now",
// a link to manage each on its subscriber page), all receipts and credit notes, cards; mobile first.
export default async function PortalPage() {
  const locale = await pageLocale();
  const t = translator(locale, "portal");
  const status = translator(locale, "status");
  const date = (value: string) => () => <DateTime value={value} dateOnly />;
  const data = await portalPageData((await cookies()).get(PORTAL_COOKIE)?.value);
  if (!data)
    return (
      <main className="mx-auto max-w-2xl p-4">
        <h1 className="text-xl font-semibold">{t("sessionEnded")}</h1>
        <p className="mt-2 text-sm">{t("sessionEndedHelp")}</p>
      </main>
    );
  const { access, view, now } = data;
  const live = view.contracts.find((c) => c.contract.state === "active" || c.contract.state === "paused");
  return (
    <SubscriberProviders keys={{ token: "", csrf: access.csrf, endpoint: "/portal/api/" }} now={now}>
      <main className="mx-auto w-full max-w-2xl space-y-4 p-4 sm:p-8">
        <header className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <p className="text-sm text-slate-700">{access.seller}</p>
            <h1 className="text-2xl font-semibold">{t("title")}</h1>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            {access.returnUrl ? (
              <a className="text-sm text-blue-800 underline" href={access.returnUrl} data-testid="return-link">
                {t("returnTo", { seller: access.seller })}
              </a>
            ) : null}
            <LanguagePicker />
            <form method="post" action="/portal/sign-out">
              <button type="submit" className="text-sm text-blue-800 underline">
                {t("signOut")}
              </button>
            </form>
          </div>
        </header>
        <section className={section} aria-labelledby="subs-title" data-testid="portal-contracts">
          <h2 id="subs-title" className="mb-2 font-medium">
            {t("subscriptions")}
          </h2>
          {view.contracts.length === 0 ? <p className="text-sm">{t("noSubscriptions")}</p> : null}
          <ul className="divide-y divide-slate-100">
            {view.contracts.map((v) => {
              const c = v.contract;
              const payable = v.runs.filter((r) => r.payable);
              return (
                <li key={c.id} className="py-3" data-testid={`portal-contract-${c.id}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-medium">
                      {c.items
                        .filter((i) => i.status === "active")
                        .map((i) => `${i.quantity} × ${i.product_name}`)
                        .join(", ") || t("subscriptionNumber", { id: c.id })}
                    </h3>
                    <StatusChip status={c.state} label={statusWord(status, c.state)} />
                  </div>
                  {v.next_charge ? (
                    <p className="mt-1 text-sm" data-testid="portal-next-charge">
                      {t.rich("nextBilling", {
                        date: date(v.next_charge.at),
                        amount: () => <Money amount={v.next_charge?.total_amount} currency={c.currency} />,
                      })}
                    </p>
                  ) : c.cancel_at ? (
                    <p className="mt-1 text-sm">{t.rich("ends", { date: date(c.cancel_at) })}</p>
                  ) : null}
                  {payable.length ? (
                    <div className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3" data-testid="portal-failed">
                      <p className="text-sm font-medium text-red-900">{t("paymentFailed")}</p>
                      <ContractKeys contractId={c.id} csrf={access.csrf}>
                        <BillingHistory runs={payable} />
                      </ContractKeys>
                    </div>
                  ) : null}
                  <Link
                    className="mt-2 inline-block text-sm text-blue-800 underline"
                    href={`/portal/contracts/${c.id}`}
                  >
                    {t("manage")}
                    <span className="sr-only">{t("manageSr", { id: c.id })}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {view.more_contracts ? (
            <p className="mt-2 text-sm text-slate-700">{t("moreSubscriptions", { count: view.more_contracts })}</p>
          ) : null}
        </section>
        <section className={section} aria-labelledby="cards-title" data-testid="portal-cards">
          <h2 id="cards-title" className="mb-2 font-medium">
            {t("cards")}
          </h2>
          {view.cards.length === 0 ? <p className="text-sm">{t("noCard")}</p> : null}
          <ul className="divide-y divide-slate-100">
            {view.cards.map((card) => {
              const label = cardEnding(t, card);
              return (
                <li key={card.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span>
                    {label}
                    {card.exp_month && card.exp_year ? (
                      <span className="text-slate-700">
                        {t("expires", { date: `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}` })}
                      </span>
                    ) : null}
                    {card.is_default ? (
                      <span className="block text-xs font-medium text-slate-800">{t("defaultCard")}</span>
                    ) : null}
                    {card.in_use ? (
                      <span className="block text-xs text-slate-700">{t("paysSubscriptions")}</span>
                    ) : null}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    {card.is_default || !card.verified ? null : <MakeDefaultCard id={card.id} label={label} />}
                    {card.in_use ? null : <RemoveCard id={card.id} label={label} />}
                  </span>
                </li>
              );
            })}
          </ul>
          {live ? (
            <div className="mt-3">
              <ContractKeys contractId={live.contract.id} csrf={access.csrf}>
                <UpdateCard label={t("addCard")} />
              </ContractKeys>
            </div>
          ) : null}
        </section>
        <section className={section} aria-labelledby="details-title">
          <h2 id="details-title" className="mb-2 font-medium">
            {t("billingDetails")}
          </h2>
          <BillingDetailsForm initial={view.customer} />
        </section>
        <section className={section} aria-labelledby="docs-title" data-testid="portal-documents">
          <h2 id="docs-title" className="mb-2 font-medium">
            {t("documents")}
          </h2>
          {view.receipts.length === 0 && view.credit_notes.length === 0 ? (
            <p className="text-sm">{t("noReceipts")}</p>
          ) : null}
          <ul className="divide-y divide-slate-100 text-sm">
            {view.receipts.map((r) => (
              <li key={`r${r.billing_run_id}`} className="flex justify-between gap-2 py-2">
                <a className="text-blue-800 underline" href={r.url}>
                  {t.rich("receiptOf", { date: date(r.date) })}
                </a>
                <span className="flex flex-wrap items-center gap-3">
                  <Money amount={r.total_amount} currency={r.currency} />
                  <a className="text-blue-800 underline" href={`${r.url}/pdf`} download>
                    {t("downloadPdf")}
                    <span className="sr-only"> {t.rich("receiptOf", { date: date(r.date) })}</span>
                  </a>
                </span>
              </li>
            ))}
            {view.credit_notes.map((n) => (
              <li key={`n${n.id}`} className="flex justify-between gap-2 py-2">
                <a className="text-blue-800 underline" href={n.url}>
                  {t("creditNote", { number: n.number })}
                </a>
                <span className="flex flex-wrap items-center gap-3">
                  <Money amount={n.total_amount} currency={n.currency} />
                  <a className="text-blue-800 underline" href={`${n.url}/pdf`} download>
                    {t("downloadPdf")}
                    <span className="sr-only"> {t("creditNote", { number: n.number })}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </SubscriberProviders>
  );
}
