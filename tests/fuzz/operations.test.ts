// Fuzz suite (hostile input must never reach a 5xx or change data): every operation of the OpenAPI document, driven through its real
// route file with generated bad and edge-case input (tests/fuzz/_arbitraries.ts). For every request:
// no 5xx; an error body in the spec's shape (400 `{field: [messages]}`, other 4xx `{"detail": ...}`);
// and a 4xx from a mutation changed nothing (a digest of every table but api_keys, before and after).
// Fixed seed and a bounded number of runs per operation; FUZZ_RUNS=500 (and FUZZ_SEED) for longer runs.
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApi } from "@/server/http/openapi";
import type { SeedResult } from "@/server/seed/demo";
import { BASE, db, get, post, seed } from "@/tests/helpers";
import { hostileText, objectOf, pathValue, queryValue, resolveSchema } from "./_arbitraries";

const RUNS = Number(process.env.FUZZ_RUNS) || 10;
const SEED = Number(process.env.FUZZ_SEED) || 20261123;
/** 4xx outcomes that legitimately record something (spec 7.4: a failed payment attempt at finalize). */
const MAY_RECORD_ON_4XX = new Set([
  "POST /v2/checkouts/{token}/finalize/",
  "POST /v2/billing-runs/{billingRunId}/retry/",
]);

const doc = buildOpenApi() as any;
const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([p, item]) =>
  Object.entries(item).map(([method, op]) => ({ path: p, method: method.toUpperCase(), op })),
);

let s: SeedResult;
const valid: Record<string, string> = {};
let ids: number[] = [];

beforeAll(async () => {
  s = await seed();
  const contract = (
    await post("/v2/subscription-contracts/", {
      customer_reference: "cust-1001",
      items: [{ price: s.ids.basicMonthly }],
      initial_billing_mode: "create_initial_run",
    })
  ).body;
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
      allowed_origins: ["https://shop.example.com"],
      processor_ids: [s.ids.cardProcessor],
    })
  ).body;
  const session = (await post("/v2/checkout-sessions/", { sales_channel: channel.id })).body;
  const endpoint = (await post("/v2/webhook-endpoints/", { url: "https://hooks.example.com/fuzz" })).body;
  const runs = (await get("/v2/billing-runs/")).body;
  for (const [name, value] of [
    ["contract", contract?.id],
    ["checkout", checkout?.token],
    ["registration", registration?.token],
    ["channel", channel?.id],
    ["session", session?.token],
    ["run", (runs?.results ?? runs)?.[0]?.id],
  ]) {
    expect(value, `fixture ${name}`).toBeTruthy();
  }
  Object.assign(valid, {
    contractId: String(contract.id),
    billingRunId: String((runs.results ?? runs)[0].id),
    bundleTemplateId: String(s.ids.family ?? 1),
    priceId: String(s.ids.basicMonthly),
    productId: String(s.ids.streaming),
    customerReference: "cust-1001",
    paymentMethodId: String(s.ids.goodCard),
    salesChannelId: String(channel.id),
    endpointId: String(endpoint?.id ?? 1),
    pauseId: "1",
    checkoutToken: checkout.token,
    sessionToken: session.token,
    registrationToken: registration.token,
  });
  ids = [
    contract.id,
    s.ids.basicMonthly,
    s.ids.premiumMonthly,
    s.ids.setupFee,
    s.ids.cardProcessor,
    s.ids.family ?? 1,
    s.ids.streaming,
    channel.id,
  ];
});

function validParam(p: string, name: string): string {
  if (name !== "token") return valid[name] ?? "1";
  if (p.startsWith("/v2/checkouts/")) return valid.checkoutToken;
  if (p.startsWith("/v2/checkout-sessions/")) return valid.sessionToken;
  return valid.registrationToken;
}

/** A digest of every table's rows: any insert, update or delete changes it. */
let digestSql: string | undefined;
async function digest(): Promise<string> {
  if (!digestSql) {
    const tables = await db().$queryRawUnsafe<{ t: string }[]>(
      "SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT IN ('api_keys', '_prisma_migrations') AND tablename NOT LIKE 'pgboss%' ORDER BY 1",
    );
    digestSql = `SELECT md5(string_agg(h, ',' ORDER BY t)) AS d FROM (${tables.map(({ t }) => `SELECT '${t}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t}" x`).join(" UNION ALL ")}) s`;
  }
  return (await db().$queryRawUnsafe<{ d: string }[]>(digestSql))[0].d;
}

/** The spec's error shapes (section 7): 400 `{field: [messages]}` (plus an optional `code`), others `{"detail": ...}`. */
function expectErrorShape(status: number, body: any, what: string) {
  expect(
    body !== null && typeof body === "object" && !Array.isArray(body),
    `${what}: error body must be an object: ${JSON.stringify(body)}`,
  ).toBe(true);
  if (status !== 400) {
    expect(typeof body.detail, `${what}: ${status} needs a detail: ${JSON.stringify(body)}`).toBe("string");
    return;
  }
  const lists = Object.entries(body).filter(([, v]) => Array.isArray(v)) as [string, unknown[]][];
  expect(lists.length, `${what}: a 400 names at least one field: ${JSON.stringify(body)}`).toBeGreaterThan(0);
  for (const [k, v] of lists) {
    expect(
      v.length > 0 && v.every((m) => typeof m === "string" && m.length > 0),
      `${what}: ${k} must list messages: ${JSON.stringify(body)}`,
    ).toBe(true);
    expect(k.includes("\u0000"), `${what}: field names are clean`).toBe(false);
  }
  // `code` is the error's code (a string), or the messages of a body field named `code` (promotion codes)
  if ("code" in body && !Array.isArray(body.code)) expect(typeof body.code).toBe("string");
}

const encodeSegment = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return "%ED%A0%80"; // a lone surrogate cannot be percent-encoded as UTF-8; send its CESU bytes instead
  }
};

async function send(
  p: string,
  method: string,
  params: Record<string, string>,
  query: [string, string][],
  body: string | undefined,
) {
  const file = path.resolve(`app/api${p.replace(/\{(\w+)\}/g, "[$1]")}route.ts`);
  const handler = (await import(file))[method];
  const urlPath = p.replace(/\{(\w+)\}/g, (_, n: string) => encodeSegment(params[n]));
  const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join("&");
  const req = new Request(`${BASE}${urlPath}${qs ? `?${qs}` : ""}`, {
    method,
    body,
    headers: { "content-type": "application/json", authorization: "Api-Key sk_test_demo_secret" },
  });
  const res: Response = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* reported below */
  }
  return { status: res.status, body: parsed };
}

describe("every OpenAPI operation under generated bad input", () => {
  it("the document lists the operations being fuzzed", () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  for (const [index, { path: p, method, op }] of operations.entries()) {
    const name = `${method} ${p}`;
    it(name, async () => {
      const paramNames = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const queryNames: string[] = (op.parameters ?? []).filter((x: any) => x.in === "query").map((x: any) => x.name);
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      const bodyArb: fc.Arbitrary<string | undefined> =
        method === "GET" || method === "DELETE"
          ? fc.constant(undefined)
          : schema && resolveSchema(schema, doc).properties
            ? fc.oneof(
                { weight: 5, arbitrary: objectOf(schema, doc, ids).map((o) => JSON.stringify(o)) },
                { weight: 1, arbitrary: hostileText },
              )
            : fc.oneof(fc.constant("{}"), fc.constant(""), hostileText);
      const input = fc.record({
        params: fc.record(
          Object.fromEntries(
            paramNames.map((n) => [
              n,
              fc.oneof({ weight: 4, arbitrary: fc.constant(validParam(p, n)) }, { weight: 1, arbitrary: pathValue }),
            ]),
          ),
        ),
        query: fc.array(
          fc.tuple(
            queryNames.length
              ? fc.constantFrom(...queryNames, "unknown", "x\u0000")
              : fc.constantFrom("unknown", "page_size"),
            queryValue,
          ),
          { maxLength: 3 },
        ),
        body: bodyArb,
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ params, query, body }) => {
          const before = method === "GET" ? null : await digest();
          const r = await send(p, method, params as Record<string, string>, query, body);
          const what = `${name} params=${JSON.stringify(params)} query=${JSON.stringify(query)} body=${body?.slice(0, 300)}`;
          expect(r.status, `${what} → ${r.status} ${JSON.stringify(r.body)}`).toBeLessThan(500);
          if (r.status >= 400) {
            expectErrorShape(r.status, r.body, what);
            // an item change pending until paid whose payment failed keeps its voided run as the record
            const paymentFailed = r.status === 400 && Array.isArray((r.body as { payment?: unknown })?.payment);
            if (before !== null && !MAY_RECORD_ON_4XX.has(name) && !paymentFailed)
              expect(await digest(), `${what}: a ${r.status} changed stored state`).toBe(before);
          }
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
    });
  }
});
