// Upcoming regular runs of one contract (extension: GET /v2/subscription-contracts/{id}/upcoming/): the
// runs projectRuns replays from the contract as it is now, shown as billing runs are, nothing written.
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { loadContract } from "@/server/domain/contracts/contractRows";
import { invalid } from "@/server/domain/errors";
import { dec, fmt4, fmt6 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { iso } from "@/server/domain/time";
import { estimatedUsage } from "@/server/domain/usage/contractUsage";
import { runCharge } from "./amounts";
import { regularKey } from "./build";
import { type DraftLine, projection, type RunDraft } from "./draft";

/** How far ahead a projection may look. */
export const MAX_MONTHS_AHEAD = 24;

export const monthsAfter = (t: Date, months: number) => {
  const d = new Date(t);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/** `until` as sent: a date means through the end of that day (UTC); a date-time is taken as is. */
export function parseUntil(text: string | undefined, now: Date): Date | null {
  if (text === undefined) return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const t = new Date(day ? `${text}T23:59:59.999Z` : text);
  if (Number.isNaN(+t)) throw invalid("until", "A date (YYYY-MM-DD) or an ISO 8601 date-time is required.");
  if (t > monthsAfter(now, MAX_MONTHS_AHEAD))
    throw invalid("until", `Upcoming runs reach at most ${MAX_MONTHS_AHEAD} months ahead.`);
  return t;
}

export function presentDraftLine(l: DraftLine) {
  const at = (v: Date | string) => iso(new Date(v));
  return {
    contract_item_id: l.contractItemId ?? null,
    price_id: l.priceId,
    price_version_id: l.priceVersionId ?? null,
    product_name: l.productName,
    quantity: l.usageQuantity != null ? Number(l.usageQuantity) : l.quantity,
    unit_amount: fmt4(dec(String(l.unitAmount))),
    proration_factor: fmt6(dec(String(l.prorationFactor))),
    line_subtotal_amount: fmt4(dec(String(l.subtotal))),
    line_tax_amount: fmt4(dec(String(l.tax))),
    line_total_amount: fmt4(dec(String(l.lineTotal))),
    service_period_start_at: at(l.servicePeriodStartAt),
    service_period_end_at: at(l.servicePeriodEndAt),
    proration_reason: l.prorationReason ?? null,
    kind: l.kind,
    description: l.description,
    usage_quantity: l.usageQuantity != null ? dec(String(l.usageQuantity)).toFixed() : null,
  };
}

/** A projected run in the shape of a billing run, with the credit auto_apply_credit would use. */
export function presentDraft(d: RunDraft, currency: string, creditApplied: Decimal) {
  const charge = runCharge({ total: d.total, creditApplied, currency });
  return {
    kind: "regular" as const,
    period_key: regularKey(d.at),
    scheduled_at: iso(d.at),
    currency,
    period_start_at: iso(d.periodStartAt),
    period_end_at: iso(d.periodEndAt),
    subtotal_amount: fmt4(d.subtotal),
    tax_amount: fmt4(d.tax),
    total_amount: fmt4(d.total),
    credit_applied_amount: fmt4(creditApplied),
    amount_due: fmt4(charge.due),
    rounding_adjustment_amount: fmt4(charge.rounding),
    charged_amount: fmt4(charge.charged),
    next_billing_at: d.next ? iso(d.next) : null,
    lines: d.lines.map(presentDraftLine),
  };
}

/** Credit each run would use: only under auto_apply_credit, from the balance, up to the run's total. */
export function creditUse(runs: RunDraft[], autoApply: boolean, balance: Decimal): Decimal[] {
  let left = balance;
  return runs.map((r) => {
    if (!autoApply || left.lte(0)) return new Decimal(0);
    const use = Decimal.min(left, r.total.lt(0) ? new Decimal(0) : r.total);
    left = left.minus(use);
    return use;
  });
}

export async function upcomingRuns(ctx: Ctx, contractId: number, input: { until?: string }) {
  const now = ctx.clock.now();
  const until = parseUntil(input.until, now);
  const catalog = await catalogSnapshot(ctx);
  const contract = await loadContract(ctx.db, ctx.accountId, contractId);
  const pending = await ctx.db.pendingLine.findMany({
    where: { contractId, billingRunId: null },
    orderBy: { id: "asc" },
  });
  // a run already built for next_billing_at (on_run_succeeded, waiting for its payment) is not upcoming
  const built =
    contract.nextBillingAt &&
    (await ctx.db.billingRun.findUnique({
      where: { contractId_periodKey: { contractId, periodKey: regularKey(contract.nextBillingAt) } },
      select: { id: true },
    }));
  const horizon = until ?? monthsAfter(now, MAX_MONTHS_AHEAD);
  // metered items: every period estimated from the current one's usage so far (contractUsage.ts)
  const usage = await estimatedUsage(ctx, catalog, [contract]);
  const limit = until ? Number.POSITIVE_INFINITY : 1;
  const drafts = built
    ? []
    : projection(contract, catalog, pending, horizon, limit, { usage, usageEstimated: true }).runs;
  const balance = contract.credits.reduce((a, x) => a.plus(x.amount.toString()), new Decimal(0));
  const credit = creditUse(drafts, contract.autoApplyCredit, balance);
  return {
    contract_id: contract.id,
    currency: contract.currency,
    until: until ? iso(until) : null,
    results: drafts.map((d, k) => presentDraft(d, contract.currency, credit[k])),
  };
}
