// What counts as a price change, for the account forecast's price_changes (forecastEffects.ts) and the
// price-change simulation (simulate.ts) alike: a change of amount. A recurring line of a projected run pays
// a new price when its unit amount (the price version's, or the item's fixed unit_amount_override) differs
// from what its item paid before; another version id at the same amount (an item with an override, a
// version repeating the amount) is no change. Pure.
import { type DecimalLike, fmt4 } from "@/server/domain/money";
import type { RunDraft } from "./draft";

/**
 * The rule itself: `after` is a new price when its amount differs from `before` (nothing before: not a
 * change). Amounts compare as their four-digit text; lines carry the pricing memo's shared strings, so an
 * unchanged amount is one identity check (the forecast asks this for millions of lines).
 */
export const paysNewAmount = (before: DecimalLike | undefined, after: DecimalLike): boolean =>
  before !== undefined && before !== after && fmt4(before) !== fmt4(after);

/** The unit amount each contract item pays in a run (its recurring lines). */
export function itemUnitAmounts(run: Pick<RunDraft, "lines">): Map<number, DecimalLike> {
  const paid = new Map<number, DecimalLike>();
  for (const line of run.lines)
    if (line.kind === "recurring" && line.contractItemId != null) paid.set(line.contractItemId, line.unitAmount);
  return paid;
}

/**
 * The runs (indexes) at which some item first pays another amount than before, given what each item paid
 * for its current period (`paid`, updated run by run): the forecast's price changes.
 */
export function priceChangeRuns(paid: Map<number, DecimalLike>, runs: Pick<RunDraft, "lines">[]): number[] {
  const changes: number[] = [];
  for (let k = 0; k < runs.length; k++) {
    let changed = false;
    for (const line of runs[k].lines) {
      if (line.kind !== "recurring" || line.contractItemId == null) continue;
      if (paysNewAmount(paid.get(line.contractItemId), line.unitAmount)) changed = true;
      paid.set(line.contractItemId, line.unitAmount);
    }
    if (changed) changes.push(k);
  }
  return changes;
}

/**
 * The first run (index) at which an item pays another amount in `after` than in `before`, two projections
 * of one contract over the same dates (a price version changes amounts, not periods), or −1: the
 * simulation's first run at the new amount.
 */
export function firstPriceChange(before: Pick<RunDraft, "lines">[], after: Pick<RunDraft, "lines">[]): number {
  for (const [k, run] of after.entries()) {
    const was = before[k] ? itemUnitAmounts(before[k]) : new Map<number, DecimalLike>();
    for (const [item, amount] of itemUnitAmounts(run)) if (paysNewAmount(was.get(item), amount)) return k;
  }
  return -1;
}
