// How a simulated price change spreads over contracts: each affected contract's change of the first run
// at the new amount, in percent of the old one, counted in fixed ranges (from inclusive, to exclusive).
import Decimal from "decimal.js";

export interface ContractChange {
  contractId: number;
  customerId: number;
  customerReference: string | null;
  /** the first run billed at the new amount */
  firstAt: Date;
  oldAmount: Decimal;
  newAmount: Decimal;
  /** change of the billed amount over the next 12 months */
  yearChange: Decimal;
  /** the engine's explanation of the price's line in that run */
  explanation: string | null;
}

const EDGES = [-25, -10, -5, 0, 5, 10, 25];

const label = (from: number | null, to: number | null) =>
  from === null ? `below ${to}%` : to === null ? `${from}% or more` : `${from}% to ${to}%`;

/** Ranges of per-contract change; `unchanged` contracts on the price form their own bucket. */
export function distribution(changes: ContractChange[], unchanged: number) {
  const bounds: [number | null, number | null][] = [
    [null, EDGES[0]],
    ...EDGES.slice(0, -1).map((e, k): [number, number] => [e, EDGES[k + 1]]),
    [EDGES[EDGES.length - 1], null],
  ];
  const counts = bounds.map(() => 0);
  for (const c of changes) {
    // from a zero amount any increase is unbounded
    const pct = c.oldAmount.isZero()
      ? new Decimal(c.newAmount.gt(0) ? Infinity : -Infinity)
      : c.newAmount.minus(c.oldAmount).div(c.oldAmount).times(100);
    const k = bounds.findIndex(([from, to]) => (from === null || pct.gte(from)) && (to === null || pct.lt(to)));
    counts[k]++;
  }
  return [
    { label: "no change", from_percent: null, to_percent: null, contracts: unchanged },
    ...bounds.map(([from, to], k) => ({
      label: label(from, to),
      from_percent: from,
      to_percent: to,
      contracts: counts[k],
    })),
  ];
}
