// Embedded checkout, on your server: a sales channel (once) says what the widget sells, on which sites
// and with which processors; a checkout session (per visitor) is what the browser gets: only its token.
import { createClient, unwrap } from "@subscription-contracts/sdk";

const client = createClient({ apiKey: process.env.API_KEY ?? "", baseUrl: process.env.API_BASE_URL ?? "" });

const prices = await unwrap(client.GET("/v2/catalog/prices/"));
const basic = (Array.isArray(prices) ? prices : prices.results).find((p) => p.reference === "streaming-basic-monthly");
const options = await unwrap(
  client.POST("/v2/payment-processor-options/", { body: { items: [{ price: basic?.id ?? 0 }] } }),
);

export const channel = await unwrap(
  client.POST("/v2/sales-channels/", {
    body: {
      name: "Streaming on our website",
      offer: { items: [{ price: basic?.id }] },
      allowed_origins: ["https://shop.example.com"],
      processor_ids: options.results.map((option) => option.account_payment_processor_id),
    },
  }),
);

// per visitor: hand session.token to the page that mounts the widget
export const session = await unwrap(
  client.POST("/v2/checkout-sessions/", { body: { sales_channel: channel.id, customer_reference: "cust-1001" } }),
);
console.log("session", session.token, "expires", session.expires_at);
