"use client";
// Creates a customer (reference required, unique in the account).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { Field, inputClass } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { optionalText, text } from "@/components/ui/formData";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";

const FIELDS = ["reference", "name", "email"] as const;

/** `onCreated` lets another page (the quote builder) take the new customer. */
export function NewCustomerForm({ onCreated }: { onCreated?: (reference: string) => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const create = useMutation(
    trpc.customers.create.mutationOptions({
      onSuccess: async (c) => {
        formRef.current?.reset();
        toast.success(`Customer ${c.reference} created`);
        onCreated?.(c.reference);
        await queryClient.invalidateQueries(trpc.customers.pathFilter());
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    create.mutate({ reference: text(f, "reference"), name: optionalText(f, "name"), email: optionalText(f, "email") });
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-3"
      data-testid="new-customer-form"
    >
      <div className="sm:col-span-3">
        <FormError message={formErrorOf(create.error, FIELDS)} />
      </div>
      <Field id="customer-reference" label="Reference" errors={errors.reference}>
        <input id="customer-reference" name="reference" className={inputClass} aria-invalid={!!errors.reference} />
      </Field>
      <Field id="customer-name" label="Name" errors={errors.name}>
        <input id="customer-name" name="name" className={inputClass} aria-invalid={!!errors.name} />
      </Field>
      <Field id="customer-email" label="Email" errors={errors.email}>
        <input id="customer-email" name="email" type="email" className={inputClass} aria-invalid={!!errors.email} />
      </Field>
      <div className="flex items-center gap-4 sm:col-span-3">
        <SubmitButton pending={create.isPending} testId="create-customer">
          Create customer
        </SubmitButton>
        {create.isSuccess ? (
          <p className="text-sm text-green-700" role="status" data-testid="customer-created">
            Customer {create.data.reference} created.
          </p>
        ) : null}
      </div>
    </form>
  );
}
