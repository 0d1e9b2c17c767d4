"use client";
// Creates a tax rate, or edits one (name and percentage) when `rate` is given.
import { TextField } from "@/components/ui/Field";
import { text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { useCatalogSave } from "./catalogResource";

const FIELDS = ["name", "percentage"] as const;

export function TaxRateForm({
  rate,
  onDone,
}: {
  rate?: { id: number; name: string; percentage: string };
  onDone?: () => void;
}) {
  const { formRef, save, mutation } = useCatalogSave("taxRates", rate, { onDone });
  const { field, formError } = formFields(mutation.error, FIELDS, `tax-rate-${rate?.id ?? "new"}`, rate);

  return (
    <GridForm
      formRef={formRef}
      testId="tax-rate-form"
      error={formError}
      onSubmit={(form) => save({ name: text(form, "name"), percentage: text(form, "percentage") })}
    >
      <TextField {...field("name")} label="Name" />
      <TextField {...field("percentage")} label="Percentage" hint="0–100, e.g. 24 or 25.5." inputMode="decimal" />
      <div className="self-end">
        <SubmitButton pending={mutation.isPending} writeAction="change tax rates">
          {rate ? "Save tax rate" : "Create tax rate"}
        </SubmitButton>
      </div>
    </GridForm>
  );
}
