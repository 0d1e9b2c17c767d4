// The contract's running discount in a customer's words: what it takes off and for how many payments
// ("15 % off with code SPRING: on your next 3 payments"), so a next payment below the plan's price reads right.
import { formatPercent } from "@/components/ui/format";
import { Money } from "@/components/ui/Money";
import type { DiscountOut } from "@/server/schemas/coupons";

function howLong(runsRemaining: number | null): string {
  if (runsRemaining === null) return "on every payment";
  return runsRemaining === 1 ? "on your next payment" : `on your next ${runsRemaining} payments`;
}

export function DiscountNote({ discount, currency }: { discount: DiscountOut; currency: string }) {
  const { coupon } = discount;
  return (
    <span data-testid="discount-note">
      {coupon.percent_off ? (
        formatPercent(coupon.percent_off)
      ) : (
        <Money amount={coupon.amounts_off[currency] ?? "0"} currency={currency} />
      )}{" "}
      off{discount.promotion_code ? ` with code ${discount.promotion_code}` : ` (${coupon.name})`}:{" "}
      {howLong(discount.runs_remaining)}
    </span>
  );
}
