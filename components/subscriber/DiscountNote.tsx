"use client";
// The contract's running discount in a customer's words: what it takes off and for how many payments
// ("15 % off with code SPRING: on your next 3 payments"), so a next payment below the plan's price reads right.
import { useLocale, useTranslations } from "next-intl";
import { formatPercent } from "@/components/ui/format";
import { Money } from "@/components/ui/Money";
import type { DiscountOut } from "@/server/schemas/coupons";

function howLong(t: ReturnType<typeof useTranslations<"discount">>, runsRemaining: number | null): string {
  if (runsRemaining === null) return t("everyPayment");
  return runsRemaining === 1 ? t("nextPayment") : t("nextPayments", { count: runsRemaining });
}

export function DiscountNote({ discount, currency }: { discount: DiscountOut; currency: string }) {
  const { coupon } = discount;
  const t = useTranslations("discount");
  const locale = useLocale();
  const off = () =>
    coupon.percent_off ? (
      formatPercent(coupon.percent_off, locale)
    ) : (
      <Money amount={coupon.amounts_off[currency] ?? "0"} currency={currency} />
    );
  const long = howLong(t, discount.runs_remaining);
  return (
    <span data-testid="discount-note">
      {discount.promotion_code
        ? t.rich("withCode", { off, code: discount.promotion_code, howLong: long })
        : t.rich("named", { off, name: coupon.name, howLong: long })}
    </span>
  );
}
