// The console dashboard (/admin): every figure and chart, on the account's clock. Figures run
// concurrently (each is one SQL aggregate); MRR is one query over 13 instants (12 month closes + now).
import type { Ctx } from "../context";
import { fmt4 } from "../money";
import { activeContracts, billedAndCollected, billingOutcomesPerDay, churnedContracts, newContracts, renewalsDue, runsNeedingAttention } from "./figures";
import { mrrAt } from "./mrr";

/** The last instant of each of the 11 months before the current one, then now (the current month so far). */
export function mrrInstants(now: Date): Date[] {
  const out: Date[] = [];
  for (let back = 11; back >= 1; back--) out.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1) - 1));
  out.push(now);
  return out;
}

/** MRR per currency now, with the contracts it counts. */
export async function currentMrr(ctx: Ctx) {
  const points = await mrrAt(ctx, [ctx.clock.now()]);
  return points.map((p) => ({ currency: p.currency, mrr: fmt4(p.mrr), filter: { state: "active", currency: p.currency } }));
}

/** MRR by month for the last 12 months, per currency (months without any live item show 0.0000). */
export async function mrrByMonth(ctx: Ctx) {
  const instants = mrrInstants(ctx.clock.now());
  const points = await mrrAt(ctx, instants);
  const currencies = [...new Set(points.map((p) => p.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    months: instants.map((at) => ({ month: at.toISOString().slice(0, 7), at: at.toISOString(), mrr: fmt4(points.find((p) => p.at === at && p.currency === currency)?.mrr ?? 0) })),
  }));
}

export async function dashboardFigures(ctx: Ctx) {
  const [mrr, active, created, churned, money, attention, renewals] = await Promise.all([
    currentMrr(ctx), activeContracts(ctx), newContracts(ctx), churnedContracts(ctx), billedAndCollected(ctx), runsNeedingAttention(ctx), renewalsDue(ctx),
  ]);
  return { now: ctx.clock.now().toISOString(), mrr, active_contracts: active, new_contracts: created, churned_contracts: churned, billed: money.billed, collected: money.collected, runs_needing_attention: attention, renewals_due: renewals };
}

export async function dashboardCharts(ctx: Ctx) {
  const [mrr, outcomes] = await Promise.all([mrrByMonth(ctx), billingOutcomesPerDay(ctx)]);
  return { mrr_by_month: mrr, billing_outcomes: outcomes };
}
