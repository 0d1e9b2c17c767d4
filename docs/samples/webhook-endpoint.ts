// Register where webhooks go. The response shows the endpoint's signing secret once: keep it in your
// secret store (WEBHOOK_SECRET below). Leave enabled_events out to receive every event type.
import { createClient, unwrap } from "@subscription-contracts/sdk";

const client = createClient({ apiKey: process.env.API_KEY ?? "", baseUrl: process.env.API_BASE_URL ?? "" });

export const endpoint = await unwrap(
  client.POST("/v2/webhook-endpoints/", {
    body: {
      url: process.env.WEBHOOK_URL ?? "https://example.com/webhooks/subscriptions",
      enabled_events: ["subscription_contract.created", "billing_run.succeeded", "billing_run.failed"],
    },
  }),
);
console.log("endpoint", endpoint.id, "secret", endpoint.secret);
