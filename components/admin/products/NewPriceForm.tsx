"use client";
// Adds a price to a product: currency, amount and billing terms.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { CurrencyField } from "@/components/admin/catalog/CurrencyOptions";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { SelectField, TextField } from "@/components/ui/Field";
import { optionalInt, optionalText, text } from "@/components/ui/formData";
import { GridForm } from "@/components/ui/GridForm";
import { CreateFooter } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";

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
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [billingType, setBillingType] = useState<"recurring" | "one_time">("recurring");
  const create = useMutation(
    trpc.catalog.prices.create.mutationOptions({
      onSuccess: async () => {
        formRef.current?.reset();
        setBillingType("recurring");
        toast.success("Price created");
        await queryClient.invalidateQueries(trpc.catalog.pathFilter());
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const recurring = billingType === "recurring";

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
      error={formErrorOf(create.error, FIELDS)}
      errorTestId="new-price-form-error"
      onSubmit={onSubmit}
    >
      <CurrencyField
        id="price-currency"
        listId="iso-currency-codes"
        name="currency"
        label="Currency"
        errors={errors.currency}
        hint="ISO 4217 code, e.g. EUR."
        defaultValue="EUR"
        aria-describedby={errors.currency ? "price-currency-error" : undefined}
      />
      <TextField
        id="price-unit_amount"
        name="unit_amount"
        label="Amount"
        errors={errors.unit_amount}
        inputMode="decimal"
        placeholder="0.00"
      />
      <TextField
        id="price-reference"
        name="reference"
        label="Reference"
        errors={errors.reference}
        hint="Optional, unique in the account."
      />
      <SelectField
        id="price-billing_type"
        label="Billing type"
        errors={errors.billing_type}
        name="billing_type"
        value={billingType}
        onChange={(e) => setBillingType(e.target.value as "recurring" | "one_time")}
      >
        <option value="recurring">Recurring</option>
        <option value="one_time">One-time</option>
      </SelectField>
      <SelectField
        id="price-interval"
        label="Interval"
        errors={errors.interval}
        name="interval"
        defaultValue="month"
        disabled={!recurring}
        aria-invalid={!!errors.interval}
      >
        <option value="day">Day</option>
        <option value="week">Week</option>
        <option value="month">Month</option>
        <option value="year">Year</option>
      </SelectField>
      <TextField
        id="price-interval_count"
        name="interval_count"
        label="Interval count"
        errors={errors.interval_count}
        type="number"
        min={1}
        defaultValue={1}
        disabled={!recurring}
      />
      <TextField
        id="price-billing_day_of_month"
        name="billing_day_of_month"
        label="Billing day of month"
        errors={errors.billing_day_of_month}
        hint="Optional fixed day (1–31), monthly or yearly prices."
        type="number"
        min={1}
        max={31}
        disabled={!recurring}
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
