// The e2e specs' REST set-up of a billed contract: a new customer with a card on file and a Streaming Basic
// monthly contract whose first run has been charged (or declined), and the subscriber page's path.
import { type APIRequestContext, expect } from "@playwright/test";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

export async function api(request: APIRequestContext, method: "get" | "post" | "patch", path: string, data?: unknown) {
  const res = await request[method](`/api/v2/${path}`, { headers: SECRET, data });
  const body = await res.json();
  expect(res.ok(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body;
}

export async function contractWithCard(request: APIRequestContext, card: string, name = "Pat Payer") {
  const reference = `e2e-pay-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  await api(request, "post", "customers/", { reference, name });
  const prices = await api(request, "get", "catalog/prices/?page_size=100");
  const basic = (Array.isArray(prices) ? prices : prices.results).find(
    (p: { reference: string }) => p.reference === "streaming-basic-monthly",
  );
  const options = await api(request, "post", "payment-processor-options/", {
    items: [{ price: basic.id }],
    collection_method: "card",
  });
  const processor = options.results.find((o: { render_mode: string }) => o.render_mode === "generic_card_form");
  await api(request, "post", `customers/${reference}/payment-methods/`, {
    account_payment_processor: processor.account_payment_processor_id,
    collection_method: "card",
    card: { number: card, exp_month: 12, exp_year: 2030, cvc: "123" },
  });
  const contract = await api(request, "post", "subscription-contracts/", {
    customer_reference: reference,
    items: [{ price: basic.id }],
    initial_billing_mode: "create_initial_run",
    payment_processor_override: processor.account_payment_processor_id,
  });
  // the e2e server runs no worker: moving the account's clock a second bills the run now due
  await api(request, "post", "test-clock/advance/", { seconds: 1 });
  const path = new URL(contract.subscriber_page).pathname.replace(/^.*(\/change_contract\/)/, "$1");
  return { contract, path };
}
