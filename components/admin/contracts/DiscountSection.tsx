"use client";
// The contract's running discount (the REST `discount`) with Apply coupon / Remove discount: the same domain
// functions as POST and DELETE …/discount/ (contractActions.applyDiscount / removeDiscount).
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { DateTime } from "@/components/ui/DateTime";
import { DialogLoading } from "@/components/ui/DialogLoading";
import { couponDurationText, formatPercent } from "@/components/ui/format";
import { Money } from "@/components/ui/Money";
import { Fact } from "@/components/ui/TermList";
import type { ContractOut } from "@/server/schemas/contracts";
import type { DiscountOut } from "@/server/schemas/coupons";

// the dialogs load when one opens, not with the page (bench:admin's JS per page)
const ApplyCouponDialog = dynamic(() => import("./DiscountDialogs").then((m) => m.ApplyCouponDialog), {
  ssr: false,
  loading: DialogLoading,
});
const RemoveDiscountDialog = dynamic(() => import("./DiscountDialogs").then((m) => m.RemoveDiscountDialog), {
  ssr: false,
  loading: DialogLoading,
});

export function DiscountSection({ contract: c }: { contract: ContractOut }) {
  const [open, setOpen] = useState<"apply" | "remove" | null>(null);
  // the contract schema keeps `discount` open (spec 2.6); the domain fills it with presentDiscount
  const discount = c.discount as DiscountOut | null;
  const changeable = c.state !== "canceled" && c.state !== "ended";
  const dialog = (name: "apply" | "remove") => ({
    open: open === name,
    onOpenChange: (o: boolean) => setOpen(o ? name : null),
    contractId: c.id,
    currency: c.currency,
  });
  return (
    <Card
      title="Discount"
      testId="contract-discount"
      actions={
        changeable ? (
          <div className="flex gap-2">
            <Button onClick={() => setOpen("apply")} writeAction="apply coupons">
              Apply coupon
            </Button>
            {discount ? (
              <Button onClick={() => setOpen("remove")} writeAction="remove discounts">
                Remove discount
              </Button>
            ) : null}
          </div>
        ) : null
      }
    >
      {discount ? (
        <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
          <Fact label="Coupon" value={discount.coupon.name} />
          <Fact
            label="Discount"
            value={
              discount.coupon.percent_off ? (
                formatPercent(discount.coupon.percent_off)
              ) : (
                <Money amount={discount.coupon.amounts_off[c.currency] ?? "0"} currency={c.currency} />
              )
            }
          />
          <Fact label="Duration" value={couponDurationText(discount.coupon)} />
          <Fact label="Runs remaining" value={discount.runs_remaining ?? "Every run"} />
          <Fact label="Promotion code" value={discount.promotion_code ?? "—"} />
          <Fact label="Started" value={<DateTime value={discount.start} />} />
        </dl>
      ) : (
        <p className="text-sm text-slate-700">No discount</p>
      )}
      {open === "apply" ? <ApplyCouponDialog {...dialog("apply")} /> : null}
      {open === "remove" ? <RemoveDiscountDialog {...dialog("remove")} /> : null}
    </Card>
  );
}
