"use client";
// Creates an API key; the full key appears once in a dialog, never in the list.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SecretOnceDialog, useCreatedWithSecret } from "@/components/admin/settings/SecretOnceDialog";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { InputFormField, SelectFormField } from "@/components/ui/FormField";
import { text } from "@/components/ui/formData";
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
      <SecretOnceDialog onClose={clear} title="Your new API key" what="API key" secret={created?.key ?? null} />
    </>
  );
}
