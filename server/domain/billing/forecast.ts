// Account forecast (extension: GET /v2/forecast/, console /admin/forecast): the billed amount per month
// and currency for the next months, summed from every live contract's projected runs (projectRuns, the
// worker's own run building), with the contracts that end, renew or change price in each month. Contracts
// are read in id-ordered batches and reduced to per-month figures, so memory stays bounded; each
// contract shape's figures are memoized per catalog version and horizon (see shapeKey).
import Decimal from "decimal.js";
import { memoized } from "@/server/domain/boundedMemo";
import type { Ctx } from "@/server/domain/context";
import { fmt4 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import type { ProjectableContract } from "./draft";
import { contractEffects, type Effects } from "./forecastEffects";
import { monthsAfter } from "./upcoming";

const BATCH = 2_000;
const MEMO_LIMIT = 250_000;
/** Contract ids listed per month and kind of event; the counts are complete. */
const LISTED = 20;

const memo = new Map<string, Effects>();

/**
 * Everything the projection of a contract without pending lines reads, without ids: contracts of the same
 * shape (same prices, quantities, dates, pauses) have the same figures, so each shape is computed once.
 */
function shapeKey(c: ProjectableContract): string {
  const t = (d: Date | null) => (d ? +d : "");
  return JSON.stringify([
    c.state,
    t(c.nextBillingAt),
    t(c.cancelAt),
    c.billingTimezone,
    c.billingTime,
    c.fixedDay,
    t(c.billingAnchorAt),
    c.items.map((i) => [
      i.status,
      i.priceId,
      i.quantity,
      String(i.unitAmountOverride ?? ""),
      String(i.discountPercent ?? ""),
      t(i.startAt),
      t(i.endAt),
      t(i.periodStartAt),
      t(i.periodEndAt),
    ]),
    c.pauses.filter((p) => p.state !== "canceled").map((p) => [t(p.startAt), t(p.endAt)]),
  ]);
}

export const monthKey = (t: Date) => t.toISOString().slice(0, 7);

interface Cell {
  billed: Decimal;
  runs: number;
  ending: number[];
  renewing: number[];
  priceChanges: number[];
  counts: { ending: number; renewing: number; priceChanges: number };
}

export async function forecastAccount(ctx: Ctx, input: { months?: number } = {}) {
  const months = Math.min(24, Math.max(1, input.months ?? 12));
  const now = ctx.clock.now();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const until = new Date(+monthsAfter(from, months) - 1);
  const keys = Array.from({ length: months }, (_, k) => monthKey(monthsAfter(from, k)));
  const catalog = await catalogSnapshot(ctx);
  const cells = new Map<string, Map<string, Cell>>();
  const cell = (currency: string, month: string) => {
    let byMonth = cells.get(currency);
    if (!byMonth) cells.set(currency, (byMonth = new Map()));
    let c = byMonth.get(month);
    if (!c)
      byMonth.set(
        month,
        (c = {
          billed: new Decimal(0),
          runs: 0,
          ending: [],
          renewing: [],
          priceChanges: [],
          counts: { ending: 0, renewing: 0, priceChanges: 0 },
        }),
      );
    return c;
  };
  const note = (list: number[], id: number) => list.length < LISTED && list.push(id);
  let contracts = 0;
  for (let after = 0; ; ) {
    const batch = await ctx.db.subscriptionContract.findMany({
      where: { accountId: ctx.accountId, state: { in: ["active", "paused"] }, id: { gt: after } },
      orderBy: { id: "asc" },
      take: BATCH,
      include: {
        items: { orderBy: { id: "asc" } },
        pauses: { where: { state: { not: "canceled" } } },
        discount: { include: { coupon: true, promotionCode: true } },
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
      contracts++;
      const mine = pendingOf.get(c.id) ?? [];
      const key = `${ctx.accountId}:${catalog.version}:${+until}:${mine.length || c.discount ? `contract ${c.id}:${c.contractVersion}` : shapeKey(c)}`;
      const effects = memoized(memo, key, MEMO_LIMIT, () => contractEffects(c, catalog, mine, until));
      const month = (t: Date) => (t < from ? keys[0] : monthKey(t));
      for (const [at, total] of effects.billed) {
        const x = cell(c.currency, month(at));
        x.billed = x.billed.plus(total);
        x.runs++;
      }
      for (const [kind, dates] of [
        ["ending", effects.endsAt ? [effects.endsAt] : []],
        ["renewing", effects.renewals],
        ["priceChanges", effects.priceChanges],
      ] as const)
        for (const at of dates) {
          const x = cell(c.currency, month(at));
          x.counts[kind]++;
          note(x[kind], c.id);
        }
    }
  }
  return {
    from: from.toISOString(),
    until: until.toISOString(),
    contracts,
    months: keys,
    currencies: [...cells.keys()].sort().map((currency) => ({
      currency,
      months: keys.map((month) => {
        const x = cells.get(currency)?.get(month);
        return {
          month,
          billed_amount: fmt4(x?.billed ?? 0),
          runs: x?.runs ?? 0,
          ending: { count: x?.counts.ending ?? 0, contract_ids: x?.ending ?? [] },
          renewing: { count: x?.counts.renewing ?? 0, contract_ids: x?.renewing ?? [] },
          price_changes: { count: x?.counts.priceChanges ?? 0, contract_ids: x?.priceChanges ?? [] },
        };
      }),
    })),
  };
}
