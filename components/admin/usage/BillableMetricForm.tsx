"use client";
// Creates a billable metric: its code and name, how its events add up (aggregation and the property it reads,
// none for count) and optional filters. The server's messages show next to their fields.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { SelectField, TextField } from "@/components/ui/Field";
import { text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { useResetOnSuccess } from "@/components/ui/useResetOnSuccess";
import type { Aggregation } from "@/server/schemas/usage";
import { parseMetricFilters } from "./metricFilters";

const FIELDS = ["code", "name", "aggregation", "field_name", "filters"] as const;

// every aggregation the schema knows (the Record's type says so), without its zod in the browser bundle
const AGGREGATION_LABELS: Record<Aggregation, string> = {
  count: "Count of events",
  sum: "Sum of a property",
  max: "Maximum of a property",
  unique_count: "Distinct values of a property",
  latest: "Latest value of a property",
};

export function BillableMetricForm() {
  const trpc = useTRPC();
  const [aggregation, setAggregation] = useState<Aggregation>("count");
  const [filtersError, setFiltersError] = useState<string | null>(null);
  const { formRef, onSuccess } = useResetOnSuccess({
    toast: "Billable metric created",
    refresh: trpc.usage.metrics.pathFilter(),
    afterReset: () => setAggregation("count"),
  });
  const create = useMutation(trpc.usage.metrics.create.mutationOptions({ onSuccess }));
  const { field, errors, formError } = formFields(create.error, FIELDS, "metric");

  function onSubmit(f: FormData) {
    const parsed = parseMetricFilters(text(f, "filters"));
    setFiltersError(parsed.error ?? null);
    if (parsed.error) return;
    const property = text(f, "field_name");
    create.mutate({
      code: text(f, "code"),
      name: text(f, "name"),
      aggregation,
      ...(aggregation !== "count" && property !== "" ? { field_name: property } : {}),
      ...(parsed.filters ? { filters: parsed.filters } : {}),
    });
  }

  const filterField = field("filters");
  return (
    <GridForm formRef={formRef} testId="billable-metric-form" error={formError} onSubmit={onSubmit}>
      <TextField {...field("code")} label="Code" hint="The code events name, e.g. api_calls." autoComplete="off" />
      <TextField {...field("name")} label="Name" />
      <SelectField
        id="metric-aggregation"
        name="aggregation"
        label="Aggregation"
        errors={errors.aggregation}
        value={aggregation}
        onChange={(e) => setAggregation(e.target.value as Aggregation)}
      >
        {(Object.keys(AGGREGATION_LABELS) as Aggregation[]).map((a) => (
          <option key={a} value={a}>
            {a} ({AGGREGATION_LABELS[a]})
          </option>
        ))}
      </SelectField>
      {aggregation !== "count" && (
        <TextField
          {...field("field_name")}
          label="Property"
          hint="The event property it reads, e.g. bytes."
          autoComplete="off"
        />
      )}
      <TextField
        {...filterField}
        errors={filtersError ? [filtersError] : filterField.errors}
        label="Filters"
        hint="Optional: region=eu; region=us, or JSON."
        autoComplete="off"
      />
      <div className="self-end">
        <SubmitButton pending={create.isPending} writeAction="create billable metrics">
          Create billable metric
        </SubmitButton>
      </div>
    </GridForm>
  );
}
