"use client";
// Creates a shipping option, or edits one when `option` is given.
import { CheckboxField, TextField } from "@/components/ui/Field";
import { optionalText, text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { CurrencyField } from "./CurrencyOptions";
import type { CatalogRow } from "./catalogNouns";
import { useCatalogSave } from "./catalogResource";

const FIELDS = ["name", "service_code", "currency", "price_amount", "free_above_amount"] as const;

export function ShippingOptionForm({
  option,
  onDone,
}: {
  option?: CatalogRow<"shippingOptions">;
  onDone?: () => void;
}) {
  const { formRef, save, mutation } = useCatalogSave("shippingOptions", option, { onDone });
  const idPrefix = `shipping-${option?.id ?? "new"}`;
  const { field, control, formError } = formFields(mutation.error, FIELDS, idPrefix, option);

  const onSubmit = (form: FormData) =>
    save({
      name: text(form, "name"),
      service_code: text(form, "service_code"),
      currency: text(form, "currency"),
      price_amount: text(form, "price_amount"),
      free_above_amount: optionalText(form, "free_above_amount"),
      requires_location: form.get("requires_location") === "on",
    });

  return (
    <GridForm formRef={formRef} testId="shipping-option-form" error={formError} onSubmit={onSubmit}>
      <TextField {...field("name")} label="Name" />
      <TextField {...field("service_code")} label="Service code" hint="The carrier's code, e.g. posti-parcel." />
      <CurrencyField
        {...field("currency")}
        listId={`${idPrefix}-currencies`}
        label="Currency"
        hint="ISO 4217 code, e.g. EUR."
        defaultValue={option?.currency ?? "EUR"}
      />
      <TextField {...field("price_amount")} label="Price" inputMode="decimal" placeholder="0.00" />
      <TextField
        {...field("free_above_amount")}
        label="Free above"
        hint="Optional: orders at or above this ship free."
        inputMode="decimal"
      />
      <CheckboxField
        {...control("requires_location")}
        label="Requires a pickup location"
        defaultChecked={option?.requires_location}
        className="flex items-center gap-2 self-end pb-2"
      />
      <div>
        <SubmitButton pending={mutation.isPending} writeAction="change shipping options">
          {option ? "Save shipping option" : "Create shipping option"}
        </SubmitButton>
      </div>
    </GridForm>
  );
}
