"use client";
// Creates a coupon: a percentage or a fixed amount in one currency, for one run, N runs or every run.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { SelectField, TextField } from "@/components/ui/Field";
import { optionalInt, text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { useResetOnSuccess } from "@/components/ui/useResetOnSuccess";

const FIELDS = ["name", "percent_off", "amounts_off", "duration", "duration_in_periods", "max_redemptions"] as const;

export function CouponForm() {
  const trpc = useTRPC();
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const [duration, setDuration] = useState<"once" | "repeating" | "forever">("once");
  const { formRef, onSuccess } = useResetOnSuccess({ toast: "Coupon created", refresh: trpc.coupons.pathFilter() });
  const create = useMutation(trpc.coupons.create.mutationOptions({ onSuccess }));
  const { field, control, errors, formError } = formFields(create.error, FIELDS, "coupon");

  function onSubmit(f: FormData) {
    const periods = optionalInt(f, "duration_in_periods");
    const max = optionalInt(f, "max_redemptions");
    create.mutate({
      name: text(f, "name"),
      ...(kind === "percent"
        ? { percent_off: text(f, "percent_off") }
        : { amounts_off: { [text(f, "currency").toUpperCase()]: text(f, "amount_off") } }),
      duration,
      ...(duration === "repeating" && periods !== null ? { duration_in_periods: periods } : {}),
      ...(max !== null ? { max_redemptions: max } : {}),
    });
  }

  return (
    <GridForm formRef={formRef} testId="coupon-form" error={formError} onSubmit={onSubmit}>
      <TextField {...field("name")} label="Name" />
      <SelectField
        id="coupon-kind"
        label="Discount type"
        value={kind}
        onChange={(e) => setKind(e.target.value as "percent" | "amount")}
      >
        <option value="percent">Percentage</option>
        <option value="amount">Fixed amount</option>
      </SelectField>
      {kind === "percent" ? (
        <TextField {...field("percent_off", "coupon-percent")} label="Percent off" hint="e.g. 20" inputMode="decimal" />
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <TextField
            {...field("amount_off", "coupon-amount")}
            errors={errors.amounts_off}
            label="Amount off"
            inputMode="decimal"
          />
          <TextField {...control("currency")} label="Currency" defaultValue="EUR" />
        </div>
      )}
      <SelectField
        id="coupon-duration"
        label="Duration"
        errors={errors.duration}
        value={duration}
        onChange={(e) => setDuration(e.target.value as "once" | "repeating" | "forever")}
      >
        <option value="once">Once (one run)</option>
        <option value="repeating">Repeating (a number of runs)</option>
        <option value="forever">Forever</option>
      </SelectField>
      {duration === "repeating" && (
        <TextField {...field("duration_in_periods", "coupon-periods")} label="Number of runs" inputMode="numeric" />
      )}
      <TextField
        {...field("max_redemptions", "coupon-max")}
        label="Max redemptions"
        hint="Empty: unlimited."
        inputMode="numeric"
      />
      <div className="self-end">
        <SubmitButton pending={create.isPending} writeAction="create coupons">
          Create coupon
        </SubmitButton>
      </div>
    </GridForm>
  );
}
