"use client";
// Creates a catalog product; the server's validation messages appear next to the fields.
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { Field, inputClass, SelectField, TextField } from "@/components/ui/Field";
import { optionalInt, optionalText, text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { CreateFooter } from "@/components/ui/SubmitButton";
import { useResetOnSuccess } from "@/components/ui/useResetOnSuccess";
import { TaxRateSelect } from "./TaxRateSelect";

const FIELDS = ["name", "reference", "description", "tax_policy", "tax_rate_id"] as const;

export function NewProductForm() {
  const trpc = useTRPC();
  const { formRef, onSuccess } = useResetOnSuccess({ refresh: trpc.catalog.products.list.pathFilter() });
  const create = useMutation(trpc.catalog.products.create.mutationOptions({ onSuccess }));
  const { field, errors, formError } = formFields(create.error, FIELDS, "product");

  const onSubmit = (f: FormData) =>
    create.mutate({
      name: text(f, "name"),
      reference: optionalText(f, "reference"),
      description: optionalText(f, "description"),
      tax_policy: optionalText(f, "tax_policy") as "inclusive" | "exclusive" | null,
      tax_rate_id: optionalInt(f, "tax_rate_id"),
    });

  return (
    <GridForm
      formRef={formRef}
      testId="new-product-form"
      columns={2}
      error={formError}
      errorTestId="new-product-form-error"
      onSubmit={onSubmit}
    >
      <TextField {...field("name")} label="Name" />
      <TextField {...field("reference")} label="Reference" hint="Optional seller reference, unique in the account." />
      <div className="sm:col-span-2">
        <Field id="product-description" label="Description" errors={errors.description}>
          <textarea
            id="product-description"
            name="description"
            rows={2}
            className={inputClass}
            aria-invalid={!!errors.description}
          />
        </Field>
      </div>
      <SelectField {...field("tax_policy")} label="Tax policy" defaultValue="" aria-invalid={!!errors.tax_policy}>
        <option value="">Untaxed</option>
        <option value="exclusive">Exclusive (tax added to the price)</option>
        <option value="inclusive">Inclusive (tax included in the price)</option>
      </SelectField>
      <Field id="product-tax_rate_id" label="Tax rate" errors={errors.tax_rate_id}>
        <TaxRateSelect id="product-tax_rate_id" name="tax_rate_id" invalid={!!errors.tax_rate_id} />
      </Field>
      <CreateFooter
        what="product"
        mutation={create}
        className="flex items-center gap-4 sm:col-span-2"
        created={(answer) => (
          <>
            Created{" "}
            <Link href={`/admin/products/${answer.id}`} className="font-medium underline">
              {answer.name}
            </Link>
            .
          </>
        )}
      />
    </GridForm>
  );
}
