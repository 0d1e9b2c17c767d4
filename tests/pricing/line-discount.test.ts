// lineDiscount reads back what pricing wrote (pricing/amounts.ts explanations and amounts): the discount of
// every kind of line the engine prices, by hand. 10.00 a month; factor 0.5 for half a period.
//   10 % discount × 0.5:          10 × 0.5 = 5.0000 full, 4.5000 billed → 0.5000
//   20 % coupon, inclusive 10 %:  10.0000 full, 8.0000 billed → 2.0000 (tax does not change it)
//   both (×0.9×0.8):              10.0000 full, 7.2000 billed → 2.8000
//   fixed 3.00 coupon:            10.0000 full, 7.0000 billed → 3.0000
//   a credit line with 10 % off:  −4.5000 billed → −0.5000 (given back)
//   no discount, any factor or sign: 0
import { describe, expect, it } from "vitest";
import { fmt4, MoneyDecimal } from "@/server/domain/money";
import { priceAmounts, withReducedTotal } from "@/server/domain/pricing/amounts";
import { lineDiscount } from "@/server/domain/pricing/discount";
import type { PricedAmounts, PriceTerms } from "@/server/domain/pricing/types";
import { price } from "./fixtures";

const AT = new Date("2026-01-10T00:00:00.000Z");
const d = (v: string) => new MoneyDecimal(v);

function billed(a: PricedAmounts, quantity = 1, sign = 1) {
  return {
    unitAmount: a.unitAmount,
    quantity,
    prorationFactor: a.factor,
    lineTotal: a.lineTotal.times(sign),
    description: `${sign < 0 ? "credit: " : ""}${a.explanation}`,
  };
}

const priced = (p: PriceTerms, over: Partial<Parameters<typeof priceAmounts>[0]> = {}) =>
  priceAmounts({
    price: p,
    quantity: 1,
    unitAmountOverride: null,
    discountPercent: null,
    factor: d("1"),
    versionAt: AT,
    ...over,
  });

describe("lineDiscount", () => {
  it("is what the item's discount and coupons took off, signed like the line", () => {
    const p = price({ amount: "10.0000" });
    const inclusive = price({ amount: "10.0000", taxPolicy: "inclusive", taxRate: d("10") });
    const coupon = { percent: d("20"), label: "SPRING20", renews: true };
    const cases: [ReturnType<typeof billed>, string][] = [
      [billed(priced(p, { discountPercent: d("10"), factor: d("0.5") })), "0.5000"],
      [billed(priced(inclusive, { coupon })), "2.0000"],
      [billed(priced(p, { discountPercent: d("10"), coupon })), "2.8000"],
      [billed(withReducedTotal(priced(p), p, d("3"), "FIVE")), "3.0000"],
      [billed(priced(p, { discountPercent: d("10"), factor: d("0.5") }), 1, -1), "-0.5000"],
      [billed(priced(p, { factor: d("0.333333"), quantity: 3 }), 3), "0.0000"],
      [billed(priced(p, { factor: d("0.677419") }), 1, -1), "0.0000"],
    ];
    expect(cases.map(([line]) => fmt4(lineDiscount(line)))).toEqual(cases.map(([, want]) => want));
  });
});
