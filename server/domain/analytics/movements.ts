// MRR movements per month and currency (docs/decisions.md "Revenue analytics"): opening MRR, the five
// movements (new, expansion, contraction, churn, reactivation; contraction and churn negative) and closing
// MRR, with opening + movements = closing to the last digit and each movement's contracts.
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { fmt4 } from "@/server/domain/money";
import { type AnalyticsBase, type AnalyticsInput, analyticsBase, moveKey } from "./base";
import { MOVEMENT_KINDS, type MovementKind } from "./customerMonths";

export interface MonthMovements {
  month: string;
  opening: Decimal;
  closing: Decimal;
  openingCustomers: number;
  closingCustomers: number;
  moves: Record<MovementKind, { amount: Decimal; customers: number; contracts: number; contractIds: number[] }>;
}

const none = { amount: new Decimal(0), customers: 0, contracts: 0, contractIds: [] as number[] };

/** Month by month per currency, opening carried from the previous closing. */
export function monthMovements(base: AnalyticsBase, currency: string): MonthMovements[] {
  let mrr = base.opening.get(currency)?.mrr ?? new Decimal(0);
  let customers = base.opening.get(currency)?.customers ?? 0;
  return base.range.months.map((month) => {
    const moves = Object.fromEntries(
      MOVEMENT_KINDS.map((kind) => [kind, base.moves.get(moveKey(currency, month, kind)) ?? none]),
    ) as MonthMovements["moves"];
    const opening = mrr;
    const openingCustomers = customers;
    mrr = MOVEMENT_KINDS.reduce((sum, kind) => sum.plus(moves[kind].amount), opening);
    customers = openingCustomers + moves.new.customers + moves.reactivation.customers - moves.churn.customers;
    return { month, opening, closing: mrr, openingCustomers, closingCustomers: customers, moves };
  });
}

export async function mrrMovements(ctx: Ctx, input: AnalyticsInput) {
  const base = await analyticsBase(ctx, input);
  return {
    currency: input.currency ?? null,
    from: base.range.from,
    to: base.range.to,
    time_zone: base.range.zone,
    now: base.range.now.toISOString(),
    currencies: base.currencies.map((currency) => ({
      currency,
      months: monthMovements(base, currency).map((m) => ({
        month: m.month,
        opening_mrr: fmt4(m.opening),
        movements: MOVEMENT_KINDS.map((kind) => ({
          kind,
          amount: fmt4(m.moves[kind].amount),
          customers: m.moves[kind].customers,
          contracts: m.moves[kind].contracts,
          contract_ids: m.moves[kind].contractIds,
        })),
        net_change: fmt4(m.closing.minus(m.opening)),
        closing_mrr: fmt4(m.closing),
        opening_customers: m.openingCustomers,
        closing_customers: m.closingCustomers,
      })),
    })),
  };
}
