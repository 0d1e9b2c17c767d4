"use client";
// Edits a customer's name, email and metadata (the reference is the API's key and stays).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { FormError } from "@/components/ui/FormError";
import { InputFormField, inputClass, TextareaFormField } from "@/components/ui/FormField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";
import { metadataText, parseMetadata } from "./metadata";

interface Customer {
  reference: string;
  name: string | null;
  email: string | null;
  metadata: Record<string, unknown>;
}

export function EditCustomerDialog({ customer }: { customer: Customer }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [metaError, setMetaError] = useState<string | null>(null);
  const update = useMutation(
    trpc.customers.update.mutationOptions({
      onSuccess: async () => {
        toast.success("Customer saved");
        setOpen(false);
        await queryClient.invalidateQueries(trpc.customers.pathFilter());
      },
    }),
  );
  const errors = fieldErrorsOf(update.error);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const meta = parseMetadata(String(f.get("metadata") ?? ""));
    setMetaError(meta.error ?? null);
    if (meta.error) return;
    // keys removed from the JSON are removed on the server (a null value deletes a key)
    const removed = Object.fromEntries(
      Object.keys(customer.metadata)
        .filter((k) => !(k in meta.value!))
        .map((k) => [k, null]),
    );
    const text = (n: string) => String(f.get(n) ?? "").trim() || null;
    update.mutate({
      reference: customer.reference,
      name: text("name"),
      email: text("email"),
      metadata: { ...removed, ...meta.value },
    });
  }

  return (
    <Dialog
      title={`Edit customer ${customer.reference}`}
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          update.reset();
          setMetaError(null);
        }
      }}
      testId="edit-customer-dialog"
      trigger={<Button writeAction="edit customers">Edit customer</Button>}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={formErrorOf(update.error, ["name", "email", "metadata"])} />
        <InputFormField
          id="edit-name"
          label="Name"
          errors={errors.name}
          name="name"
          defaultValue={customer.name ?? ""}
        />
        <InputFormField
          id="edit-email"
          label="Email"
          errors={errors.email}
          name="email"
          type="email"
          defaultValue={customer.email ?? ""}
        />
        <TextareaFormField
          id="edit-metadata"
          label="Metadata (JSON object)"
          errors={metaError ? [metaError] : errors.metadata}
          hint="Remove a key to delete it."
          name="metadata"
          rows={4}
          defaultValue={metadataText(customer.metadata)}
          className={`${inputClass} font-mono`}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <SubmitButton pending={update.isPending} testId="save-customer" writeAction="edit customers">
            Save customer
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
