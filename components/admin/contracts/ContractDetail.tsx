"use client";
// One contract (console.md anatomy): header with actions, the summary strip (customer, next charge,
// current period, service) and notices, then one of five tabs (?tab=): Overview (items, discount, upcoming
// charge and runs, pauses, pending adjustments, entitlements, details), Runs (billing runs with attempts), Usage
// (metered items this period),
// Credit (balance, transactions, credit notes) or Activity (the event timeline, newest first, with the actor). Data comes from the page (server),
// which renders only the chosen tab's panel.
import Link from "next/link";
import { Card } from "@/components/ui/Card";
import { DateTime } from "@/components/ui/DateTime";
import { LineAmount } from "@/components/ui/LineAmount";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";
import { SummaryStrip } from "@/components/ui/SummaryStrip";
import { Tabs } from "@/components/ui/Tabs";
import { Fact } from "@/components/ui/TermList";
import type { ContractOut } from "@/server/schemas/contracts";
import {
  type ContractActivity,
  ContractTimeline,
  CreditSections,
  OverviewSections,
  RunsSection,
} from "./ActivitySections";
import { ContractHeader } from "./ContractHeader";
import { CONTRACT_TABS, type ContractTab } from "./contractTabs";
import { DiscountSection } from "./DiscountSection";
import { type ItemExtra, ItemsSection } from "./ItemsSection";
import { UpcomingRuns } from "./UpcomingRuns";
import { UsageSection } from "./UsageSection";

export interface ContractPageData {
  contract: ContractOut;
  /** what the next run will charge (null when nothing is scheduled) */
  nextCharge: { at: string | null; amount: string | null } | null;
  itemExtras?: Record<number, ItemExtra>;
  upcoming?: { product_name: string; quantity: number; line_total_amount: string; description: string }[];
  activity: ContractActivity;
}

export function ContractDetail({ data, tab = "overview" }: { data: ContractPageData; tab?: ContractTab }) {
  const c = data.contract;
  const active = c.items.filter((i) => i.status === "active");
  const periodStart = active
    .map((i) => i.current_service_period_start_at)
    .filter(Boolean)
    .sort()[0];
  const periodEnd = active
    .map((i) => i.current_service_period_end_at)
    .filter(Boolean)
    .sort()
    .reverse()[0];
  return (
    <>
      <Link href="/admin/contracts" className="text-sm text-blue-800 hover:underline">
        ← All contracts
      </Link>
      <ContractHeader contract={c} />
      <SummaryStrip
        items={[
          {
            label: "Customer",
            testId: "summary-customer",
            value: (
              <Link className="text-blue-800 hover:underline" href={`/admin/customers/${c.customer.id}`}>
                {c.customer.name ?? c.customer.reference}
              </Link>
            ),
          },
          {
            label: "Next charge",
            testId: "summary-next-charge",
            value:
              (data.nextCharge?.at ?? c.next_billing_at) ? (
                <>
                  <DateTime value={data.nextCharge?.at ?? c.next_billing_at} relative />
                  {data.nextCharge?.amount ? (
                    <>
                      {" "}
                      · <Money amount={data.nextCharge.amount} currency={c.currency} testId="next-charge-amount" />
                    </>
                  ) : null}
                </>
              ) : (
                "None scheduled"
              ),
          },
          {
            label: "Current period",
            testId: "summary-period",
            value: periodStart ? (
              <>
                <DateTime value={periodStart} dateOnly /> → <DateTime value={periodEnd} dateOnly />
              </>
            ) : (
              "—"
            ),
          },
          { label: "Service", testId: "summary-service", value: <StatusChip status={c.service_state} /> },
        ]}
      />
      {c.trial_end_at ? (
        <p
          role="status"
          className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
          data-testid="contract-trial"
        >
          Trial until <DateTime value={c.trial_end_at} />
          {c.trial_end_behavior ? ` (without a payment method by then: ${c.trial_end_behavior})` : ""}.
        </p>
      ) : null}
      {c.cancel_at ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="pending-cancel"
        >
          Cancels <DateTime value={c.cancel_at} />
          {c.cancel_at_period_end ? " (end of the current period)" : ""}.
        </p>
      ) : null}
      <Tabs label="Contract sections" tabs={CONTRACT_TABS} selected={tab}>
        {tab === "runs" ? (
          <RunsSection contract={c} activity={data.activity} />
        ) : tab === "usage" ? (
          <UsageSection contractId={c.id} />
        ) : tab === "credit" ? (
          <CreditSections contract={c} activity={data.activity} />
        ) : tab === "activity" ? (
          <ContractTimeline activity={data.activity} />
        ) : (
          <Overview data={data} />
        )}
      </Tabs>
    </>
  );
}

/** The default tab: what the contract is and what comes next (items, discount, upcoming charge and runs). */
function Overview({ data }: { data: ContractPageData }) {
  const c = data.contract;
  return (
    <>
      <ItemsSection
        contractId={c.id}
        currency={c.currency}
        items={c.items}
        extras={data.itemExtras}
        editable={c.state === "active" || c.state === "paused"}
        scheduledChanges={c.scheduled_changes}
      />
      <DiscountSection contract={c} />
      {data.upcoming?.length ? (
        <Card title="Upcoming charge" testId="contract-upcoming">
          <ul className="space-y-1 text-sm">
            {data.upcoming.map((l, i) => (
              <li key={i} className="flex justify-between gap-4">
                <span>
                  {l.product_name} × {l.quantity}
                  <span className="block text-xs text-slate-700">{l.description}</span>
                </span>
                <LineAmount amount={l.line_total_amount} currency={c.currency} explanation={l.description} />
              </li>
            ))}
          </ul>
          {data.nextCharge?.amount ? (
            <p className="mt-2 text-sm font-semibold">
              Total with tax: <Money amount={data.nextCharge.amount} currency={c.currency} /> on{" "}
              <DateTime value={data.nextCharge.at} dateOnly />
            </p>
          ) : null}
        </Card>
      ) : null}
      {c.state === "active" || c.state === "paused" ? <UpcomingRuns contractId={c.id} currency={c.currency} /> : null}
      <OverviewSections contract={c} activity={data.activity} />
      <Card title="Details" testId="contract-details">
        <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
          <Fact
            label="Subscriber page"
            value={
              <a
                className="break-all text-blue-800 underline"
                href={c.subscriber_page}
                target="_blank"
                rel="noreferrer"
              >
                Open the subscriber page
              </a>
            }
          />
          <Fact label="Billing anchor" value={<DateTime value={c.billing_anchor_at} />} />
          <Fact label="Created" value={<DateTime value={c.created_at} />} />
          <Fact label="Metadata" value={<code className="break-all text-xs">{JSON.stringify(c.metadata)}</code>} />
        </dl>
      </Card>
    </>
  );
}
