import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { BillingHistory } from "@/components/subscriber/BillingHistory";
import { ChangePlan } from "@/components/subscriber/ChangePlan";
import { DiscountNote } from "@/components/subscriber/DiscountNote";
import { LanguagePicker } from "@/components/subscriber/LanguagePicker";
import { CancelActions, PauseActions, UpdateCard } from "@/components/subscriber/LifecycleActions";
import { LinkExpired } from "@/components/subscriber/LinkExpired";
import { Notices } from "@/components/subscriber/Notices";
import { ScheduledChanges } from "@/components/subscriber/ScheduledChanges";
import { SubscriberProviders } from "@/components/subscriber/SubscriberProviders";
import { UsageThisPeriod } from "@/components/subscriber/UsageThisPeriod";
import { DateTime } from "@/components/ui/DateTime";
import { formatPercent } from "@/components/ui/format";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";
import { pageLocale } from "@/server/http/pageLocale";
import { ExpiredLink, subscriberPageData } from "@/server/http/subscriber";
import { cardEnding } from "@/server/i18n/card";
import { translator } from "@/server/i18n/catalog";
import { intlLocale } from "@/server/i18n/locales";
import { statusWord } from "@/server/i18n/status";
import type { DiscountOut } from "@/server/schemas/coupons";

export const dynamic = "force-dynamic";
// the token in the address is a capability: never indexed (the proxy adds no-store and frame-ancestors 'none')
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await pageLocale(), "subscriber");
  return { title: t("title"), robots: { index: false, follow: false } };
}

const section = "rounded-xl bg-white p-4 shadow sm:p-6";

// The customer's self-service page for one contract, mobile first.
// The billing history is one page of runs (?history_page=N), newest first.
export default async function SubscriberPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const locale = await pageLocale();
  const t = translator(locale, "subscriber");
  const status = translator(locale, "status");
  const portal = translator(locale, "portal");
  const raw = (await searchParams).history_page;
  const historyPage = typeof raw === "string" && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  const data = await subscriberPageData(token, await headers(), historyPage);
  if (data === "throttled")
    return (
      <main className="mx-auto max-w-2xl p-4">
        <h1 className="text-xl font-semibold">{t("tooManyAttempts")}</h1>
        <p className="mt-2 text-sm">{t("tooManyHelp")}</p>
      </main>
    );
  if (!data) notFound();
  if (data instanceof ExpiredLink) return <LinkExpired seller={data.seller} locale={locale} />;
  const { view, csrf } = data;
  const c = view.contract;
  const p = view.policy;
  // the contract schema keeps `discount` open (spec 2.6); the domain fills it with presentDiscount
  const discount = c.discount as DiscountOut | null;
  const live = c.state === "active" || c.state === "paused";
  const usageOf = (itemId: number) => view.usage?.items.find((u) => u.contract_item_id === itemId);
  const periodEnd = c.items.find((i) => i.status === "active")?.current_service_period_end_at ?? c.next_billing_at;
  return (
    <SubscriberProviders keys={{ token, csrf }} now={view.now}>
      <main className="mx-auto w-full max-w-2xl space-y-4 p-4 sm:p-8">
        <header className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <p className="text-sm text-slate-700">{view.seller}</p>
            <h1 className="text-2xl font-semibold">{t("title")}</h1>
          </div>
          <LanguagePicker />
        </header>
        <Notices view={view} />
        <section className={section} data-testid="subscription-summary" aria-labelledby="summary-title">
          <h2 id="summary-title" className="sr-only">
            {t("summary")}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-700">{t("status")}</dt>
            <dd data-testid="state">
              <StatusChip status={c.state} label={statusWord(status, c.state)} />
            </dd>
            {view.next_charge?.resumes_at ? (
              <>
                <dt className="text-slate-700">{t("billingResumes")}</dt>
                <dd data-testid="billing-resumes">
                  <DateTime value={view.next_charge.resumes_at} dateOnly />
                </dd>
              </>
            ) : null}
            {view.next_charge ? (
              <>
                <dt className="text-slate-700">
                  {view.next_charge.resumes_at ? t("firstAfterPause") : t("nextBilling")}
                </dt>
                <dd data-testid="next-billing">
                  <DateTime value={view.next_charge.at} dateOnly />:{" "}
                  <Money amount={view.next_charge.total_amount} currency={c.currency} testId="next-amount" />
                  {discount ? <span className="text-slate-700">{t("afterDiscount")}</span> : null}
                </dd>
              </>
            ) : null}
            {discount ? (
              <>
                <dt className="text-slate-700">{t("discount")}</dt>
                <dd>
                  <DiscountNote discount={discount} currency={c.currency} />
                </dd>
              </>
            ) : null}
          </dl>
          <h3 className="mt-4 font-medium">{t("whatYouGet")}</h3>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="items">
            {c.items
              .filter((i) => i.status === "active")
              .map((i) => (
                <li key={i.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {i.quantity} × {i.product_name}
                    {i.discount_percent ? (
                      <span className="block text-xs text-slate-700">
                        {t("percentOff", { percent: formatPercent(i.discount_percent, intlLocale(locale)) })}
                      </span>
                    ) : null}
                  </span>
                  {/* the stored unit price; the plan options and the next billing include tax */}
                  {usageOf(i.id) ? (
                    <span className="text-right">
                      {t("billedByUsage")}
                      <span className="block text-xs text-slate-700">{t("nothingDueNow")}</span>
                    </span>
                  ) : (
                    <span className="text-right">
                      <Money amount={i.unit_amount} currency={c.currency} />
                      <span className="block text-xs text-slate-700">{t("eachBeforeTax")}</span>
                    </span>
                  )}
                </li>
              ))}
          </ul>
        </section>
        {view.usage?.items.length ? (
          <section className={section} aria-labelledby="usage-title" data-testid="usage-this-period">
            <h2 id="usage-title" className="mb-1 font-medium">
              {t("usageTitle")}
            </h2>
            <p className="text-xs text-slate-700">
              {t.rich("usageHelp", { date: () => <DateTime value={view.usage?.as_of} /> })}
            </p>
            <UsageThisPeriod usage={view.usage} />
          </section>
        ) : null}
        {live && p.allow_change_plan ? (
          <section className={section} aria-labelledby="plan-title" data-testid="change-plan">
            <h2 id="plan-title" className="mb-3 font-medium">
              {t("changePlan")}
            </h2>
            <ScheduledChanges changes={c.scheduled_changes} items={c.items} />
            <ChangePlan
              options={view.options}
              currency={c.currency}
              nextBillingAt={c.next_billing_at}
              canUpdateCard={p.allow_update_card}
            />
          </section>
        ) : null}
        <section className={section} aria-labelledby="card-title" data-testid="payment-method">
          <h2 id="card-title" className="mb-2 font-medium">
            {t("paymentMethod")}
          </h2>
          <p className="mb-3 text-sm" data-testid="card-on-file">
            {view.card ? cardEnding(portal, view.card) : t("noCard")}
          </p>
          {p.allow_update_card && c.state !== "canceled" && c.state !== "ended" ? <UpdateCard /> : null}
        </section>
        {c.state === "active" || (c.state === "paused" && p.allow_pause) ? (
          <section className={section} aria-labelledby="manage-title" data-testid="manage">
            <h2 id="manage-title" className="mb-3 font-medium">
              {t("manage")}
            </h2>
            <div className="space-y-4">
              {p.allow_pause && !c.cancel_at ? <PauseActions paused={c.state === "paused"} /> : null}
              {c.state === "active" ? (
                <CancelActions
                  cancelAt={c.cancel_at}
                  periodEnd={periodEnd}
                  canCancel={p.allow_cancel}
                  cancellation={view.cancellation}
                />
              ) : null}
            </div>
          </section>
        ) : null}
        <section className={section} aria-labelledby="history-title">
          <h2 id="history-title" className="mb-2 font-medium">
            {t("billingHistory")}
          </h2>
          <BillingHistory runs={view.runs} page={view.runs_page} creditNotes={view.credit_notes} />
        </section>
      </main>
    </SubscriberProviders>
  );
}
