"use client";
// Creates a shipping option, or edits one when `option` is given.
import { formErrorOf } from "@/components/ui/errors";
import { CheckboxField, TextField } from "@/components/ui/Field";
import { optionalText, text } from "@/components/ui/formData";
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
  const { formRef, save, mutation, errors } = useCatalogSave("shippingOptions", option, { onDone });
  const id = (field: string) => `shipping-${option?.id ?? "new"}-${field}`;

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
    <GridForm
      formRef={formRef}
      testId="shipping-option-form"
      error={formErrorOf(mutation.error, FIELDS)}
      onSubmit={onSubmit}
    >
      <TextField id={id("name")} name="name" label="Name" errors={errors.name} defaultValue={option?.name} />
      <TextField
        id={id("service_code")}
        name="service_code"
        label="Service code"
        errors={errors.service_code}
        hint="The carrier's code, e.g. posti-parcel."
        defaultValue={option?.service_code}
      />
      <CurrencyField
        id={id("currency")}
        listId={id("currencies")}
        name="currency"
        label="Currency"
        errors={errors.currency}
        hint="ISO 4217 code, e.g. EUR."
        defaultValue={option?.currency ?? "EUR"}
      />
      <TextField
        id={id("price_amount")}
        name="price_amount"
        label="Price"
        errors={errors.price_amount}
        inputMode="decimal"
        placeholder="0.00"
        defaultValue={option?.price_amount}
      />
      <TextField
        id={id("free_above_amount")}
        name="free_above_amount"
        label="Free above"
        errors={errors.free_above_amount}
        hint="Optional: orders at or above this ship free."
        inputMode="decimal"
        defaultValue={option?.free_above_amount ?? ""}
      />
      <CheckboxField
        id={id("requires_location")}
        name="requires_location"
        label="Requires a pickup location"
        defaultChecked={option?.requires_location}
        className="flex items-center gap-2 self-end pb-2"
      />
      <div>
        <SubmitButton pending={mutation.isPending}>
          {option ? "Save shipping option" : "Create shipping option"}
        </SubmitButton>
      </div>
    </GridForm>
  );
}
