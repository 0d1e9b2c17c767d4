// Price-change simulation (extension: POST /v2/catalog/prices/{id}/versions/simulate/, console "Simulate"):
// every live contract on the price is projected twice by the worker's own run building (projectRuns),
// with the catalog as it is and with the price's versions as the proposed schedule would leave them
// (simulateVersion.ts), and the runs are compared: a contract is affected from the first run at which a
// line pays another amount (priceChange.ts, the forecast's rule too). Nothing is written.
import Decimal from "decimal.js";
import { versionTerms } from "@/server/domain/catalog/usageTerms";
import { scheduleStart, type VersionScheduleInput } from "@/server/domain/catalog/versionSchedule";
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { fmt4 } from "@/server/domain/money";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { toTerms } from "@/server/domain/offers/terms";
import { versionAt } from "@/server/domain/pricing/amounts";
import { iso } from "@/server/domain/time";
import { projectRuns, type RunDraft } from "./draft";
import { firstPriceChange } from "./priceChange";
import { type ContractChange, distribution } from "./simulateDistribution";
import { tryVersion } from "./simulateVersion";
import { MAX_MONTHS_AHEAD, monthsAfter } from "./upcoming";

const BATCH = 2_000;
/** Contracts listed in the answer (the largest changes first); the counts cover all. */
export const LISTED = 100;

const billedBy = (runs: RunDraft[], until: Date) =>
  runs.filter((r) => r.at <= until).reduce((a, r) => a.plus(r.total), new Decimal(0));

export async function simulatePriceVersion(ctx: Ctx, priceId: number, input: VersionScheduleInput) {
  const from = scheduleStart(ctx, input);
  const now = ctx.clock.now();
  const catalog = await catalogSnapshot(ctx);
  const price = catalog.prices.get(priceId);
  if (!price || price.accountId !== ctx.accountId) throw notFound();
  const terms = await versionTerms(ctx, priceId, input);
  const tried = await tryVersion(ctx, priceId, from, terms);
  const proposed: CatalogSnapshot = {
    ...catalog,
    prices: new Map(catalog.prices).set(priceId, { ...price, versions: tried.versions }),
  };
  const year = monthsAfter(now, 12);
  const horizon = monthsAfter(now, MAX_MONTHS_AHEAD);
  const changes: ContractChange[] = [];
  let onPrice = 0;
  let billedBefore = new Decimal(0);
  let billedAfter = new Decimal(0);
  for (let after = 0; ; ) {
    const batch = await ctx.db.subscriptionContract.findMany({
      where: {
        accountId: ctx.accountId,
        state: { in: ["active", "paused"] },
        items: { some: { priceId, status: "active" } },
        id: { gt: after },
      },
      orderBy: { id: "asc" },
      take: BATCH,
      include: {
        items: { orderBy: { id: "asc" } },
        pauses: { where: { state: { not: "canceled" } } },
        customer: { select: { reference: true } },
      },
    });
    if (!batch.length) break;
    after = batch[batch.length - 1].id;
    const pending = await ctx.db.pendingLine.findMany({
      where: { contractId: { in: batch.map((c) => c.id) }, billingRunId: null },
      orderBy: { id: "asc" },
    });
    const pendingOf = new Map<number, typeof pending>();
    for (const p of pending) pendingOf.set(p.contractId, [...(pendingOf.get(p.contractId) ?? []), p]);
    for (const c of batch) {
      onPrice++;
      const mine = pendingOf.get(c.id) ?? [];
      const before = projectRuns(c, catalog, mine, horizon);
      const afterRuns = projectRuns(c, proposed, mine, horizon);
      billedBefore = billedBefore.plus(billedBy(before, year));
      billedAfter = billedAfter.plus(billedBy(afterRuns, year));
      // both projections bill the same dates (versions change amounts, not periods): compare run by run
      const k = firstPriceChange(before, afterRuns);
      if (k < 0) continue;
      const line = afterRuns[k].lines.find((l) => l.priceId === priceId && l.kind === "recurring");
      changes.push({
        contractId: c.id,
        customerId: c.customerId,
        customerReference: c.customer.reference,
        firstAt: afterRuns[k].at,
        oldAmount: before[k]?.total ?? new Decimal(0),
        newAmount: afterRuns[k].total,
        yearChange: billedBy(afterRuns, year).minus(billedBy(before, year)),
        explanation: line ? String(line.description) : null,
      });
    }
  }
  const mrrOf = (points: typeof tried.mrrBefore) =>
    points.find((p) => p.currency === price.currency)?.mrr ?? new Decimal(0);
  const mrrBefore = mrrOf(tried.mrrBefore);
  const mrrAfter = mrrOf(tried.mrrAfter);
  const listed = [...changes]
    .sort(
      (a, b) =>
        +b.newAmount.minus(b.oldAmount).abs().cmp(a.newAmount.minus(a.oldAmount).abs()) || a.contractId - b.contractId,
    )
    .slice(0, LISTED);
  return {
    price_id: priceId,
    currency: price.currency,
    unit_amount: fmt4(terms.unitAmount),
    effective_from: iso(from),
    current_unit_amount: fmt4(versionAt(toTerms(price).versions, from)?.unitAmount ?? 0),
    contracts_on_price: onPrice,
    affected_contracts: changes.length,
    mrr: { at: iso(from), before: fmt4(mrrBefore), after: fmt4(mrrAfter), change: fmt4(mrrAfter.minus(mrrBefore)) },
    next_12_months: {
      from: iso(now),
      until: iso(year),
      billed_before: fmt4(billedBefore),
      billed_after: fmt4(billedAfter),
      change: fmt4(billedAfter.minus(billedBefore)),
    },
    distribution: distribution(changes, onPrice - changes.length),
    contracts: listed.map((x) => ({
      contract_id: x.contractId,
      customer_id: x.customerId,
      customer_reference: x.customerReference,
      first_new_amount_at: iso(x.firstAt),
      old_amount: fmt4(x.oldAmount),
      new_amount: fmt4(x.newAmount),
      change_amount: fmt4(x.newAmount.minus(x.oldAmount)),
      next_12_months_change: fmt4(x.yearChange),
      new_line_explanation: x.explanation,
    })),
  };
}
