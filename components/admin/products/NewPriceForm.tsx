"use client";
// Adds a price to a product: currency, amount and billing terms.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { CurrencyField } from "@/components/admin/catalog/CurrencyOptions";
import { useTRPC } from "@/components/trpc/client";
import { SelectField, TextField } from "@/components/ui/Field";
import { optionalInt, optionalText, text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { CreateFooter } from "@/components/ui/SubmitButton";
import { useResetOnSuccess } from "@/components/ui/useResetOnSuccess";

const FIELDS = [
  "reference",
  "currency",
  "unit_amount",
  "billing_type",
  "interval",
  "interval_count",
  "billing_day_of_month",
] as const;
type Interval = "day" | "week" | "month" | "year";

export function NewPriceForm({ productId }: { productId: number }) {
  const trpc = useTRPC();
  const [billingType, setBillingType] = useState<"recurring" | "one_time">("recurring");
  const { formRef, onSuccess } = useResetOnSuccess({
    toast: "Price created",
    refresh: trpc.catalog.pathFilter(),
    afterReset: () => setBillingType("recurring"),
  });
  const create = useMutation(trpc.catalog.prices.create.mutationOptions({ onSuccess }));
  const { field, errors, formError } = formFields(create.error, FIELDS, "price");
  const recurring = billingType === "recurring";
  // the terms only a recurring price has
  const recurringTerm = { type: "number", min: 1, disabled: !recurring };

  const onSubmit = (f: FormData) =>
    create.mutate({
      product_id: productId,
      reference: optionalText(f, "reference"),
      currency: text(f, "currency"),
      unit_amount: text(f, "unit_amount"),
      billing_type: billingType,
      interval: recurring ? (optionalText(f, "interval") as Interval | null) : null,
      interval_count: recurring ? optionalInt(f, "interval_count") : null,
      billing_day_of_month: recurring ? optionalInt(f, "billing_day_of_month") : null,
    });

  return (
    <GridForm
      formRef={formRef}
      testId="new-price-form"
      error={formError}
      errorTestId="new-price-form-error"
      onSubmit={onSubmit}
    >
      <CurrencyField
        {...field("currency")}
        listId="iso-currency-codes"
        label="Currency"
        hint="ISO 4217 code, e.g. EUR."
        defaultValue="EUR"
        aria-describedby={errors.currency ? "price-currency-error" : undefined}
      />
      <TextField {...field("unit_amount")} label="Amount" inputMode="decimal" placeholder="0.00" />
      <TextField {...field("reference")} label="Reference" hint="Optional, unique in the account." />
      <SelectField
        {...field("billing_type")}
        label="Billing type"
        value={billingType}
        onChange={(e) => setBillingType(e.target.value as "recurring" | "one_time")}
      >
        <option value="recurring">Recurring</option>
        <option value="one_time">One-time</option>
      </SelectField>
      <SelectField
        {...field("interval")}
        label="Interval"
        defaultValue="month"
        disabled={!recurring}
        aria-invalid={!!errors.interval}
      >
        <option value="day">Day</option>
        <option value="week">Week</option>
        <option value="month">Month</option>
        <option value="year">Year</option>
      </SelectField>
      <TextField {...field("interval_count")} {...recurringTerm} label="Interval count" defaultValue={1} />
      <TextField
        {...field("billing_day_of_month")}
        {...recurringTerm}
        label="Billing day of month"
        hint="Optional fixed day (1–31), monthly or yearly prices."
        max={31}
      />
      <CreateFooter
        what="price"
        mutation={create}
        className="flex items-end gap-4 sm:col-span-2"
        created={(answer) => <>Price {answer.reference ?? `#${answer.id}`} created.</>}
      />
    </GridForm>
  );
}
