// Quickstart: the demo catalog → a quote → a checkout for cust-1001 (who has a saved test card) →
// finalize (an active contract and its paid first run) → an upgrade → the test clock a month ahead
// (the next regular billing run). Run it with API_BASE_URL and API_KEY set: `npx tsx quickstart.ts`.
import { createClient, unwrap } from "@subscription-contracts/sdk";

const client = createClient({ apiKey: process.env.API_KEY ?? "", baseUrl: process.env.API_BASE_URL ?? "" });

// 1. the catalog: find the demo prices by their reference
const prices = await unwrap(client.GET("/v2/catalog/prices/"));
const priceList = Array.isArray(prices) ? prices : prices.results;
const basic = priceList.find((price) => price.reference === "streaming-basic-monthly");
const premium = priceList.find((price) => price.reference === "streaming-premium-monthly");
if (!basic || !premium) throw new Error("Demo prices not found: is this the demo account's key?");

// 2. a quote: what the customer would pay, tax included
export const quote = await unwrap(
  client.POST("/v2/subscription-offer-quotes/", {
    body: { customer_reference: "cust-1001", items: [{ price: basic.id }] },
  }),
);
console.log("quote total", quote.total_amount, quote.currency);

// 3. a checkout with the account's card processor, then finalize it (cust-1001's saved card pays)
const options = await unwrap(client.POST("/v2/payment-processor-options/", { body: { items: [{ price: basic.id }] } }));
const processor = options.results.find((option) => option.render_mode === "generic_card_form");
const checkout = await unwrap(
  client.POST("/v2/checkouts/", {
    body: {
      customer_reference: "cust-1001",
      items: [{ price: basic.id }],
      account_payment_processor: processor?.account_payment_processor_id,
    },
  }),
);
export const finalized = await unwrap(
  client.POST("/v2/checkouts/{token}/finalize/", { params: { path: { token: checkout.token } } }),
);
const contractId = finalized.contract_id;
if (contractId === null) throw new Error(`checkout ${finalized.status}: no contract`);
console.log("contract", contractId, "first run", finalized.initial_billing_run_id);

// 4. an item change: upgrade to Premium (the difference is prorated onto the next invoice)
const contract = await unwrap(
  client.GET("/v2/subscription-contracts/{contractId}/", { params: { path: { contractId } } }),
);
export const upgrade = await unwrap(
  client.POST("/v2/subscription-contracts/{contractId}/items/update/", {
    params: { path: { contractId } },
    body: { contract_item: contract.items[0].id, price: premium.id },
  }),
);

// 5. the test clock a month and a day ahead: the next regular run is created and charged
export const clock = await unwrap(client.POST("/v2/test-clock/advance/", { body: { seconds: 32 * 24 * 3600 } }));
export const runs: { id: number; kind: string; state: string; total_amount: string }[] = [];
for await (const run of client.paginate("/v2/billing-runs/", { query: { contract: contractId } })) {
  runs.push(run);
  console.log("run", run.id, run.kind, run.state, run.total_amount);
}
