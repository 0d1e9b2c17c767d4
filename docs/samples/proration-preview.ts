// Preview an item change, show the customer the amounts, then execute exactly what was previewed by
// sending the preview_token with the same fields (within 30 minutes).
import { createClient, unwrap } from "@subscription-contracts/sdk";

const client = createClient({ apiKey: process.env.API_KEY ?? "", baseUrl: process.env.API_BASE_URL ?? "" });

// the demo prices, each found by its reference (the list filters by it)
async function demoPrice(reference: string) {
  const found = await unwrap(client.GET("/v2/catalog/prices/", { params: { query: { reference } } }));
  const [price] = Array.isArray(found) ? found : found.results;
  if (!price) throw new Error(`Demo price ${reference} not found`);
  return price;
}
const basic = await demoPrice("streaming-basic-monthly");
const premium = await demoPrice("streaming-premium-monthly");

// a contract to change: Streaming Basic for cust-1001 (activated at once, no first charge)
const contract = await unwrap(
  client.POST("/v2/subscription-contracts/", {
    body: { customer_reference: "cust-1001", items: [{ price: basic.id }] },
  }),
);
const contractId = contract.id;

// the change: Basic → Premium, prorated, settled on the next invoice
const change = {
  contract_item: contract.items[0].id,
  price: premium.id,
  proration_behavior: "create_prorations",
  settlement_behavior: "next_invoice",
} as const;
export const preview = await unwrap(
  client.POST("/v2/subscription-contracts/{contractId}/proration-preview/", {
    params: { path: { contractId } },
    body: { operation: "update_item", ...change },
  }),
);
for (const line of preview.lines) console.log(line.description, line.line_total_amount);
console.log("next invoice", preview.next_invoice_amount, "credit", preview.credit_amount);

// execute it: the amounts are exactly the previewed ones (or a 400 preview_stale if the contract changed)
export const executed = await unwrap(
  client.POST("/v2/subscription-contracts/{contractId}/items/update/", {
    params: { path: { contractId } },
    body: { ...change, preview_token: preview.preview_token },
  }),
);
console.log("now on", executed.contract.items[0].price_id);
