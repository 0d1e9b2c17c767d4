"use client";
// The contract's running discount (the REST `discount`) with Apply coupon / Remove discount: the same domain
// functions as POST and DELETE …/discount/ (contractActions.applyDiscount / removeDiscount).
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { DateTime } from "@/components/ui/DateTime";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { couponDurationText, formatPercent } from "@/components/ui/format";
import { Money } from "@/components/ui/Money";
import { Options } from "@/components/ui/Options";
import { Fact } from "@/components/ui/TermList";
import { useInputValue } from "@/components/ui/useInputValue";
import type { ContractOut } from "@/server/schemas/contracts";
import type { DiscountOut } from "@/server/schemas/coupons";
import { ContractActionDialog } from "./ContractActionDialog";

type DialogProps = { open: boolean; onOpenChange: (o: boolean) => void; contractId: number; currency: string };

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

function ApplyCouponDialog({ currency, ...p }: DialogProps) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const uid = useId();
  const coupons = useQuery(trpc.coupons.list.queryOptions());
  // only coupons that can discount this contract: active, and a percentage or an amount in its currency
  const usable = (coupons.data ?? []).filter((k) => k.active && (k.percent_off || k.amounts_off[currency]));
  const [coupon, couponProps] = useInputValue();
  const [code, codeProps] = useInputValue();
  const run = () =>
    client.contractActions.applyDiscount.mutate(
      coupon
        ? { contract_id: p.contractId, coupon: Number(coupon) }
        : { contract_id: p.contractId, promotion_code: code },
    );
  return (
    <ContractActionDialog {...p} action="applyCoupon" run={run} fieldNames={["coupon", "promotion_code"]}>
      {({ errors }) => (
        <div className="space-y-3">
          <SelectFormField id={`${uid}-coupon`} label="Coupon" errors={errors.coupon} {...couponProps}>
            <option value="">{coupons.isPending ? "Loading coupons…" : "Choose a coupon"}</option>
            <Options of={usable} value={(k) => k.id} label={(k) => k.name} />
          </SelectFormField>
          <InputFormField
            id={`${uid}-code`}
            label="Or a promotion code"
            errors={errors.promotion_code}
            {...codeProps}
            disabled={!!coupon}
          />
        </div>
      )}
    </ContractActionDialog>
  );
}

function RemoveDiscountDialog(p: DialogProps) {
  const client = useTRPCClient();
  const run = () => client.contractActions.removeDiscount.mutate({ contract_id: p.contractId });
  return <ContractActionDialog {...p} action="removeDiscount" run={run} />;
}
