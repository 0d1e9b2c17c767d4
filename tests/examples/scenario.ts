// The request example of every operation, in the order tests/openapi-examples.test.ts
// sends them to a fresh database seeded with the demo data: each request is built from the seed's ids and
// the answers before it (ids are the same on every fresh database), and `before` prepares what the request
// needs without being part of it (a paused contract for resume, a temporary card for confirm).
// `npm run openapi:examples` records the requests and their answers in server/http/openapiExamples.json,
// which the document, the API reference and the curl/SDK snippets show.
import { grantContractCredit } from "@/server/domain/contracts/creditGrant";
import type { SeedResult } from "@/server/seed/demo";
import { ctxFor, db, post } from "@/tests/helpers";

export interface ExampleRequest {
  path?: Record<string, string | number>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface ScenarioContext {
  ids: SeedResult["ids"];
  accountId: number;
  /** The answer body of an earlier step, by its operation key. */
  answer: (key: string) => any;
  /** Values `before` hooks leave for the request (ids they created). */
  kept: Record<string, any>;
}

export interface Step {
  /** "METHOD /path" as in the OpenAPI document. */
  key: string;
  before?: (x: ScenarioContext) => Promise<void>;
  request: (x: ScenarioContext) => ExampleRequest;
}

/** The instant every example request is made at (the demo account's test clock starts there). */
export const EXAMPLE_TIME = "2026-03-10T09:00:00.000Z";
/** Tokens are random; the runner gives each created one this fixed value, so the examples can name it. */
export const FIXED_TOKENS = {
  checkout: "chk_example_4f2a9c1e",
  registration: "pmr_example_7b3d5e2a",
  session: "cs_example_9e1c4b7d",
};

const SECRET_KEY = "sk_test_demo_secret";
const PUBLIC_KEY = "pk_test_demo_public";
const contract = (x: ScenarioContext) => x.answer("POST /v2/subscription-contracts/").id as number;
const paidRun = (x: ScenarioContext) => x.answer("GET /v2/billing-runs/")[0].id as number;
const addedItem = (x: ScenarioContext) =>
  x.answer("POST /v2/subscription-contracts/{contractId}/items/add/").contract_item.id as number;

export const steps: Step[] = [
  // catalog and bundles
  { key: "GET /v2/catalog/products/", request: () => ({ query: { page_size: 2 } }) },
  { key: "GET /v2/catalog/products/{productId}/", request: ({ ids }) => ({ path: { productId: ids.streaming } }) },
  { key: "GET /v2/catalog/prices/", request: () => ({ query: { product: "streaming-basic", currency: "EUR" } }) },
  { key: "GET /v2/catalog/prices/{priceId}/", request: ({ ids }) => ({ path: { priceId: ids.basicMonthly } }) },
  { key: "GET /v2/bundle-templates/", request: () => ({ query: { reference: "family" } }) },
  {
    key: "GET /v2/bundle-templates/{bundleTemplateId}/",
    request: ({ ids }) => ({ path: { bundleTemplateId: ids.family } }),
  },
  {
    key: "POST /v2/bundle-templates/{bundleTemplateId}/addons/",
    request: ({ ids }) => ({ path: { bundleTemplateId: ids.family }, body: { bundle_item_selections: [] } }),
  },
  {
    key: "POST /v2/catalog/prices/{priceId}/versions/simulate/",
    request: ({ ids }) => ({
      path: { priceId: ids.basicMonthly },
      body: { unit_amount: "10.90", effective_from: "2026-04-01T00:00:00Z" },
    }),
  },
  // customers and their payment methods
  { key: "GET /v2/customers/", request: () => ({ query: { email: "alice@example.com" } }) },
  {
    key: "POST /v2/customers/",
    request: () => ({ body: { reference: "cust-2001", name: "Dana Example", email: "dana@example.com" } }),
  },
  { key: "GET /v2/customers/{customerReference}/", request: () => ({ path: { customerReference: "cust-2001" } }) },
  {
    key: "PATCH /v2/customers/{customerReference}/",
    request: () => ({ path: { customerReference: "cust-2001" }, body: { metadata: { crm_id: "D-2001" } } }),
  },
  {
    key: "GET /v2/customers/{customerReference}/payment-methods/",
    request: () => ({ path: { customerReference: "cust-1001" } }),
  },
  {
    key: "POST /v2/customers/{customerReference}/payment-methods/",
    request: ({ ids }) => ({
      path: { customerReference: "cust-2001" },
      body: {
        account_payment_processor: ids.cardProcessor,
        collection_method: "card",
        card: { number: "4242 4242 4242 4242", exp_month: 10, exp_year: 2031, cvc: "123" },
        billing_email: "billing@dana.example.com",
      },
    }),
  },
  {
    key: "GET /v2/customers/{customerReference}/payment-methods/{paymentMethodId}/",
    request: ({ ids }) => ({ path: { customerReference: "cust-1001", paymentMethodId: ids.goodCard } }),
  },
  {
    key: "PATCH /v2/customers/{customerReference}/payment-methods/{paymentMethodId}/",
    request: (x) => ({
      path: {
        customerReference: "cust-2001",
        paymentMethodId: x.answer("POST /v2/customers/{customerReference}/payment-methods/").id,
      },
      body: { billing_reference: "PO-7731", metadata: { cost_center: "4100" } },
    }),
  },
  {
    key: "POST /v2/customers/{customerReference}/payment-methods/{paymentMethodId}/confirm/",
    // the card form's public-key call made a temporary card; the seller's backend confirms it
    before: async (x) => {
      const body = {
        account_payment_processor: x.ids.cardProcessor,
        collection_method: "card",
        card: { number: "5555555555554444", exp_month: 8, exp_year: 2030, cvc: "321" },
      };
      const made = await post("/v2/customers/cust-1003/payment-methods/", body, { key: PUBLIC_KEY });
      x.kept.temporaryCard = made.body.id;
    },
    request: (x) => ({ path: { customerReference: "cust-1003", paymentMethodId: x.kept.temporaryCard } }),
  },
  {
    key: "DELETE /v2/customers/{customerReference}/payment-methods/{paymentMethodId}/",
    request: (x) => ({
      path: {
        customerReference: "cust-2001",
        paymentMethodId: x.answer("POST /v2/customers/{customerReference}/payment-methods/").id,
      },
    }),
  },
  // offers: quote and processor options
  {
    key: "POST /v2/subscription-offer-quotes/",
    request: ({ ids }) => ({
      body: { customer_reference: "cust-1001", currency: "EUR", items: [{ price: ids.basicMonthly, quantity: 1 }] },
    }),
  },
  {
    key: "POST /v2/payment-processor-options/",
    request: ({ ids }) => ({ body: { currency: "EUR", items: [{ price: ids.basicMonthly }] } }),
  },
  // coupons and promotion codes
  { key: "GET /v2/coupons/", request: () => ({ query: { active: "all" } }) },
  {
    key: "POST /v2/coupons/",
    request: () => ({
      body: { name: "Spring 10 %", percent_off: "10", duration: "repeating", duration_in_periods: 3 },
    }),
  },
  { key: "GET /v2/coupons/{couponId}/", request: (x) => ({ path: { couponId: x.answer("POST /v2/coupons/").id } }) },
  {
    key: "POST /v2/promotion-codes/",
    request: (x) => ({ body: { coupon: x.answer("POST /v2/coupons/").id, code: "SPRING10" } }),
  },
  { key: "GET /v2/promotion-codes/", request: (x) => ({ query: { coupon: x.answer("POST /v2/coupons/").id } }) },
  {
    key: "GET /v2/promotion-codes/{promotionCodeId}/",
    request: (x) => ({ path: { promotionCodeId: x.answer("POST /v2/promotion-codes/").id } }),
  },
  // usage-based billing: a metric and a metered price the contract below carries
  {
    key: "POST /v2/billable-metrics/",
    request: () => ({
      body: {
        code: "storage_gb",
        name: "Storage (GB-hours)",
        aggregation: "sum",
        field_name: "gb",
        filters: { region: ["eu", "us"] },
      },
    }),
  },
  {
    key: "POST /v2/catalog/products/",
    request: () => ({ body: { name: "Cloud storage", reference: "cloud-storage", tax_policy: "exclusive" } }),
  },
  {
    key: "POST /v2/catalog/prices/",
    request: (x) => ({
      body: {
        product_id: x.answer("POST /v2/catalog/products/").id,
        reference: "storage-metered-monthly",
        currency: "EUR",
        billing_type: "recurring",
        interval: "month",
        usage_type: "metered",
        billable_metric_id: x.answer("POST /v2/billable-metrics/").id,
        pricing_model: {
          model: "graduated",
          tiers: [
            { up_to: "100", unit_amount: "0", flat_amount: "0" },
            { up_to: null, unit_amount: "0.05", flat_amount: "0" },
          ],
        },
        usage_thresholds: ["500"],
      },
    }),
  },
  {
    key: "POST /v2/catalog/prices/{priceId}/versions/",
    request: (x) => ({
      path: { priceId: x.answer("POST /v2/catalog/prices/").id },
      body: {
        pricing_model: {
          model: "graduated",
          tiers: [
            { up_to: "50", unit_amount: "0", flat_amount: "0" },
            { up_to: null, unit_amount: "0.05", flat_amount: "0" },
          ],
        },
        effective_from: "2026-06-01T00:00:00Z",
      },
    }),
  },
  // contracts
  {
    key: "POST /v2/subscription-contracts/",
    request: (x) => ({
      headers: { "Idempotency-Key": "9f0c2d4e-contract-cust-1001" },
      body: {
        customer_reference: "cust-1001",
        currency: "EUR",
        items: [
          { price: x.ids.basicMonthly, quantity: 1 },
          { price: x.answer("POST /v2/catalog/prices/").id, quantity: 1 },
        ],
        initial_billing_mode: "create_initial_run",
        metadata: { order_id: "A-1001" },
      },
    }),
  },
  {
    key: "GET /v2/subscription-contracts/",
    request: () => ({ query: { customer_reference: "cust-1001", page_size: 10 } }),
  },
  { key: "GET /v2/subscription-contracts/{contractId}/", request: (x) => ({ path: { contractId: contract(x) } }) },
  { key: "GET /v2/billable-metrics/", request: () => ({ query: { archived: "false" } }) },
  {
    key: "GET /v2/billable-metrics/{metricId}/",
    request: (x) => ({ path: { metricId: x.answer("POST /v2/billable-metrics/").id } }),
  },
  {
    key: "PATCH /v2/billable-metrics/{metricId}/",
    request: (x) => ({
      path: { metricId: x.answer("POST /v2/billable-metrics/").id },
      body: { name: "Storage", description: "Gigabytes stored, summed over the period" },
    }),
  },
  {
    key: "POST /v2/usage-events/",
    request: (x) => ({
      body: {
        events: [
          {
            transaction_id: "evt_2026_03_10_0001",
            code: "storage_gb",
            contract_id: contract(x),
            timestamp: EXAMPLE_TIME,
            properties: { gb: 12.5, region: "eu" },
          },
          {
            transaction_id: "evt_2026_03_10_0002",
            code: "storage_gb",
            customer_reference: "cust-1001",
            properties: { gb: 3, region: "us" },
          },
          {
            transaction_id: "evt_2026_03_10_0001",
            code: "storage_gb",
            contract_id: contract(x),
            timestamp: EXAMPLE_TIME,
            properties: { gb: 12.5, region: "eu" },
          },
          {
            transaction_id: "evt_2026_03_10_0003",
            code: "storage_gb",
            contract_id: contract(x),
            properties: { region: "eu" },
          },
        ],
      },
    }),
  },
  {
    key: "GET /v2/usage-events/",
    request: (x) => ({ query: { code: "storage_gb", contract: contract(x), page_size: 10 } }),
  },
  {
    key: "GET /v2/subscription-contracts/{contractId}/usage/",
    request: (x) => ({ path: { contractId: contract(x) } }),
  },
  {
    key: "PATCH /v2/subscription-contracts/{contractId}/",
    request: (x) => ({
      path: { contractId: contract(x) },
      body: { accounting_department: "Sales", metadata: { order_id: "A-1001", crm: "42" } },
    }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/proration-preview/",
    request: (x) => ({
      path: { contractId: contract(x) },
      body: {
        operation: "add_item",
        price: x.ids.screenMonthly,
        quantity: 1,
        proration_behavior: "create_prorations",
      },
    }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/items/add/",
    request: (x) => ({
      path: { contractId: contract(x) },
      body: { price: x.ids.screenMonthly, quantity: 1, proration_behavior: "create_prorations" },
    }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/items/update/",
    request: (x) => ({ path: { contractId: contract(x) }, body: { contract_item: addedItem(x), quantity: 2 } }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/items/remove/",
    request: (x) => ({
      path: { contractId: contract(x) },
      body: { contract_item: addedItem(x), proration_behavior: "none", reason: "Customer request" },
    }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/pause/",
    request: (x) => ({
      path: { contractId: contract(x) },
      body: { start_date: "2026-06-01T00:00:00Z", end_date: "2026-07-01T00:00:00Z", reason: "Summer break" },
    }),
  },
  {
    key: "DELETE /v2/subscription-contracts/{contractId}/pause/{pauseId}/",
    request: (x) => ({
      path: {
        contractId: contract(x),
        pauseId: x.answer("POST /v2/subscription-contracts/{contractId}/pause/").future_pauses[0].id,
      },
    }),
  },
  {
    key: "DELETE /v2/subscription-contracts/{contractId}/scheduled-changes/{changeId}/",
    // a customer's downgrade waiting for the item's period end (the subscriber page makes these)
    before: async (x) => {
      const item = x.answer("GET /v2/subscription-contracts/{contractId}/").items[0];
      const change = await db().scheduledItemChange.create({
        data: {
          accountId: x.accountId,
          contractId: contract(x),
          contractItemId: item.id,
          kind: "update",
          priceId: x.ids.basicMonthly,
          quantity: 1,
          effectiveAt: new Date(item.current_service_period_end_at ?? "2026-04-10T00:00:00Z"),
          actorType: "subscriber",
          actorId: contract(x),
          createdAt: new Date(EXAMPLE_TIME),
        },
      });
      x.kept.scheduledChange = change.id;
    },
    request: (x) => ({ path: { contractId: contract(x), changeId: x.kept.scheduledChange } }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/discount/",
    request: (x) => ({ path: { contractId: contract(x) }, body: { promotion_code: "SPRING10" } }),
  },
  {
    key: "GET /v2/coupons/{couponId}/redemptions/",
    request: (x) => ({ path: { couponId: x.answer("POST /v2/coupons/").id } }),
  },
  {
    key: "DELETE /v2/subscription-contracts/{contractId}/discount/",
    request: (x) => ({ path: { contractId: contract(x) } }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/cancel/",
    request: (x) => ({
      path: { contractId: contract(x) },
      body: { cancel_at_period_end: true, reason: "Moving abroad" },
    }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/restart/",
    request: (x) => ({ path: { contractId: contract(x) }, body: {} }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/resume/",
    before: async (x) => {
      const now = { start_date: EXAMPLE_TIME, end_date: "2026-04-20T00:00:00Z" };
      const paused = await post(`/v2/subscription-contracts/${contract(x)}/pause/`, now);
      if (paused.status !== 200) throw new Error(`pause before resume: ${JSON.stringify(paused.body)}`);
    },
    request: (x) => ({ path: { contractId: contract(x) }, body: {} }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/activate/",
    before: async (x) => {
      const body = { customer_reference: "cust-1003", items: [{ price: x.ids.basicMonthly }], activate: false };
      x.kept.inactiveContract = (await post("/v2/subscription-contracts/", body)).body.id;
    },
    request: (x) => ({ path: { contractId: x.kept.inactiveContract } }),
  },
  {
    key: "GET /v2/subscription-contracts/{contractId}/upcoming/",
    request: (x) => ({ path: { contractId: contract(x) }, query: { until: "2026-06-30T00:00:00Z" } }),
  },
  { key: "GET /v2/customer-entitlements/", request: () => ({ query: { customer_reference: "cust-1001" } }) },
  { key: "GET /v2/forecast/", request: () => ({ query: { months: 3 } }) },
  {
    key: "GET /v2/analytics/mrr-movements/",
    request: () => ({ query: { currency: "EUR", from: "2026-01", to: "2026-03" } }),
  },
  {
    key: "GET /v2/analytics/retention/",
    request: () => ({ query: { currency: "EUR", from: "2026-01", to: "2026-03" } }),
  },
  {
    key: "GET /v2/analytics/contracts/",
    request: () => ({ query: { currency: "EUR", month: "2026-03", kind: "paying" } }),
  },
  // billing: the clock moves, runs are charged (Bob's card is declined)
  {
    key: "POST /v2/test-clock/advance/",
    before: async (x) => {
      const body = {
        customer_reference: "cust-1002",
        items: [{ price: x.ids.basicMonthly }],
        initial_billing_mode: "create_initial_run",
      };
      x.kept.declinedContract = (await post("/v2/subscription-contracts/", body)).body.id;
    },
    request: () => ({ body: { seconds: 3600 } }),
  },
  { key: "GET /v2/billing-runs/", request: (x) => ({ query: { contract: contract(x) } }) },
  {
    key: "GET /v2/billing-runs/{billingRunId}/",
    request: (x) => ({ path: { billingRunId: x.answer("GET /v2/billing-runs/")[0].id } }),
  },
  {
    key: "GET /v2/billing-runs/{billingRunId}/receipt/",
    request: (x) => ({ path: { billingRunId: x.answer("GET /v2/billing-runs/")[0].id } }),
  },
  {
    key: "POST /v2/billing-runs/{billingRunId}/retry/",
    before: async (x) => {
      const run = await db().billingRun.findFirstOrThrow({ where: { contractId: x.kept.declinedContract } });
      x.kept.failedRun = run.id;
    },
    request: (x) => ({ path: { billingRunId: x.kept.failedRun }, body: { reason: "Customer updated the card" } }),
  },
  {
    key: "POST /v2/billing-runs/{billingRunId}/apply-credit/",
    before: async (x) => {
      const ctx = ctxFor(x.accountId, EXAMPLE_TIME);
      await grantContractCredit(ctx, x.kept.declinedContract, { amount: "5.00", reason: "Goodwill" });
    },
    request: (x) => ({ path: { billingRunId: x.kept.failedRun }, body: { amount: "5.00", reason: "Goodwill credit" } }),
  },
  // money back: refunds and credit notes on the paid run, disputes (test mode), and the unpaid run's fate
  {
    key: "POST /v2/billing-runs/{billingRunId}/credit-notes/preview/",
    request: (x) => ({
      path: { billingRunId: paidRun(x) },
      body: { amount: "5.00", reason: "Service outage on 3 days", as: "refund" },
    }),
  },
  {
    key: "POST /v2/billing-runs/{billingRunId}/refunds/",
    request: (x) => ({
      path: { billingRunId: paidRun(x) },
      headers: { "Idempotency-Key": "refund-outage-march" },
      body: { amount: "5.00", reason: "Service outage on 3 days" },
    }),
  },
  {
    key: "POST /v2/billing-runs/{billingRunId}/credit-notes/",
    request: (x) => ({
      path: { billingRunId: paidRun(x) },
      body: { amount: "2.00", reason: "Goodwill credit for the next renewal" },
    }),
  },
  { key: "GET /v2/credit-notes/", request: (x) => ({ query: { billing_run: paidRun(x) } }) },
  {
    key: "GET /v2/credit-notes/{creditNoteId}/",
    request: (x) => ({ path: { creditNoteId: x.answer("POST /v2/billing-runs/{billingRunId}/refunds/").id } }),
  },
  {
    key: "POST /v2/billing-runs/{billingRunId}/disputes/",
    request: (x) => ({ path: { billingRunId: paidRun(x) }, body: { amount: "3.00", reason: "product_not_received" } }),
  },
  { key: "GET /v2/disputes/", request: (x) => ({ query: { billing_run: paidRun(x) } }) },
  {
    key: "GET /v2/disputes/{disputeId}/",
    request: (x) => ({ path: { disputeId: x.answer("POST /v2/billing-runs/{billingRunId}/disputes/").id } }),
  },
  {
    key: "POST /v2/disputes/{disputeId}/close/",
    request: (x) => ({
      path: { disputeId: x.answer("POST /v2/billing-runs/{billingRunId}/disputes/").id },
      body: { outcome: "won" },
    }),
  },
  {
    key: "POST /v2/billing-runs/{billingRunId}/write-off/",
    request: (x) => ({ path: { billingRunId: x.kept.failedRun }, body: { reason: "Customer unreachable" } }),
  },
  {
    key: "POST /v2/billing-runs/{billingRunId}/mark-paid/",
    request: (x) => ({
      path: { billingRunId: x.kept.failedRun },
      body: { method: "bank_transfer", reference: "TRF-2026-0310-17", paid_at: "2026-03-10T08:30:00Z" },
    }),
  },
  {
    key: "POST /v2/billing-runs/{billingRunId}/void/",
    before: async (x) => {
      const body = {
        customer_reference: "cust-1002",
        items: [{ price: x.ids.basicMonthly }],
        initial_billing_mode: "create_initial_run",
      };
      const created = (await post("/v2/subscription-contracts/", body)).body.id;
      x.kept.wrongRun = (await db().billingRun.findFirstOrThrow({ where: { contractId: created } })).id;
    },
    request: (x) => ({ path: { billingRunId: x.kept.wrongRun }, body: { reason: "Contract created by mistake" } }),
  },
  // webhooks
  {
    key: "POST /v2/webhook-endpoints/",
    request: () => ({ body: { url: "https://hooks.example.com/subscriptions", enabled_events: ["*"] } }),
  },
  { key: "GET /v2/webhook-endpoints/", request: () => ({}) },
  {
    key: "GET /v2/webhook-endpoints/{endpointId}/deliveries/",
    // one delivery that succeeded on its second attempt (the example endpoint is not reachable from a test)
    before: async (x) => {
      const endpointId = x.answer("POST /v2/webhook-endpoints/").id as number;
      const ep = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
      const event = await db().outboxEvent.findFirstOrThrow({
        where: { accountId: ep.accountId, type: "subscription_contract.created" },
        orderBy: { id: "asc" },
      });
      const at = (s: string) => new Date(`2026-03-10T08:${s}Z`);
      x.kept.delivery = (
        await db().webhookDelivery.create({
          data: {
            endpointId,
            outboxEventId: event.id,
            eventId: event.eventId,
            eventType: event.type,
            state: "succeeded",
            attempts: 2,
            lastStatus: 200,
            firstAttemptAt: at("00:00.000"),
            nextAttemptAt: at("01:10.084"),
            createdAt: at("00:00.000"),
            attemptLog: {
              create: [
                { number: 1, startedAt: at("00:00.000"), durationMs: 10_000, error: "timed out" },
                {
                  number: 2,
                  startedAt: at("01:10.000"),
                  durationMs: 84,
                  responseStatus: 200,
                  responseBody: '{"received":true}',
                },
              ],
            },
          },
        })
      ).id;
    },
    request: (x) => ({
      path: { endpointId: x.answer("POST /v2/webhook-endpoints/").id },
      query: { state: "succeeded", page_size: 10 },
    }),
  },
  {
    key: "GET /v2/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/",
    request: (x) => ({
      path: { endpointId: x.answer("POST /v2/webhook-endpoints/").id, deliveryId: x.kept.delivery },
    }),
  },
  // checkouts
  {
    key: "POST /v2/checkouts/",
    request: ({ ids }) => ({
      body: {
        customer_reference: "cust-1001",
        currency: "EUR",
        items: [{ price: ids.premiumMonthly }],
        collection_method: "card",
        account_payment_processor: ids.cardProcessor,
      },
    }),
  },
  { key: "GET /v2/checkouts/{token}/", request: () => ({ path: { token: FIXED_TOKENS.checkout } }) },
  {
    key: "POST /v2/checkouts/{token}/payment-method-registrations/",
    request: () => ({ path: { token: FIXED_TOKENS.checkout }, body: {} }),
  },
  {
    key: "GET /v2/payment-method-registrations/{token}/",
    request: () => ({ path: { token: FIXED_TOKENS.registration } }),
  },
  {
    key: "POST /v2/checkouts/{token}/finalize/",
    request: () => ({ path: { token: FIXED_TOKENS.checkout }, body: {} }),
  },
  // embedded checkout: sales channels and sessions
  {
    key: "POST /v2/sales-channels/",
    request: ({ ids }) => ({
      body: {
        name: "Streaming on our website",
        offer: { items: [{ price: ids.basicMonthly }] },
        allowed_origins: ["https://shop.example.com"],
        processor_ids: [ids.cardProcessor],
      },
    }),
  },
  { key: "GET /v2/sales-channels/", request: () => ({ query: { active: "true" } }) },
  {
    key: "GET /v2/sales-channels/{salesChannelId}/",
    request: (x) => ({ path: { salesChannelId: x.answer("POST /v2/sales-channels/").id } }),
  },
  {
    key: "PATCH /v2/sales-channels/{salesChannelId}/",
    request: (x) => ({
      path: { salesChannelId: x.answer("POST /v2/sales-channels/").id },
      body: { allowed_origins: ["https://shop.example.com", "https://www.shop.example.com"] },
    }),
  },
  {
    key: "POST /v2/checkout-sessions/",
    request: (x) => ({
      body: { sales_channel: x.answer("POST /v2/sales-channels/").id, customer_reference: "cust-1003" },
    }),
  },
  { key: "GET /v2/checkout-sessions/{token}/", request: () => ({ path: { token: FIXED_TOKENS.session } }) },
  // self-service policy
  { key: "GET /v2/self-service-policy/", request: () => ({}) },
  {
    key: "PATCH /v2/self-service-policy/",
    request: () => ({ body: { allow_pause: true, customer_proration: "prorate_both_now" } }),
  },
  // customer portal
  { key: "GET /v2/cancellation-settings/", request: () => ({}) },
  {
    key: "PATCH /v2/cancellation-settings/",
    request: () => ({ body: { reasons: ["Too expensive", "Not using it enough", "Switching to another service"] } }),
  },
  {
    key: "POST /v2/portal-sessions/",
    request: () => ({ body: { customer_reference: "cust-1001", return_url: "https://shop.example/account" } }),
  },
  {
    key: "POST /v2/subscription-contracts/{contractId}/subscriber-page/rotate/",
    request: (x) => ({ path: { contractId: contract(x) }, body: { expires_in_days: 90 } }),
  },
  // deactivations last: the code and coupon served the examples above
  {
    key: "POST /v2/promotion-codes/{promotionCodeId}/deactivate/",
    request: (x) => ({ path: { promotionCodeId: x.answer("POST /v2/promotion-codes/").id } }),
  },
  {
    key: "POST /v2/coupons/{couponId}/deactivate/",
    request: (x) => ({ path: { couponId: x.answer("POST /v2/coupons/").id } }),
  },
  {
    key: "POST /v2/billable-metrics/{metricId}/archive/",
    request: (x) => ({ path: { metricId: x.answer("POST /v2/billable-metrics/").id } }),
  },
  {
    key: "GET /v2/exports/{kind}/",
    request: () => ({ path: { kind: "contracts" }, query: { format: "csv", state: "active,paused" } }),
  },
  // a customer's personal data (last: the erasure changes what earlier examples show)
  {
    key: "GET /v2/customers/{customerReference}/personal-data/",
    request: () => ({ path: { customerReference: "cust-2001" } }),
  },
  {
    key: "POST /v2/customers/{customerReference}/erase/",
    request: () => ({ path: { customerReference: "cust-2001" } }),
  },
];

/** Where a created token lives, so the runner can give it its fixed example value. */
export async function fixToken(key: string, answer: any): Promise<[string, string] | null> {
  if (key === "POST /v2/checkouts/") {
    await db().checkout.update({ where: { token: answer.token }, data: { token: FIXED_TOKENS.checkout } });
    return [answer.token, FIXED_TOKENS.checkout];
  }
  if (key === "POST /v2/checkouts/{token}/payment-method-registrations/") {
    await db().paymentMethodRegistration.update({
      where: { token: answer.token },
      data: { token: FIXED_TOKENS.registration },
    });
    return [answer.token, FIXED_TOKENS.registration];
  }
  if (key === "POST /v2/checkout-sessions/") {
    await db().checkoutSession.update({ where: { token: answer.token }, data: { token: FIXED_TOKENS.session } });
    return [answer.token, FIXED_TOKENS.session];
  }
  return null;
}

export { SECRET_KEY };
