"use client";
// Creates an API key; the full key appears once in a dialog, never in the list.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { SecretOnceDialog } from "@/components/admin/settings/SecretOnceDialog";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { text } from "@/components/ui/formData";
import { GridForm } from "@/components/ui/GridForm";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { toast } from "@/components/ui/Toaster";

const FIELDS = ["name", "kind"] as const;

export function NewApiKeyForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [shown, setShown] = useState<string | null>(null);
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (k) => {
        formRef.current?.reset();
        setShown(k.key);
        toast.success(`API key ${k.prefix}… created`);
        await queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);

  function onSubmit(f: FormData) {
    create.mutate({ name: text(f, "name") || null, kind: text(f, "kind") });
  }

  return (
    <>
      <GridForm
        formRef={formRef}
        testId="new-api-key-form"
        error={formErrorOf(create.error, FIELDS)}
        onSubmit={onSubmit}
        columns={2}
      >
        <InputFormField
          id="api-key-name"
          label="Name"
          errors={errors.name}
          hint="What uses this key, e.g. “Web shop backend”."
          name="name"
          maxLength={100}
        />
        <SelectFormField
          id="api-key-kind"
          label="Kind"
          errors={errors.kind}
          required
          hint="Secret keys may call every operation; public keys only the public ones (safe in a browser)."
          name="kind"
          defaultValue="secret"
        >
          <option value="secret">Secret</option>
          <option value="public">Public</option>
        </SelectFormField>
        <div className="sm:col-span-2">
          <SubmitButton pending={create.isPending} pendingLabel="Creating…">
            Create API key
          </SubmitButton>
        </div>
      </GridForm>
      <SecretOnceDialog onClose={() => setShown(null)} title="Your new API key" what="API key" secret={shown} />
    </>
  );
}
