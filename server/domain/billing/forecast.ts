// Account forecast (extension: GET /v2/forecast/, console /admin/forecast): the billed amount per month
// and currency for the next months, summed from every live contract's projected runs (projectRuns, the
// worker's own run building), with the contracts that end, renew or change price in each month. Contracts
// are read in id-ordered batches and reduced to per-month figures, so memory stays bounded; each
// contract shape's figures are memoized per catalog version and horizon while shapes repeat (see shapeKey).
import Decimal from "decimal.js";
import { memoized } from "@/server/domain/boundedMemo";
import type { Ctx } from "@/server/domain/context";
import { fmt4 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { estimatedUsage } from "@/server/domain/usage/contractUsage";
import type { ProjectableContract } from "./draft";
import { contractEffects, type Effects } from "./forecastEffects";
import { forecastPages } from "./forecastLoad";
import { monthsAfter } from "./upcoming";

const MEMO_LIMIT = 250_000;
/**
 * The memo pays only where shapes repeat: where contracts are shapes of their own (created at distinct
 * instants), its keys cost their building and its entries weigh on the heap (a million contracts: a fifth of
 * the time in the garbage collector). Shapes can repeat thousands of contracts apart (the bench's seed), so
 * the first TRIAL lookups of a forecast decide: under a tenth of them hit, and the memo is off for the rest
 * of it and the entries it added leave.
 */
const TRIAL = 50_000;
const MIN_HITS = 0.1;
/** Contract ids listed per month and kind of event; the counts are complete. */
const LISTED = 20;

/** What one contract adds to the forecast, by month index (0 = the first month). */
interface Contribution {
  /** per projected run: its month and its total (shared Decimals: equal runs carry the same object) */
  runMonths: number[];
  runTotals: Decimal[];
  ending: number | null;
  renewing: number[];
  priceChanges: number[];
}

const memo = new Map<string, Contribution>();

/**
 * Everything the projection of a contract without pending lines reads, without ids: contracts of the same
 * shape (same prices, quantities, dates, pauses) have the same figures, so each shape is computed once.
 */
function shapeKey(c: ProjectableContract): string {
  const t = (d: Date | null) => (d ? +d : "");
  let key = `${c.state}|${t(c.nextBillingAt)}|${t(c.cancelAt)}|${c.billingTimezone}|${c.billingTime}|${c.fixedDay ?? ""}|${t(c.billingAnchorAt)}`;
  for (const i of c.items)
    key += `|${i.status},${i.priceId},${i.quantity},${i.unitAmountOverride ?? ""},${i.discountPercent ?? ""},${t(i.startAt)},${t(i.endAt)},${t(i.periodStartAt)},${t(i.periodEndAt)}`;
  for (const p of c.pauses) if (p.state !== "canceled") key += `|p${+p.startAt},${+p.endAt}`;
  // item positions, not ids: the key must stay free of ids
  for (const s of c.scheduledChanges ?? [])
    key += `|s${c.items.findIndex((i) => i.id === s.contractItemId)},${s.kind},${s.priceId ?? ""},${s.quantity ?? ""},${+s.effectiveAt}`;
  // a running discount: its coupon and how many runs it still discounts
  if (c.discount) key += `|d${c.discount.couponId},${+c.discount.coupon.updatedAt},${c.discount.runsRemaining ?? ""}`;
  return key;
}

export const monthKey = (t: Date) => t.toISOString().slice(0, 7);

interface Cell {
  /** run totals → how many runs billed that total: a sum of products at the end, no addition per run */
  totals: Map<Decimal, number>;
  runs: number;
  ending: number[];
  renewing: number[];
  priceChanges: number[];
  counts: { ending: number; renewing: number; priceChanges: number };
}

const newCell = (): Cell => ({
  totals: new Map(),
  runs: 0,
  ending: [],
  renewing: [],
  priceChanges: [],
  counts: { ending: 0, renewing: 0, priceChanges: 0 },
});

/**
 * What the effects add by month index (0 = the first month; it also takes anything before it, a run overdue
 * now). `monthStarts`: each month's first instant as an epoch number (month indexes are asked ~2 M times).
 */
function contribution(effects: Effects, monthStarts: number[]): Contribution {
  const month = (t: Date) => {
    let k = 0;
    while (k + 1 < monthStarts.length && monthStarts[k + 1] <= t.getTime()) k++;
    return k;
  };
  return {
    runMonths: effects.billed.map((r) => month(r.at)),
    runTotals: effects.billed.map((r) => r.total),
    ending: effects.endsAt ? month(effects.endsAt) : null,
    renewing: effects.renewals.map(month),
    priceChanges: effects.priceChanges.map(month),
  };
}

export async function forecastAccount(ctx: Ctx, input: { months?: number } = {}) {
  const months = Math.min(24, Math.max(1, input.months ?? 12));
  const now = ctx.clock.now();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const until = new Date(+monthsAfter(from, months) - 1);
  const monthStarts = Array.from({ length: months + 1 }, (_, k) => monthsAfter(from, k).getTime());
  const keys = Array.from({ length: months }, (_, k) => monthKey(monthsAfter(from, k)));
  const catalog = await catalogSnapshot(ctx);
  const cells = new Map<string, Cell[]>();
  const note = (list: number[], id: number) => list.length < LISTED && list.push(id);
  let contracts = 0;
  // the memo's trial in this forecast: lookups, hits, the keys it added, and whether it is off
  const shapes = { lookups: 0, hits: 0, added: [] as string[], off: false };
  for await (const page of forecastPages(ctx)) {
    // metered items: every projected period at the current period's estimate (one read per page)
    const usage = await estimatedUsage(ctx, catalog, page.contracts);
    for (const c of page.contracts) {
      contracts++;
      const mine = page.pendingOf.get(c.id) ?? [];
      const compute = () => contribution(contractEffects(c, catalog, mine, until, usage), monthStarts);
      let x: Contribution;
      if (shapes.off) x = compute();
      else {
        // a metered contract's figures depend on its usage: the estimates join its shape
        const usageKey = usage.size ? c.items.map((i) => usage.get(i.id)?.toString() ?? "").join(",") : "";
        const key = `${ctx.accountId}:${catalog.version}:${+from}:${+until}:${mine.length ? `contract ${c.id}:${c.contractVersion}` : shapeKey(c)}|${usageKey}`;
        const known = memo.get(key);
        if (known) shapes.hits++;
        else if (shapes.lookups < TRIAL) shapes.added.push(key);
        x = known ?? memoized(memo, key, MEMO_LIMIT, compute);
        if (++shapes.lookups === TRIAL) {
          shapes.off = shapes.hits < TRIAL * MIN_HITS;
          if (shapes.off) for (const added of shapes.added) memo.delete(added);
          shapes.added = [];
        }
      }
      if (!x.runMonths.length && x.ending === null && !x.renewing.length && !x.priceChanges.length) continue;
      // a currency is listed once a contract adds something to it
      let row = cells.get(c.currency);
      if (!row) cells.set(c.currency, (row = Array.from({ length: months }, newCell)));
      for (let k = 0; k < x.runMonths.length; k++) {
        const cell = row[x.runMonths[k]];
        cell.totals.set(x.runTotals[k], (cell.totals.get(x.runTotals[k]) ?? 0) + 1);
        cell.runs++;
      }
      if (x.ending !== null) {
        row[x.ending].counts.ending++;
        note(row[x.ending].ending, c.id);
      }
      for (const m of x.renewing) {
        row[m].counts.renewing++;
        note(row[m].renewing, c.id);
      }
      for (const m of x.priceChanges) {
        row[m].counts.priceChanges++;
        note(row[m].priceChanges, c.id);
      }
    }
  }
  const billed = (x: Cell) => {
    let sum = new Decimal(0);
    for (const [total, count] of x.totals) sum = sum.plus(total.times(count));
    return sum;
  };
  return {
    from: from.toISOString(),
    until: until.toISOString(),
    contracts,
    months: keys,
    currencies: [...cells.keys()].sort().map((currency) => ({
      currency,
      months: keys.map((month, k) => {
        const x = cells.get(currency)![k];
        return {
          month,
          billed_amount: fmt4(billed(x)),
          runs: x.runs,
          ending: { count: x.counts.ending, contract_ids: x.ending },
          renewing: { count: x.counts.renewing, contract_ids: x.renewing },
          price_changes: { count: x.counts.priceChanges, contract_ids: x.priceChanges },
        };
      }),
    })),
  };
}
