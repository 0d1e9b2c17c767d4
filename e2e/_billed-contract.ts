// The e2e specs' REST set-up of a customer with a card on file, written once: the pieces (the Streaming Basic
// price, the generic card form's processor, a card, the subscriber page's path) and the common whole, a new
// customer with a card and a Streaming Basic monthly contract whose first run has been charged (or declined).
import { type APIRequestContext, expect } from "@playwright/test";

const SECRET = { Authorization: "Api-Key sk_test_e2e_secret" };

export async function api(request: APIRequestContext, method: "get" | "post" | "patch", path: string, data?: unknown) {
  const res = await request[method](`/api/v2/${path}`, { headers: SECRET, data });
  const body = await res.json();
  expect(res.ok(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body;
}

/** The seeded Streaming Basic monthly price. */
export async function basicPrice(request: APIRequestContext): Promise<{ id: number; reference: string }> {
  const prices = await api(request, "get", "catalog/prices/?page_size=100");
  return (Array.isArray(prices) ? prices : prices.results).find(
    (p: { reference: string }) => p.reference === "streaming-basic-monthly",
  );
}

/** The account payment processor that takes a card through the generic card form for this price. */
export async function cardProcessor(request: APIRequestContext, priceId: number): Promise<number> {
  const options = await api(request, "post", "payment-processor-options/", {
    items: [{ price: priceId }],
    collection_method: "card",
  });
  return options.results.find((o: { render_mode: string }) => o.render_mode === "generic_card_form")
    .account_payment_processor_id;
}

/** Puts a card on file for the customer (a test card number picks the processor's answer to each charge). */
export async function addCard(request: APIRequestContext, reference: string, processor: number, number: string) {
  await api(request, "post", `customers/${reference}/payment-methods/`, {
    account_payment_processor: processor,
    collection_method: "card",
    card: { number, exp_month: 12, exp_year: 2030, cvc: "123" },
  });
}

/** A new customer with a card on file; `withEmail` gives them an address (`<reference>@example.com`). */
export async function customerWithCard(
  request: APIRequestContext,
  {
    name,
    card = "4242424242424242",
    prefix = "e2e-pay",
    withEmail = false,
  }: { name: string; card?: string; prefix?: string; withEmail?: boolean },
) {
  const reference = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  await api(request, "post", "customers/", {
    reference,
    name,
    ...(withEmail ? { email: `${reference}@example.com` } : {}),
  });
  const basic = await basicPrice(request);
  const processor = await cardProcessor(request, basic.id);
  await addCard(request, reference, processor, card);
  return { reference, basic, processor };
}

/** The subscriber page's path (the API answers with an absolute URL on the configured public origin). */
export function subscriberPath(contract: { subscriber_page: string }) {
  return new URL(contract.subscriber_page).pathname.replace(/^.*(\/change_contract\/)/, "$1");
}

export async function contractWithCard(request: APIRequestContext, card: string, name = "Pat Payer") {
  const { reference, basic, processor } = await customerWithCard(request, { name, card });
  const contract = await api(request, "post", "subscription-contracts/", {
    customer_reference: reference,
    items: [{ price: basic.id }],
    initial_billing_mode: "create_initial_run",
    payment_processor_override: processor,
  });
  // the e2e server runs no worker: moving the account's clock a second bills the run now due
  await api(request, "post", "test-clock/advance/", { seconds: 1 });
  return { contract, path: subscriberPath(contract) };
}
