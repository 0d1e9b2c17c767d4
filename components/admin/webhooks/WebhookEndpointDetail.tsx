"use client";
// One webhook endpoint: header with "Send test event" and "Rotate secret", its facts, and its delivery log.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SecretOnceDialog } from "@/components/admin/settings/SecretOnceDialog";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { DateTime } from "@/components/ui/DateTime";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { ErrorState } from "@/components/ui/ErrorState";
import { formErrorOf } from "@/components/ui/errors";
import { PageHeader } from "@/components/ui/PageHeader";
import { SummaryStrip } from "@/components/ui/SummaryStrip";
import { toast } from "@/components/ui/Toaster";
import { DeliveryLog } from "./DeliveryLog";

export function WebhookEndpointDetail({ endpointId }: { endpointId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const q = useQuery(trpc.webhooks.get.queryOptions({ id: endpointId }));
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter()),
      queryClient.invalidateQueries(trpc.webhooks.get.pathFilter()),
    ]);
  const test = useMutation(
    trpc.webhooks.sendTestEvent.mutationOptions({
      onSuccess: async (d) => {
        if (d.state === "succeeded") toast.success(`Test event delivered: HTTP ${d.last_status}`);
        else
          toast.error(
            `Test event not delivered: ${d.last_status ? `HTTP ${d.last_status}` : (d.last_error ?? "no response")}`,
          );
        await refresh();
      },
      onError: (e) => toast.error(e.message),
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: async (r) => {
        setConfirmRotate(false);
        setSecret(r.secret);
        toast.success("Signing secret rotated");
        await refresh();
      },
    }),
  );

  if (q.error) return <ErrorState error={q.error} title="Could not load this endpoint" onRetry={() => q.refetch()} />;
  const ep = q.data;
  return (
    <>
      <PageHeader
        title={ep ? <span className="break-all">{ep.url}</span> : "Webhook endpoint"}
        id={String(endpointId)}
        idLabel="endpoint id"
        status={ep ? (ep.active ? "enabled" : "inactive") : undefined}
        description="Events are POSTed as JSON, signed with the endpoint's secret, and retried with backoff for up to three days."
        actions={
          <>
            <Button
              variant="primary"
              disabled={test.isPending}
              onClick={() => test.mutate({ id: endpointId })}
              writeAction="send test events"
            >
              {test.isPending ? "Sending…" : "Send test event"}
            </Button>
            <Button
              onClick={() => {
                rotate.reset();
                setConfirmRotate(true);
              }}
              writeAction="rotate signing secrets"
            >
              Rotate secret
            </Button>
          </>
        }
      />
      {ep ? (
        <SummaryStrip
          items={[
            { label: "Signing secret", value: <span className="font-mono">{ep.secret_prefix}…</span> },
            { label: "Events", value: ep.enabled_events.includes("*") ? "All events" : ep.enabled_events.join(", ") },
            { label: "Created", value: <DateTime value={ep.created_at} /> },
          ]}
        />
      ) : null}
      <section aria-labelledby="deliveries-heading" className="space-y-3">
        <h2 id="deliveries-heading" className="text-lg font-semibold text-slate-900">
          Deliveries
        </h2>
        <DeliveryLog endpointId={endpointId} />
      </section>
      <ConfirmDialog
        open={confirmRotate}
        onOpenChange={setConfirmRotate}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        tone="danger"
        description="A new secret is made now and shown once. Deliveries from now on are signed with it only: update your server, or signature checks with the old secret will fail."
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate({ id: endpointId })}
        error={formErrorOf(rotate.error, [])}
      />
      <SecretOnceDialog
        onClose={() => setSecret(null)}
        title="The new signing secret"
        what="signing secret"
        secret={secret}
      />
    </>
  );
}
