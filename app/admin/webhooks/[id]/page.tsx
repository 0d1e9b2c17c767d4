import { WebhookEndpointDetail } from "@/components/admin/webhooks/WebhookEndpointDetail";
import { consoleCtx, idParam, orNotFound } from "@/server/admin/loaders";
import { getWebhookEndpoint } from "@/server/domain/webhooks/endpointAdmin";

// A missing endpoint, or another account's, answers HTTP 404 (no loading.tsx here: it would fix the status at 200).
export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idParam((await params).id);
  await orNotFound(getWebhookEndpoint(await consoleCtx(), id));
  return <WebhookEndpointDetail endpointId={id} />;
}
