// Idempotency and errors. The SDK sends an Idempotency-Key with every POST (and reuses it on its own
// retries); pass your own to make a retry across processes safe. Every non-2xx answer throws ApiError.
import { ApiError, createClient, unwrap } from "@subscription-contracts/sdk";

const client = createClient({ apiKey: process.env.API_KEY ?? "", baseUrl: process.env.API_BASE_URL ?? "" });

// the same key and body twice: one contract; the second answer is the stored first one
const key = `order-${Date.now()}`;
const body = { customer_reference: "cust-1001", bundle_template: null, items: [] as { price: number }[] };
const prices = await unwrap(client.GET("/v2/catalog/prices/"));
const basic = (Array.isArray(prices) ? prices : prices.results).find((p) => p.reference === "streaming-basic-monthly");
body.items.push({ price: basic?.id ?? 0 });
const first = await unwrap(client.POST("/v2/subscription-contracts/", { body, headers: { "Idempotency-Key": key } }));
const again = await unwrap(client.POST("/v2/subscription-contracts/", { body, headers: { "Idempotency-Key": key } }));
export const sameContract = first.id === again.id;
console.log("same contract:", sameContract);

// a validation error: 400 with field → messages
export let fieldErrors: Record<string, string[]> = {};
try {
  await unwrap(client.POST("/v2/subscription-offer-quotes/", { body: { customer_reference: "nobody", items: [] } }));
} catch (error) {
  if (!(error instanceof ApiError)) throw error;
  fieldErrors = error.fieldErrors; // e.g. { customer_reference: ["..."] }
  console.log(error.status, error.fieldErrors, error.code);
}

// not found: 404 (an id of another account looks exactly like one that does not exist)
export let notFoundStatus = 0;
try {
  await unwrap(client.GET("/v2/subscription-contracts/{contractId}/", { params: { path: { contractId: 999999 } } }));
} catch (error) {
  if (error instanceof ApiError) notFoundStatus = error.status;
}
