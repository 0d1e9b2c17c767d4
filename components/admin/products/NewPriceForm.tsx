"use client";
// Adds a price to a product: currency, amount and billing terms. A licensed price takes a unit amount or
// graduated/volume tiers of its quantity; a metered price bills a billable metric's usage in arrears by a
// pricing model (per unit, package, graduated or volume tiers), with optional usage thresholds.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { CurrencyField } from "@/components/admin/catalog/CurrencyOptions";
import { useTRPC } from "@/components/trpc/client";
import { SelectField, TextField } from "@/components/ui/Field";
import { optionalInt, optionalText, text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { CreateFooter } from "@/components/ui/SubmitButton";
import { useResetOnSuccess } from "@/components/ui/useResetOnSuccess";
import {
  initialPricingModel,
  PricingModelEditor,
  type PricingModelKind,
  type PricingModelState,
  pricingModelInput,
} from "./PricingModelEditor";

const FIELDS = [
  "reference",
  "currency",
  "unit_amount",
  "billing_type",
  "interval",
  "interval_count",
  "billing_day_of_month",
  "usage_type",
  "billable_metric_id",
  "usage_thresholds",
  "pricing_model",
  "pricing_model.model",
  "pricing_model.unit_amount",
  "pricing_model.package_size",
  "pricing_model.package_amount",
  "pricing_model.tiers",
] as const;
type Interval = "day" | "week" | "month" | "year";
type UsageType = "licensed" | "metered";

const METERED_MODELS: readonly PricingModelKind[] = ["per_unit", "package", "graduated", "volume"];
const LICENSED_MODELS: readonly PricingModelKind[] = ["graduated", "volume"];

/** "1000, 5000" → ["1000", "5000"] (blank: none). */
export function thresholdList(value: string): string[] {
  return value
    .split(/[,\s]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

export function NewPriceForm({ productId }: { productId: number }) {
  const trpc = useTRPC();
  const [billingType, setBillingType] = useState<"recurring" | "one_time">("recurring");
  const [usageType, setUsageType] = useState<UsageType>("licensed");
  const [model, setModel] = useState<PricingModelState | null>(null);
  const { formRef, onSuccess } = useResetOnSuccess({
    toast: "Price created",
    refresh: trpc.catalog.pathFilter(),
    afterReset: () => {
      setBillingType("recurring");
      setUsageType("licensed");
      setModel(null);
    },
  });
  const create = useMutation(trpc.catalog.prices.create.mutationOptions({ onSuccess }));
  const metrics = useQuery({
    ...trpc.usage.metrics.list.queryOptions(),
    enabled: usageType === "metered",
  });
  const activeMetrics = (metrics.data ?? []).filter((m) => !m.archived);
  const { field, errors, formError } = formFields(create.error, FIELDS, "price");
  const metered = usageType === "metered";
  const recurring = billingType === "recurring" || metered;
  // the terms only a recurring price has
  const recurringTerm = { type: "number", min: 1, disabled: !recurring };

  const onUsageType = (next: UsageType) => {
    setUsageType(next);
    if (next === "metered") {
      setBillingType("recurring");
      setModel((m) => m ?? initialPricingModel("per_unit"));
    } else setModel((m) => (m && (m.model === "graduated" || m.model === "volume") ? m : null));
  };

  const onSubmit = (f: FormData) => {
    const metricId = optionalInt(f, "billable_metric_id");
    const thresholds = thresholdList(text(f, "usage_thresholds"));
    create.mutate({
      product_id: productId,
      reference: optionalText(f, "reference"),
      currency: text(f, "currency"),
      // a metered or tiered price has no amount of its own: the model prices it
      ...(model ? {} : { unit_amount: text(f, "unit_amount") }),
      billing_type: recurring ? "recurring" : "one_time",
      interval: recurring ? (optionalText(f, "interval") as Interval | null) : null,
      interval_count: recurring ? optionalInt(f, "interval_count") : null,
      billing_day_of_month: recurring ? optionalInt(f, "billing_day_of_month") : null,
      usage_type: usageType,
      ...(metered ? { billable_metric_id: metricId } : {}),
      pricing_model: model ? pricingModelInput(model) : null,
      ...(metered && thresholds.length ? { usage_thresholds: thresholds } : {}),
    });
  };

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
      <SelectField
        {...field("usage_type")}
        label="Usage type"
        value={usageType}
        onChange={(e) => onUsageType(e.target.value as UsageType)}
        hint={metered ? "Bills a metric's usage at the end of each period." : "Bills a quantity in advance."}
      >
        <option value="licensed">Licensed</option>
        <option value="metered">Metered</option>
      </SelectField>
      {metered ? (
        <SelectField
          {...field("billable_metric_id")}
          label="Billable metric"
          defaultValue=""
          aria-invalid={!!errors.billable_metric_id}
          aria-describedby={errors.billable_metric_id ? "price-billable_metric_id-error" : undefined}
          hint={
            metrics.isPending
              ? "Loading metrics…"
              : activeMetrics.length
                ? "The active metrics of the account."
                : "No active metric yet: create one under Billable metrics."
          }
        >
          <option value="">Choose a metric…</option>
          {activeMetrics.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} ({m.code})
            </option>
          ))}
        </SelectField>
      ) : model ? null : (
        <TextField {...field("unit_amount")} label="Amount" inputMode="decimal" placeholder="0.00" />
      )}
      <PricingModelEditor
        value={model}
        onChange={setModel}
        errors={errors}
        models={metered ? METERED_MODELS : LICENSED_MODELS}
        label="Pricing model"
        plainLabel={metered ? undefined : "Unit amount (no tiers)"}
      />
      {metered ? (
        <TextField
          {...field("usage_thresholds")}
          label="Usage thresholds"
          hint="Optional: quantities of a period that send usage.threshold_reached, e.g. 1000, 5000."
          placeholder="1000, 5000"
        />
      ) : null}
      {metered && !metrics.isPending && !activeMetrics.length ? (
        <p className="text-sm sm:col-span-full">
          <Link className="text-blue-800 underline" href="/admin/billable-metrics">
            Create a billable metric
          </Link>
        </p>
      ) : null}
      <TextField {...field("reference")} label="Reference" hint="Optional, unique in the account." />
      <SelectField
        {...field("billing_type")}
        label="Billing type"
        value={recurring ? "recurring" : "one_time"}
        disabled={metered}
        hint={metered ? "A metered price is recurring." : undefined}
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
