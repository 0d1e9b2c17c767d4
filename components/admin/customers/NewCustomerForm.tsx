"use client";
// Creates a customer (reference required, unique in the account).
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { TextField } from "@/components/ui/Field";
import { optionalText, text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { CreateFooter } from "@/components/ui/SubmitButton";
import { useResetOnSuccess } from "@/components/ui/useResetOnSuccess";

const FIELDS = ["reference", "name", "email"] as const;

/** `onCreated` lets another page (the quote builder) take the new customer. */
export function NewCustomerForm({ onCreated }: { onCreated?: (reference: string) => void } = {}) {
  const trpc = useTRPC();
  const { formRef, onSuccess } = useResetOnSuccess<{ reference: string }>({
    toast: (customer) => `Customer ${customer.reference} created`,
    refresh: trpc.customers.pathFilter(),
    afterReset: (customer) => onCreated?.(customer.reference),
  });
  const create = useMutation(trpc.customers.create.mutationOptions({ onSuccess }));
  const { field, formError } = formFields(create.error, FIELDS, "customer");

  const onSubmit = (f: FormData) =>
    create.mutate({ reference: text(f, "reference"), name: optionalText(f, "name"), email: optionalText(f, "email") });

  return (
    <GridForm formRef={formRef} testId="new-customer-form" error={formError} onSubmit={onSubmit}>
      <TextField {...field("reference")} label="Reference" />
      <TextField {...field("name")} label="Name" />
      <TextField {...field("email")} label="Email" type="email" />
      <CreateFooter
        what="customer"
        mutation={create}
        className="flex items-center gap-4 sm:col-span-3"
        created={(answer) => <>Customer {answer.reference} created.</>}
      />
    </GridForm>
  );
}
