// Everything the subscriber page shows for one contract: what the customer has, the next charge (only
// when one will happen), status notices (an upgrade waiting for its payment among them), billing history
// with receipt and credit note links, the card on file, the seller's policy and the plan changes on offer.
// Read-only; `ctx` acts as the contract's subscriber.

import { MAX_MONTHS_AHEAD, monthsAfter, upcomingRuns } from "@/server/domain/billing/upcoming";
import type { Ctx } from "@/server/domain/context";
import { presentContract } from "@/server/domain/contracts/contractResponse";
import { loadContract } from "@/server/domain/contracts/contractRows";
import { pendingChangeOf, UNSETTLED_RUN_STATES } from "@/server/domain/contracts/pendingChange";
import { pageWindow, tablePage } from "@/server/domain/list";
import { dec, fmt4 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { cancellationOptions } from "@/server/domain/portal/cancellation";
import { formatCreditNoteNumber } from "@/server/domain/refunds/number";
import { iso } from "@/server/domain/time";
import { contractUsage } from "@/server/domain/usage/contractUsage";
import { cardOnFile } from "./card";
import { changeOptions } from "./options";
import { getSelfServicePolicy } from "./policy";

/** Run states a customer can pay now (the card on file gets one attempt at once). */
export const PAYABLE = ["failed", "exhausted", "written_off"];

export type Notice =
  | "first_payment_failed"
  | "payment_attention"
  | "change_awaiting_payment"
  | "trial"
  | "ends"
  | "paused"
  | "ended";

/**
 * The next payment the engine projects (the run the worker will build: coupon, scheduled changes and price
 * versions included). While paused: the first payment after the pause, when billing resumes.
 */
async function nextPayment(ctx: Ctx, contractId: number, pausedUntil: string | null, now: Date) {
  const resumesAt = pausedUntil ? new Date(pausedUntil) : null;
  const until = resumesAt
    ? monthsAfter(resumesAt, 13) < monthsAfter(now, MAX_MONTHS_AHEAD)
      ? monthsAfter(resumesAt, 13)
      : monthsAfter(now, MAX_MONTHS_AHEAD)
    : null;
  const { results } = await upcomingRuns(ctx, contractId, { until: until?.toISOString() });
  const run = resumesAt
    ? results.find((r) => new Date(r.scheduled_at) >= resumesAt && dec(r.total_amount).gt(0))
    : results[0];
  if (!run) return null;
  return {
    at: run.scheduled_at,
    total_amount: run.total_amount,
    resumes_at: resumesAt ? iso(resumesAt) : null,
  };
}

/** Runs a page of the billing history holds (a phone shows each as a few lines). */
export const HISTORY_PAGE_SIZE = 10;

/**
 * The page's view; the billing history is one page of the contract's runs (`historyPage`, 1-based, newest
 * first, a number past the end serving the last page), counted in `runs_page`.
 */
export async function subscriberPageView(
  ctx: Ctx,
  contractId: number,
  token: string,
  { historyPage = 1 }: { historyPage?: number } = {},
) {
  const record = await loadContract(ctx.db, ctx.accountId, contractId);
  // a canceled run billed nothing (an upgrade whose payment was declined): not part of the history
  const runWhere = { contractId, accountId: ctx.accountId, state: { not: "voided" as const } };
  const runOrder = [{ scheduledAt: "desc" as const }, { id: "desc" as const }];
  const history = tablePage(historyPage, HISTORY_PAGE_SIZE);
  const [catalog, account, policy, card, recent, runCount, creditNotes] = await Promise.all([
    catalogSnapshot(ctx),
    ctx.db.account.findUniqueOrThrow({ where: { id: ctx.accountId }, select: { name: true } }),
    getSelfServicePolicy(ctx),
    cardOnFile(ctx, contractId),
    // the newest runs, for the notices (a failed first payment, an upgrade waiting for its payment)
    ctx.db.billingRun.findMany({
      where: runWhere,
      orderBy: runOrder,
      take: 50,
      select: { kind: true, state: true, metadata: true },
    }),
    ctx.db.billingRun.count({ where: runWhere }),
    // refunds and credits, each with its document
    ctx.db.creditNote.findMany({
      where: { contractId, accountId: ctx.accountId },
      orderBy: { number: "desc" },
      take: 50,
      include: { refunds: { select: { amount: true, state: true } } },
    }),
  ]);
  const runs = await ctx.db.billingRun.findMany({
    where: runWhere,
    orderBy: runOrder,
    ...pageWindow(history, runCount),
    include: {
      attempts: { orderBy: { attemptNo: "desc" }, take: 1, select: { failMessage: true, failCode: true } },
      refunds: { where: { state: "succeeded" }, select: { amount: true } },
    },
  });
  const now = ctx.clock.now();
  const contract = presentContract(record, catalog, now, "");
  // a next charge only when one will happen: not before the first payment succeeded, not when it ends
  const billsNext =
    (contract.state === "active" || contract.state === "paused") &&
    contract.recurring &&
    !contract.cancel_at_period_end &&
    !contract.cancel_at;
  const next = billsNext ? await nextPayment(ctx, contractId, contract.paused_until, now) : null;
  // metered items: the usage of the period so far, the same read as the console's Usage tab and the REST API
  const metered = record.items.some((i) => catalog.prices.get(i.priceId)?.usageType === "metered");
  const usage = metered ? await contractUsage(ctx, contractId) : null;
  const notices: Notice[] = [];
  if (contract.state === "inactive") {
    if (recent.some((r) => r.kind === "initial" && PAYABLE.includes(r.state))) notices.push("first_payment_failed");
  } else if (contract.billing_attention_required) notices.push("payment_attention");
  // an upgrade whose payment waits for the customer's bank (3-D Secure): the plan changes once it is confirmed
  if (
    recent.some(
      (r) => UNSETTLED_RUN_STATES.includes(r.state) && pendingChangeOf(r.metadata)?.state === "awaiting_payment",
    )
  )
    notices.push("change_awaiting_payment");
  if (contract.trial_end_at && new Date(contract.trial_end_at) > now) notices.push("trial");
  if (contract.state === "paused") notices.push("paused");
  if (contract.state === "active" && contract.cancel_at) notices.push("ends");
  if (contract.state === "canceled" || contract.state === "ended") notices.push("ended");
  return {
    seller: account.name,
    now: iso(now),
    contract,
    next_charge: next,
    usage,
    notices,
    card,
    policy,
    options: changeOptions(record, catalog, now),
    /** the seller's cancellation reasons and, once, its retention offer (portal/cancellation.ts) */
    cancellation: await cancellationOptions(ctx, contractId),
    runs_page: { number: history.number, size: history.size, count: runCount },
    runs: runs.map((r) => ({
      id: r.id,
      kind: r.kind,
      state: r.state,
      currency: r.currency,
      scheduled_at: iso(r.scheduledAt),
      period_start_at: iso(r.periodStartAt),
      period_end_at: iso(r.periodEndAt),
      total_amount: fmt4(r.total),
      credit_applied_amount: fmt4(r.creditApplied),
      // a receipt exists for a paid run only; a failed one can be paid now instead
      receipt_url: r.state === "succeeded" ? `/change_contract/${token}/receipts/${r.id}` : null,
      payable: PAYABLE.includes(r.state),
      fail_message: PAYABLE.includes(r.state) ? (r.attempts[0]?.failMessage ?? null) : null,
      // the processor's code, so the page can say it in the customer's language (the message is the processor's)
      fail_code: PAYABLE.includes(r.state) ? (r.attempts[0]?.failCode ?? null) : null,
      refunded_amount: fmt4(r.refunds.reduce((a, x) => a.plus(dec(x.amount)), dec(0))),
    })),
    credit_notes: creditNotes.map((n) => ({
      id: n.id,
      number: formatCreditNoteNumber(n.number),
      billing_run_id: n.runId,
      issued_at: iso(n.issuedAt),
      currency: n.currency,
      total_amount: fmt4(n.total),
      refund_amount: fmt4(n.refundAmount),
      /** of the refund part, what has gone back; the rest is pending (or failed) */
      refunded_amount: fmt4(
        n.refunds.filter((r) => r.state === "succeeded").reduce((a, r) => a.plus(dec(r.amount)), dec(0)),
      ),
      refund_failed: n.refunds.some((r) => r.state === "failed"),
      credit_amount: fmt4(n.creditAmount),
      url: `/change_contract/${token}/credit-notes/${n.id}`,
    })),
  };
}

export type SubscriberPageView = Awaited<ReturnType<typeof subscriberPageView>>;
