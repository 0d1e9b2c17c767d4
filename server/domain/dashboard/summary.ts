// The console dashboard (/admin): every figure and chart, on the account's clock, in a few groups the page
// loads side by side (dashboard.mrr, .figures, .money, .mrrByMonth, .outcomes); each figure is one SQL aggregate.
import type { Ctx } from "@/server/domain/context";
import { fmt4 } from "@/server/domain/money";
import {
  activeContracts,
  billedAndCollected,
  churnedContracts,
  figureFilters,
  newContracts,
  renewalsDue,
  runsNeedingAttention,
} from "./figures";
import { mrrAt } from "./mrr";

/** The last instant of each of the 11 months before the current one, then now (the current month so far). */
export function mrrInstants(now: Date): Date[] {
  const out: Date[] = [];
  for (let back = 11; back >= 1; back--)
    out.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1) - 1));
  out.push(now);
  return out;
}

/** MRR per currency now, with the contracts it counts. */
export async function currentMrr(ctx: Ctx) {
  const points = await mrrAt(ctx, [ctx.clock.now()]);
  return points.map((p) => ({
    currency: p.currency,
    mrr: fmt4(p.mrr),
    filter: { state: "active", currency: p.currency },
  }));
}

/** MRR by month for the last 12 months, per currency (months without any live item show 0.0000). */
export async function mrrByMonth(ctx: Ctx) {
  const instants = mrrInstants(ctx.clock.now());
  const points = await mrrAt(ctx, instants);
  const currencies = [...new Set(points.map((p) => p.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    months: instants.map((at) => ({
      month: at.toISOString().slice(0, 7),
      at: at.toISOString(),
      mrr: fmt4(points.find((p) => p.at === at && p.currency === currency)?.mrr ?? 0),
    })),
  }));
}

/** Contract and run counts, and the renewals due: index-backed aggregates. */
export async function dashboardFigures(ctx: Ctx) {
  const [active, created, churned, attention, renewals] = await Promise.all([
    activeContracts(ctx),
    newContracts(ctx),
    churnedContracts(ctx),
    runsNeedingAttention(ctx),
    renewalsDue(ctx),
  ]);
  return {
    now: ctx.clock.now().toISOString(),
    active_contracts: active,
    new_contracts: created,
    churned_contracts: churned,
    runs_needing_attention: attention,
    renewals_due: renewals,
    /** each figure's list filter without a currency: where a figure of 0 links */
    empty_filters: figureFilters(ctx.clock.now()),
  };
}

/** Amounts billed and collected in the last 30 days. */
export async function dashboardMoney(ctx: Ctx) {
  return {
    now: ctx.clock.now().toISOString(),
    ...(await billedAndCollected(ctx)),
    empty_filters: figureFilters(ctx.clock.now()),
  };
}
