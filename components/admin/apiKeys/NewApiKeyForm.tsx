"use client";
// Creates an API key; the full key appears once in a dialog, never in the list.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SecretOnceDialog, useCreatedWithSecret } from "@/components/admin/settings/SecretOnceDialog";
import { useTRPC } from "@/components/trpc/client";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { text } from "@/components/ui/formData";
import { formFields } from "@/components/ui/formFields";
import { GridForm } from "@/components/ui/GridForm";
import { SubmitButton } from "@/components/ui/SubmitButton";

const FIELDS = ["name", "kind"] as const;

export function NewApiKeyForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { formRef, created, clear, onSuccess } = useCreatedWithSecret(
    (k: { key: string; prefix: string }) => `API key ${k.prefix}… created`,
    () => queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter()),
  );
  const create = useMutation(trpc.apiKeys.create.mutationOptions({ onSuccess }));
  const { field, formError } = formFields(create.error, FIELDS, "api-key");

  function onSubmit(f: FormData) {
    create.mutate({ name: text(f, "name") || null, kind: text(f, "kind") });
  }

  return (
    <>
      <GridForm formRef={formRef} testId="new-api-key-form" error={formError} onSubmit={onSubmit} columns={2}>
        <InputFormField
          {...field("name")}
          label="Name"
          hint="What uses this key, e.g. “Web shop backend”."
          maxLength={100}
        />
        <SelectFormField
          {...field("kind")}
          label="Kind"
          required
          hint="Secret keys may call every operation; public keys only the public ones (safe in a browser)."
          defaultValue="secret"
        >
          <option value="secret">Secret</option>
          <option value="public">Public</option>
        </SelectFormField>
        <div className="sm:col-span-2">
          <SubmitButton pending={create.isPending} pendingLabel="Creating…" writeAction="create API keys">
            Create API key
          </SubmitButton>
        </div>
      </GridForm>
      <SecretOnceDialog onClose={clear} title="Your new API key" what="API key" secret={created?.key ?? null} />
    </>
  );
}
