"use client";
// The discount section's dialogs (DiscountSection.tsx), in their own module so that they load when one opens.
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { Options } from "@/components/ui/Options";
import { useInputValue } from "@/components/ui/useInputValue";
import { ContractActionDialog } from "./ContractActionDialog";

type DialogProps = { open: boolean; onOpenChange: (o: boolean) => void; contractId: number; currency: string };

export function ApplyCouponDialog({ currency, ...p }: DialogProps) {
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

export function RemoveDiscountDialog(p: DialogProps) {
  const client = useTRPCClient();
  const run = () => client.contractActions.removeDiscount.mutate({ contract_id: p.contractId });
  return <ContractActionDialog {...p} action="removeDiscount" run={run} />;
}
