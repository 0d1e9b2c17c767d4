import { ListPage } from "@/components/admin/ListPage";
import { NewWebhookEndpointForm } from "@/components/admin/webhooks/NewWebhookEndpointForm";
import { WebhookEndpointTable } from "@/components/admin/webhooks/WebhookEndpointTable";

export default function WebhooksPage() {
  return (
    <ListPage
      title="Webhooks"
      description="Endpoints of your servers that receive the account's events (contracts, billing runs), signed and retried."
      listTitle="Endpoints"
      list={<WebhookEndpointTable />}
      formTitle="Add an endpoint"
      form={<NewWebhookEndpointForm />}
    />
  );
}
