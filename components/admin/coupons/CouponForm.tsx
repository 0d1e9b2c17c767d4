"use client";
// Creates a coupon: a percentage or a fixed amount in one currency, for one run, N runs or every run.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { Field, inputClass, SelectField } from "@/components/ui/Field";
import { optionalInt, text } from "@/components/ui/formData";
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
  const errors = fieldErrorsOf(create.error);

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
    <GridForm formRef={formRef} testId="coupon-form" error={formErrorOf(create.error, FIELDS)} onSubmit={onSubmit}>
      <Field id="coupon-name" label="Name" errors={errors.name}>
        <input id="coupon-name" name="name" className={inputClass} aria-invalid={!!errors.name} />
      </Field>
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
        <Field id="coupon-percent" label="Percent off" errors={errors.percent_off} hint="e.g. 20">
          <input id="coupon-percent" name="percent_off" inputMode="decimal" className={inputClass} />
        </Field>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <Field id="coupon-amount" label="Amount off" errors={errors.amounts_off}>
            <input id="coupon-amount" name="amount_off" inputMode="decimal" className={inputClass} />
          </Field>
          <Field id="coupon-currency" label="Currency">
            <input id="coupon-currency" name="currency" defaultValue="EUR" className={inputClass} />
          </Field>
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
        <Field id="coupon-periods" label="Number of runs" errors={errors.duration_in_periods}>
          <input id="coupon-periods" name="duration_in_periods" inputMode="numeric" className={inputClass} />
        </Field>
      )}
      <Field id="coupon-max" label="Max redemptions" errors={errors.max_redemptions} hint="Empty: unlimited.">
        <input id="coupon-max" name="max_redemptions" inputMode="numeric" className={inputClass} />
      </Field>
      <div className="self-end">
        <SubmitButton pending={create.isPending}>Create coupon</SubmitButton>
      </div>
    </GridForm>
  );
}
