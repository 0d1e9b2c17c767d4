// Fuzz suite, part 2: the routes outside the OpenAPI document that read a body (hosted card form,
// processor webhook, embedded checkout widget) and the admin console's tRPC mutations. Same rules as
// operations.test.ts: no 5xx, errors in the spec's shape, and nothing stored on a 4xx.

import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as cardFormRoute } from "@/app/api/pay/registrations/[token]/route";
import { POST as webhookRoute } from "@/app/api/processors/sandbox/webhook/route";
import { POST as widgetCheckoutRoute } from "@/app/api/public/checkout-sessions/[token]/checkout/route";
import { POST as widgetFinalizeRoute } from "@/app/api/public/checkout-sessions/[token]/finalize/route";
import { processorWebhookSecret, signProcessorWebhook } from "@/server/domain/payments/processorEvents";
import type { SeedResult } from "@/server/seed/demo";
import { type AppRouter, appRouter } from "@/server/trpc/root";
import { transformer } from "@/server/trpc/transformer";
import { db, post, seed } from "@/tests/helpers";
import { hostileText, hostileValue, objectOf } from "./_arbitraries";

const RUNS = Number(process.env.FUZZ_RUNS) || 10;
const SEED = Number(process.env.FUZZ_SEED) || 20261123;
const SHOP = "https://shop.example.com";

let s: SeedResult;
let tokens: { registration: string; session: string };
beforeAll(async () => {
  s = await seed();
  const checkout = (
    await post("/v2/checkouts/", {
      customer_reference: "cust-1003",
      items: [{ price: s.ids.basicMonthly }],
      account_payment_processor: s.ids.cardProcessor,
    })
  ).body;
  const registration = (await post(`/v2/checkouts/${checkout.token}/payment-method-registrations/`, {})).body;
  const channel = (
    await post("/v2/sales-channels/", {
      name: "Fuzz",
      offer: { items: [{ price: s.ids.basicMonthly }] },
      allowed_origins: [SHOP],
      processor_ids: [s.ids.cardProcessor],
    })
  ).body;
  const session = (await post("/v2/checkout-sessions/", { sales_channel: channel.id })).body;
  tokens = { registration: registration.token, session: session.token };
});

const counts = async () =>
  JSON.stringify(
    await Promise.all([
      db().paymentMethod.count(),
      db().paymentMethodRegistration.count({ where: { NOT: { status: "pending" } } }),
      db().customer.count(),
      db().checkout.count(),
      db().subscriptionContract.count(),
      db().billingRun.count(),
    ]),
  );

function expectShape(status: number, body: any, what: string) {
  expect(status, `${what} → ${status} ${JSON.stringify(body)}`).toBeLessThan(500);
  if (status < 400) return;
  expect(body !== null && typeof body === "object" && !Array.isArray(body), what).toBe(true);
  if (status === 400) {
    const lists = Object.values(body).filter(Array.isArray) as unknown[][];
    expect(lists.length, `${what}: ${JSON.stringify(body)}`).toBeGreaterThan(0);
    for (const l of lists)
      expect(
        l.every((m) => typeof m === "string" && m.length > 0),
        what,
      ).toBe(true);
  } else expect(typeof body.detail, `${what}: ${JSON.stringify(body)}`).toBe("string");
}

async function call(
  route: (req: Request, ctx: any) => Promise<Response>,
  url: string,
  body: string,
  headers: Record<string, string>,
  params: Record<string, string>,
) {
  const res = await route(
    new Request(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body }),
    { params: Promise.resolve(params) },
  );
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* checked by expectShape */
  }
  return { status: res.status, body: parsed };
}

const cardSchema = {
  type: "object",
  properties: {
    card: {
      type: "object",
      properties: {
        number: { type: "string" },
        exp_month: { type: "integer" },
        exp_year: { type: "integer" },
        cvc: { type: "string" },
      },
    },
    encrypted_card: { type: "string" },
  },
};
const eventSchema = {
  type: "object",
  properties: {
    type: { enum: ["tokenization.completed", "tokenization.failed", "payment.succeeded", "payment.failed"] },
    account_payment_processor_id: { type: "integer" },
    session: { type: "string" },
    transaction_id: { type: "string" },
    card: cardSchema.properties.card,
  },
};
const widgetSchema = {
  type: "object",
  properties: {
    customer: {
      type: "object",
      properties: { reference: { type: "string" }, email: { type: "string" }, name: { type: "string" } },
    },
    account_payment_processor: { type: "integer" },
    bundle_item_selections: { type: "array", items: { type: "object" } },
  },
};
const bodies = (schema: object, ids: number[]) =>
  fc.oneof(
    { weight: 4, arbitrary: objectOf(schema, { components: { schemas: {} } }, ids).map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: hostileText },
  );

describe("public routes under generated bad input", () => {
  it("hosted card form", async () => {
    await fc.assert(
      fc.asyncProperty(bodies(cardSchema, [1, 12, 2031]), async (body) => {
        const before = await counts();
        const r = await call(
          cardFormRoute as any,
          `http://127.0.0.1:9/api/pay/registrations/${tokens.registration}/`,
          body,
          {},
          { token: tokens.registration },
        );
        expectShape(r.status, r.body, `card form ${body.slice(0, 200)}`);
        if (r.status >= 400) expect(await counts(), body.slice(0, 200)).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS * 3, endOnFailure: true },
    );
  });

  it("processor webhook (signed with the vendor's secret and unsigned)", async () => {
    await fc.assert(
      fc.asyncProperty(
        bodies(eventSchema, [s.ids.vendorB, s.ids.cardProcessor]),
        fc.boolean(),
        async (body, signed) => {
          const before = await counts();
          const headers = { "x-sandbox-signature": signed ? signProcessorWebhook(await vendorBSecret(), body) : "00" };
          const r = await call(
            webhookRoute as any,
            "http://127.0.0.1:9/api/processors/sandbox/webhook/",
            body,
            headers,
            {},
          );
          expectShape(r.status, r.body, `webhook ${body.slice(0, 200)}`);
          if (r.status >= 400) expect(await counts(), body.slice(0, 200)).toBe(before);
        },
      ),
      { seed: SEED + 1, numRuns: RUNS * 3, endOnFailure: true },
    );
  });

  it("embedded checkout widget: checkout and finalize", async () => {
    await fc.assert(
      fc.asyncProperty(bodies(widgetSchema, [s.ids.cardProcessor]), fc.boolean(), async (body, finalize) => {
        const before = await counts();
        const route = finalize ? widgetFinalizeRoute : widgetCheckoutRoute;
        const r = await call(
          route as any,
          `http://test.local/api/public/checkout-sessions/${tokens.session}/${finalize ? "finalize" : "checkout"}/`,
          body,
          { origin: SHOP },
          { token: tokens.session },
        );
        expectShape(r.status, r.body, `widget ${body.slice(0, 200)}`);
        if (r.status >= 400 && !finalize) expect(await counts(), body.slice(0, 200)).toBe(before);
      }),
      { seed: SEED + 2, numRuns: RUNS * 3, endOnFailure: true },
    );
  });
});

describe("admin console (tRPC over HTTP, with its transformer) under generated bad input", () => {
  it("customers.create: BAD_REQUEST with field errors, never INTERNAL_SERVER_ERROR", async () => {
    const session = { userId: 1, accountId: s.accountId, email: null, name: null };
    const handler = (req: Request) =>
      fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: async () => ({ session }) });
    const client = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: "http://test.local/api/trpc",
          transformer,
          fetch: async (url, init) => handler(new Request(url, init as RequestInit)),
        }),
      ],
    });
    const schema = {
      type: "object",
      properties: {
        reference: { type: "string" },
        name: { type: "string" },
        email: { type: "string" },
        metadata: { type: "object", properties: { a: {}, constructor: {}, prototype: {} } },
      },
    };
    await fc.assert(
      fc.asyncProperty(fc.oneof(objectOf(schema, { components: { schemas: {} } }, []), hostileValue), async (input) => {
        const before = await counts();
        try {
          await client.customers.create.mutate(input as any);
        } catch (e) {
          expect(e, String(e)).toBeInstanceOf(TRPCClientError);
          const code = (e as TRPCClientError<AppRouter>).data?.code;
          expect(code, `${JSON.stringify(input)?.slice(0, 200)} → ${String(e)}`).not.toBe("INTERNAL_SERVER_ERROR");
          if (code === "BAD_REQUEST") expect(await counts()).toBe(before);
        }
      }),
      { seed: SEED + 3, numRuns: RUNS * 3, endOnFailure: true },
    );
  });
});

/** Vendor B's webhook secret, generated for the processor row (no fixed secret exists). */
async function vendorBSecret(): Promise<string> {
  const processor = await db().accountPaymentProcessor.findFirstOrThrow({ where: { id: s.ids.vendorB } });
  return processorWebhookSecret(processor)!;
}
