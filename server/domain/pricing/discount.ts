// What discounts took off a billed line (receipts): only what an item's discount_percent or a coupon took
// off, read back from the line as pricing wrote it. Proration, paused time and the sign of a credit line
// are not discounts: they are in the factor and the sign. Pure.
//
//   full     = round4(unit × quantity × factor)        the line before any discount (amounts.ts's rounding)
//   discount = full − |line total|, signed like the line (a proration credit gives its discount back)
//   only when the explanation names a discount or a coupon, as amounts.ts writes them:
//   "x (1 - 10% discount)", "x (1 - 20% coupon SPRING20)", "- 5.0000 coupon FIVE = 7.0000"
import { type Dec, type DecimalLike, dec, round4, ZERO } from "@/server/domain/money";

/** A discount or coupon in an engine explanation (percentages and fixed amounts). */
const DISCOUNTED = /x \(1 - [0-9.]+% (?:discount|coupon )|- [0-9.]+ coupon /;

export interface BilledLineAmounts {
  unitAmount: DecimalLike;
  quantity: number;
  prorationFactor: DecimalLike;
  /** signed: negative on a credit line */
  lineTotal: DecimalLike;
  /** the engine's explanation of the line */
  description: string;
}

/** What discounts and coupons took off the line (signed like the line; zero without either). */
export function lineDiscount(line: BilledLineAmounts): Dec {
  if (!DISCOUNTED.test(line.description)) return ZERO;
  const total = dec(line.lineTotal);
  const full = round4(dec(line.unitAmount).times(line.quantity).times(dec(line.prorationFactor)));
  const taken = full.minus(total.abs());
  return total.isNegative() ? taken.negated() : taken;
}
