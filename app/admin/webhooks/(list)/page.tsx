import { NewWebhookEndpointForm } from "@/components/admin/webhooks/NewWebhookEndpointForm";
import { WebhookEndpointTable } from "@/components/admin/webhooks/WebhookEndpointTable";
import { Card } from "@/components/ui/Card";
import { PageHeader } from "@/components/ui/PageHeader";

export default function WebhooksPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endpoints of your servers that receive the account's events (contracts, billing runs), signed and retried."
      />
      <Card title="Endpoints">
        <WebhookEndpointTable />
      </Card>
      <Card title="Add an endpoint">
        <NewWebhookEndpointForm />
      </Card>
    </>
  );
}
