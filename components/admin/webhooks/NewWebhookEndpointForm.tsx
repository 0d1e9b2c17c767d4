"use client";
// Adds a webhook endpoint; its signing secret appears once in a dialog, then the seller goes to its delivery log.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { SecretOnceDialog, useCreatedWithSecret } from "@/components/admin/settings/SecretOnceDialog";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { fieldErrorsOf, formErrorOf } from "@/components/ui/errors";
import { FormError } from "@/components/ui/FormError";
import { InputFormField } from "@/components/ui/FormField";
import { text } from "@/components/ui/formData";
import { SubmitButton } from "@/components/ui/SubmitButton";

const FIELDS = ["url", "enabled_events"] as const;
type Created = RouterOutputs["webhooks"]["create"];

export function NewWebhookEndpointForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { formRef, created, clear, onSuccess } = useCreatedWithSecret(
    (_: Created) => "Webhook endpoint added",
    () => queryClient.invalidateQueries(trpc.webhooks.list.pathFilter()),
  );
  const create = useMutation(trpc.webhooks.create.mutationOptions({ onSuccess }));
  const errors = fieldErrorsOf(create.error);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const events = text(f, "events")
      .split(/[\s,]+/)
      .filter(Boolean);
    create.mutate({ url: text(f, "url"), enabled_events: events.length ? events : undefined });
  }

  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="new-webhook-form">
        <FormError message={formErrorOf(create.error, FIELDS)} />
        <InputFormField
          id="webhook-url"
          label="Endpoint URL"
          required
          errors={errors.url}
          hint="A public https URL of your server. Each delivery is signed with the endpoint's secret (Webhook-Signature header)."
          name="url"
          type="url"
          placeholder="https://example.com/webhooks"
        />
        <InputFormField
          id="webhook-events"
          label="Events"
          errors={errors.enabled_events}
          hint="Event types separated by commas, e.g. billing_run.failed, subscription_contract.canceled. Leave empty for all events."
          name="events"
        />
        <div>
          <SubmitButton pending={create.isPending} pendingLabel="Adding…" writeAction="add webhook endpoints">
            Add endpoint
          </SubmitButton>
        </div>
      </form>
      <SecretOnceDialog
        onClose={clear}
        title="Endpoint added: its signing secret"
        what="signing secret"
        secret={created?.secret ?? null}
      >
        {created ? (
          <p className="mt-3 text-sm text-slate-700">
            Verify each delivery&apos;s <code>Webhook-Signature</code> with it. Next:{" "}
            <Link href={`/admin/webhooks/${created.id}`} className="font-medium text-blue-800 underline">
              open the endpoint and send a test event
            </Link>
            .
          </p>
        ) : null}
      </SecretOnceDialog>
    </>
  );
}
