// Fixed regression cases of hostile input (found by fuzzing, kept so they stay fixed): each one used to be a
// 500 (or a silently altered value); each is now a 400 in the spec's shape, a 404, or stored faithfully.
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as cardFormRoute } from "@/app/api/pay/registrations/[token]/route";
import { POST as pingRoute } from "@/app/api/ping/route";
import { POST as webhookRoute } from "@/app/api/processors/sandbox/webhook/route";
import { verifyCredentials } from "@/server/auth/users";
import { processorWebhookSecret, signProcessorWebhook } from "@/server/domain/payments/processorEvents";
import type { SeedResult } from "@/server/seed/demo";
import { type AppRouter, appRouter } from "@/server/trpc/root";
import { transformer } from "@/server/trpc/transformer";
import { expect400 } from "@/tests/api/_util";
import { api, db, get, patch, post, seed } from "@/tests/helpers";

let s: SeedResult;
let n = 0;
beforeAll(async () => {
  s = await seed();
});

const ref = () => `fz-${process.pid}-${++n}`;
const raw = (method: string, path: string, rawBody: string) => api(method, path, { rawBody });
const customers = () => db().customer.count({ where: { accountId: s.accountId } });
const basicQuote = (over: Record<string, unknown> = {}) => ({ items: [{ price: s.ids.basicMonthly }], ...over });

async function publicCall(
  route: (req: Request, ctx: any) => Promise<Response>,
  path: string,
  body: string,
  headers: Record<string, string> = {},
  params?: Record<string, string>,
) {
  const req = new Request(`http://127.0.0.1:9${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  const res = await route(req, { params: Promise.resolve(params ?? {}) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe("NUL characters", () => {
  it("in a body string: 400 naming the field, nothing stored", async () => {
    const before = await customers();
    expect400(await raw("POST", "/v2/customers/", `{"reference":"${ref()}","name":"nul\\u0000byte"}`), "name");
    expect400(
      await raw("POST", "/v2/customers/", `{"reference":"${ref()}","metadata":{"a":{"b":"x\\u0000"}}}`),
      "metadata",
    );
    expect400(await raw("POST", "/v2/customers/", `{"reference":"${ref()}","metadata":{"k\\u0000":1}}`), "metadata");
    expect400(await raw("POST", "/v2/customers/", `{"reference\\u0000":"x"}`), "non_field_errors");
    expect(await customers()).toBe(before);
  });

  it("in a path segment: 404; in a query value: 400 naming the parameter", async () => {
    expect((await get("/v2/customers/%00/")).status).toBe(404);
    expect((await get("/v2/subscription-contracts/%00/")).status).toBe(404);
    expect((await get("/v2/checkouts/%00/")).status).toBe(404);
    expect400(await get("/v2/catalog/prices/?currency=%00"), "currency");
    expect400(await get("/v2/customers/?reference=a%00b"), "reference");
    expect400(await get("/v2/customers/?x%00=1"), "non_field_errors");
  });
});

describe("lone UTF-16 surrogates and invalid UTF-8", () => {
  it("are 400s, never stored as U+FFFD", async () => {
    const before = await customers();
    expect400(await raw("POST", "/v2/customers/", `{"reference":"${ref()}","name":"half \\ud83d pair"}`), "name");
    expect400(await raw("POST", "/v2/customers/", `{"reference":"${ref()}","name":"\\udc00"}`), "name");
    const bytes = Buffer.concat([
      Buffer.from(`{"reference":"${ref()}","name":"`),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(`"}`),
    ]);
    expect400(await api("POST", "/v2/customers/", { rawBody: bytes as unknown as string }), "non_field_errors");
    expect(await customers()).toBe(before);
  });

  it("a proper pair (an emoji) is stored and shown as sent", async () => {
    const reference = ref();
    const r = await raw("POST", "/v2/customers/", `{"reference":"${reference}","name":"smile \\ud83d\\ude00"}`);
    expect(r.status).toBe(201);
    expect(r.body.name).toBe("smile 😀");
    expect((await get(`/v2/customers/${reference}/`)).body.name).toBe("smile 😀");
  });
});

describe("deep nesting, huge numbers, non-object bodies", () => {
  it("JSON nested 3,000 deep (and 65 deep) is a 400; 60 deep is fine", async () => {
    const deep = (d: number) => "[".repeat(d) + "]".repeat(d);
    expect400(
      await raw("POST", "/v2/customers/", `{"reference":"${ref()}","metadata":{"x":${deep(3000)}}}`),
      "metadata",
    );
    expect400(await raw("POST", "/v2/subscription-offer-quotes/", `{"items":${deep(3000)}}`), "items");
    expect400(await raw("POST", "/v2/customers/", deep(100_000)), "non_field_errors");
    expect400(await raw("POST", "/v2/customers/", `{"reference":"${ref()}","metadata":{"x":${deep(63)}}}`), "metadata");
    expect((await raw("POST", "/v2/customers/", `{"reference":"${ref()}","metadata":{"x":${deep(60)}}}`)).status).toBe(
      201,
    );
  });

  it("ids above 2^31-1, 1e308, negative and fractional ids are 400s in the field", async () => {
    // biome-ignore lint/correctness/noPrecisionLoss: a number beyond 2^53 is the point of the case
    for (const price of [2147483648, 1e308, -1, 1.5, 9007199254740993]) {
      expect400(await post("/v2/subscription-offer-quotes/", { items: [{ price }] }), "items");
      expect400(
        await post("/v2/subscription-contracts/", { customer_reference: "cust-1001", items: [{ price }] }),
        "items",
      );
    }
    expect400(await raw("POST", "/v2/subscription-offer-quotes/", `{"bundle_template": 1e999}`), "bundle_template");
    expect400(await raw("POST", "/v2/customers/", `{"reference":"${ref()}","metadata":{"x":-1e999}}`), "metadata");
    expect400(await post("/v2/subscription-offer-quotes/", { bundle_template: 2 ** 31 }), "bundle_template");
  });

  it("a body that is null, an array, a string or a number where an object is expected: 400 non_field_errors", async () => {
    for (const body of ["null", "[]", "[1]", '"x"', "42", "true"]) {
      const r = expect400(await raw("POST", "/v2/customers/", body), "non_field_errors");
      expect(r.non_field_errors).toEqual(["Expected a JSON object."]);
      expect400(await raw("POST", "/v2/subscription-offer-quotes/", body), "non_field_errors");
    }
    expect400(await raw("POST", "/v2/customers/", "{"), "non_field_errors");
  });

  it("a body over 1 MB is a 400", async () => {
    expect400(
      await raw("POST", "/v2/customers/", JSON.stringify({ reference: ref(), name: "x".repeat(1_000_001) })),
      "non_field_errors",
    );
  });
});

describe("dates outside 1970..9999", () => {
  it("year 0000 (and 1969, 10000) are 400s on quotes and contracts alike", async () => {
    const before = await db().subscriptionContract.count({ where: { accountId: s.accountId } });
    for (const start_at of [
      "0000-01-01T00:00:00Z",
      "1969-12-31T23:59:59Z",
      "+010000-01-01T00:00:00Z",
      "9999-12-31T23:00:00-05:00",
    ]) {
      expect400(
        await post("/v2/subscription-offer-quotes/", basicQuote({ items: [{ price: s.ids.basicMonthly, start_at }] })),
        "items",
      );
      expect400(
        await post("/v2/subscription-contracts/", {
          customer_reference: "cust-1001",
          items: [{ price: s.ids.basicMonthly, start_at }],
        }),
        "items",
      );
    }
    expect400(await get("/v2/customer-entitlements/?customer_reference=cust-1001&at=0000-01-01T00:00:00Z"), "at");
    expect(await db().subscriptionContract.count({ where: { accountId: s.accountId } })).toBe(before);
  });
});

describe("metadata keys superjson refuses", () => {
  const meta = {
    constructor: "x",
    prototype: { a: 1 },
    nested: { constructor: { prototype: 2 } },
    list: [{ constructor: null }],
  };

  it("are stored and shown faithfully over REST", async () => {
    const reference = ref();
    const r = await raw("POST", "/v2/customers/", JSON.stringify({ reference, metadata: meta }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await get(`/v2/customers/${reference}/`)).body.metadata).toEqual(meta);
    // a PATCH merges keys: `constructor` is an ordinary key there too
    const p = await patch(`/v2/customers/${reference}/`, { metadata: { constructor: "y" } });
    expect(p.body.metadata).toEqual({ ...meta, constructor: "y" });
  });

  it("`__proto__` (which the ORM would drop) is a 400 naming the field, never a changed prototype", async () => {
    const before = await customers();
    expect400(
      await raw("POST", "/v2/customers/", `{"reference":"${ref()}","metadata":{"__proto__":{"polluted":true}}}`),
      "metadata",
    );
    expect400(
      await raw("POST", "/v2/customers/", `{"reference":"${ref()}","__proto__":{"polluted":true}}`),
      "non_field_errors",
    );
    expect(await customers()).toBe(before);
    expect(({} as any).polluted).toBeUndefined();
  });

  it("the admin customer list still works, through the caller and through the HTTP link (superjson)", async () => {
    const session = { userId: 1, accountId: s.accountId, email: null, name: null };
    const caller = appRouter.createCaller({ session });
    const listed = await caller.customers.list();
    const withMeta = listed.find((c: any) => c.metadata?.prototype?.a === 1);
    expect(withMeta).toBeTruthy();

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
    const overHttp = await client.customers.list.query();
    const found = overHttp.find((c: any) => c.id === (withMeta as any).id) as any;
    expect(found.metadata).toEqual({ ...meta, constructor: "y" });
    expect(found.created_at ?? found.createdAt).toBeTruthy();
    // and a console mutation may send such keys too
    const reference = ref();
    const made = (await client.customers.create.mutate({ reference, metadata: meta })) as any;
    expect(made.metadata).toEqual(meta);
    // console input gets the body reader's checks: NUL is a BAD_REQUEST naming the field
    await expect(client.customers.create.mutate({ reference: ref(), name: "nul\u0000" })).rejects.toMatchObject({
      data: { code: "BAD_REQUEST", fields: { name: [expect.any(String)] } },
    });
  });
});

describe("field names JavaScript objects already have", () => {
  it("unknown fields named constructor / toString / __defineGetter__ are 400s naming them (were 500s)", async () => {
    const c = (
      await post("/v2/subscription-contracts/", {
        customer_reference: "cust-1001",
        items: [{ price: s.ids.basicMonthly }],
      })
    ).body;
    for (const key of ["constructor", "toString", "__defineGetter__", "hasOwnProperty"]) {
      expect400(await post(`/v2/subscription-contracts/${c.id}/cancel/`, { [key]: 1 }), key);
      expect400(
        await post(`/v2/subscription-contracts/${c.id}/proration-preview/`, { operation: "cancel", [key]: 1 }),
        key,
      );
      expect400(await patch("/v2/customers/cust-1001/", { [key]: 1 }), key);
    }
  });
});

describe("public routes", () => {
  it("card form: body null / array / NUL / oversized / bad types are 400s; NUL token is a 404", async () => {
    for (const body of [
      "null",
      "[]",
      '"x"',
      '{"card":"x"}',
      '{"card":{"number":"4242424242424242","exp_month":1.5,"exp_year":2031}}',
      '{"card":{"number":"42\\u0000"}}',
    ]) {
      const r = await publicCall(
        cardFormRoute as any,
        "/api/pay/registrations/pmr_nope/",
        body,
        {},
        { token: "pmr_nope" },
      );
      expect([400, 404], `${body}: ${JSON.stringify(r.body)}`).toContain(r.status);
    }
    expect400(
      await publicCall(cardFormRoute as any, "/api/pay/registrations/pmr_nope/", "null", {}, { token: "pmr_nope" }),
      "non_field_errors",
    );
    expect400(
      await publicCall(
        cardFormRoute as any,
        "/api/pay/registrations/pmr_nope/",
        JSON.stringify({ card: { number: "x".repeat(200_000) } }),
        {},
        { token: "pmr_nope" },
      ),
      "non_field_errors",
    );
    expect(
      (await publicCall(cardFormRoute as any, "/api/pay/registrations/x/", "{}", {}, { token: "pmr\u0000" })).status,
    ).toBe(404);
  });

  it("processor webhook: body null, arrays, wrong types, NUL and oversized bodies are 400s (even when signed)", async () => {
    const secret = await vendorBSecret();
    const send = (body: string) =>
      publicCall(webhookRoute as any, "/api/processors/sandbox/webhook/", body, {
        "x-sandbox-signature": signProcessorWebhook(secret, body),
      });
    // a string id naming no processor is answered like an unknown processor (401, processor-webhook.test.ts)
    expect((await send('{"type":"payment.succeeded","account_payment_processor_id":"abc"}')).status).toBe(401);
    for (const body of [
      "null",
      "[]",
      "1",
      '"x"',
      "{}",
      '{"type":"payment.succeeded","account_payment_processor_id":1e308}',
      `{"type":"payment.succeeded","account_payment_processor_id":${s.ids.vendorB},"transaction_id":{"a":1}}`,
      `{"type":"x\\u0000","account_payment_processor_id":${s.ids.vendorB}}`,
    ]) {
      const r = await send(body);
      expect(r.status, `${body}: ${JSON.stringify(r.body)}`).toBe(400);
    }
    expect400(await send("null"), "non_field_errors");
    expect400(
      await send(JSON.stringify({ type: "x", account_payment_processor_id: 1, pad: "x".repeat(200_000) })),
      "non_field_errors",
    );
  });

  it("console sign-in with NUL or a lone surrogate is a failed sign-in, not a database error", async () => {
    expect(await verifyCredentials("admin@example.com\u0000", "demo-password")).toBeNull();
    expect(await verifyCredentials("admin@example.com", "demo\ud800")).toBeNull();
    expect(await verifyCredentials("admin@example.com", "demo-password")).not.toBeNull();
  });

  it("the benchmark's trivial POST answers bad JSON with a 400", async () => {
    const res = await pingRoute(new Request("http://test.local/api/ping", { method: "POST", body: "{" }));
    expect(res.status).toBe(400);
  });
});

describe("payment_processor_override", () => {
  it("another account's or an unknown processor (or another currency's) is a 400 on create and patch", async () => {
    const foreign = await db().accountPaymentProcessor.create({
      data: {
        accountId: s.otherAccountId,
        displayName: "Other",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "EUR",
      },
    });
    const before = await db().subscriptionContract.count({ where: { accountId: s.accountId } });
    const create = (id: number) =>
      post("/v2/subscription-contracts/", {
        customer_reference: "cust-1001",
        items: [{ price: s.ids.basicMonthly }],
        payment_processor_override: id,
      });
    for (const id of [foreign.id, 999_999, s.ids.vendorA /* USD */])
      expect400(await create(id), "payment_processor_override");
    for (const id of [foreign.id, 999_999, s.ids.vendorA])
      expect400(
        await post("/v2/subscription-offer-quotes/", basicQuote({ payment_processor_override: id })),
        "payment_processor_override",
      );
    expect(
      (await post("/v2/subscription-offer-quotes/", basicQuote({ payment_processor_override: s.ids.cardProcessor })))
        .status,
    ).toBe(200);
    expect(await db().subscriptionContract.count({ where: { accountId: s.accountId } })).toBe(before);
    const c = await create(s.ids.cardProcessor);
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body.payment_processor_override).toBe(s.ids.cardProcessor);
    for (const id of [foreign.id, 999_999, s.ids.vendorA])
      expect400(
        await patch(`/v2/subscription-contracts/${c.body.id}/`, { payment_processor_override: id }),
        "payment_processor_override",
      );
    const after = await get(`/v2/subscription-contracts/${c.body.id}/`);
    expect(after.body.payment_processor_override).toBe(s.ids.cardProcessor);
    expect(after.body.contract_version).toBe(c.body.contract_version);
  });
});

/** Vendor B's webhook secret, generated for the processor row (no fixed secret exists). */
async function vendorBSecret(): Promise<string> {
  const processor = await db().accountPaymentProcessor.findFirstOrThrow({ where: { id: s.ids.vendorB } });
  return processorWebhookSecret(processor)!;
}
