import { CardsPage } from "@/components/admin/CardsPage";
import { NewWebhookEndpointForm } from "@/components/admin/webhooks/NewWebhookEndpointForm";
import { WebhookEndpointTable } from "@/components/admin/webhooks/WebhookEndpointTable";

export default function WebhooksPage() {
  return (
    <CardsPage
      title="Webhooks"
      cards={{ Endpoints: <WebhookEndpointTable />, "Add an endpoint": <NewWebhookEndpointForm /> }}
    >
      Endpoints of your servers that receive the account's events (contracts, billing runs), signed and retried.
    </CardsPage>
  );
}
