"use client";
// Creates a tax rate, or edits one (name and percentage) when `rate` is given.
import { formErrorOf } from "@/components/ui/errors";
import { TextField } from "@/components/ui/Field";
import { text } from "@/components/ui/formData";
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
  const { formRef, save, mutation, errors } = useCatalogSave("taxRates", rate, { onDone });
  const id = (field: string) => `tax-rate-${rate?.id ?? "new"}-${field}`;

  return (
    <GridForm
      formRef={formRef}
      testId="tax-rate-form"
      error={formErrorOf(mutation.error, FIELDS)}
      onSubmit={(form) => save({ name: text(form, "name"), percentage: text(form, "percentage") })}
    >
      <TextField id={id("name")} name="name" label="Name" errors={errors.name} defaultValue={rate?.name} />
      <TextField
        id={id("percentage")}
        name="percentage"
        label="Percentage"
        errors={errors.percentage}
        hint="0–100, e.g. 24 or 25.5."
        inputMode="decimal"
        defaultValue={rate?.percentage}
      />
      <div className="self-end">
        <SubmitButton pending={mutation.isPending}>{rate ? "Save tax rate" : "Create tax rate"}</SubmitButton>
      </div>
    </GridForm>
  );
}
