// The audit trail: changes through the API name the key (prefix), the method and path
// template, the ids; reads and read-only POSTs record nothing; console mutations name the user; the
// list is per account, newest first, paginated.
import { describe, expect, it } from "vitest";
import { keyPrefix } from "@/server/domain/auth/apiKeys";
import { db, get, patch, post, seed, useSeed } from "@/tests/helpers";
import { consoleAs } from "./_console";

let accountId: number;
let otherAccountId: number;
let ids: Record<string, number>;
let admin: string;
let viewer: string;
useSeed(seed, (r) => (({ accountId, otherAccountId, ids } = r), (admin = r.admin.email), (viewer = r.viewer.email)));

const rows = (account: number) => db().auditLog.findMany({ where: { accountId: account }, orderBy: { id: "asc" } });
const count = (account = accountId) => db().auditLog.count({ where: { accountId: account } });

describe("audit trail through the REST API", () => {
  it("records a POST made with a secret key: key prefix, method and path template, created id, request id", async () => {
    const before = await count();
    const r = await post(
      "/v2/customers/",
      { reference: "audit-rest-1", name: "Audited" },
      { headers: { "x-request-id": "req-audit-1" } },
    );
    expect(r.status).toBe(201);
    const all = await rows(accountId);
    expect(all.length).toBe(before + 1);
    const row = all.at(-1)!;
    expect(row).toMatchObject({
      actorType: "api_key",
      actorLabel: keyPrefix("sk_test_demo_secret"),
      action: "POST /v2/customers/",
      targetType: "customers",
      targetId: String(r.body.id),
      afterId: String(r.body.id),
      requestId: "req-audit-1",
    });
    expect(row.actorLabel).toMatch(/^sk_test_/);
    expect(row.actorLabel).not.toBe("sk_test_demo_secret");
    const key = await db().apiKey.findFirstOrThrow({ where: { accountId, kind: "secret" } });
    expect(row.actorId).toBe(String(key.id));
    expect(Math.abs(row.at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("records the path's record as target for a change of an existing record", async () => {
    const r = await patch("/v2/customers/audit-rest-1/", { name: "Renamed" });
    expect(r.status).toBe(200);
    const row = (await rows(accountId)).at(-1)!;
    expect(row).toMatchObject({
      action: "PATCH /v2/customers/{customerReference}/",
      targetType: "customers",
      targetId: "audit-rest-1",
      beforeId: "audit-rest-1",
    });
  });

  it("records nothing for GETs, read-only POSTs (quotes, previews) and failed requests", async () => {
    const before = await count();
    expect((await get("/v2/customers/")).status).toBe(200);
    expect((await get("/v2/catalog/products/")).status).toBe(200);
    const quote = await post("/v2/subscription-offer-quotes/", { items: [{ price: ids.basicMonthly, quantity: 1 }] });
    expect(quote.status).toBe(200);
    expect((await post("/v2/customers/", { reference: "audit-rest-1" })).status).toBe(400); // duplicate reference
    expect((await post("/v2/customers/", { name: "no key" }, { key: null })).status).toBe(401);
    expect(await count()).toBe(before);
  });

  it("records an idempotent POST once (a replay changes nothing)", async () => {
    const before = await count();
    const headers = { "idempotency-key": "audit-idem-1" };
    const first = await post("/v2/customers/", { reference: "audit-idem" }, { headers });
    const replay = await post("/v2/customers/", { reference: "audit-idem" }, { headers });
    expect(first.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    expect(await count()).toBe(before + 1);
  });

  it("records an action on a contract against the contract, with its version after; a proration preview records nothing", async () => {
    const c = await post("/v2/subscription-contracts/", {
      customer_reference: "cust-1001",
      items: [{ price: ids.basicMonthly }],
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect((await rows(accountId)).at(-1)).toMatchObject({
      action: "POST /v2/subscription-contracts/",
      targetType: "subscription-contracts",
      targetId: String(c.body.id),
      afterId: String(c.body.id),
    });
    const before = await count();
    const preview = await post(`/v2/subscription-contracts/${c.body.id}/proration-preview/`, { operation: "cancel" });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(await count()).toBe(before);
    const canceled = await post(`/v2/subscription-contracts/${c.body.id}/cancel/`, {});
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const row = (await rows(accountId)).at(-1)!;
    expect(row).toMatchObject({
      action: "POST /v2/subscription-contracts/{contractId}/cancel/",
      targetType: "subscription-contracts",
      targetId: String(c.body.id),
      beforeId: String(c.body.id),
    });
    expect(row.details).toMatchObject({
      params: { contractId: String(c.body.id) },
      result_ids: { id: c.body.id, contract_version: canceled.body.contract_version },
    });
  });

  it("names the public key when a change is made with it", async () => {
    const body = {
      account_payment_processor: ids.cardProcessor,
      collection_method: "card",
      card: { number: "4242424242424242", exp_month: 10, exp_year: 2032, cvc: "999" },
    };
    const r = await post("/v2/customers/cust-1003/payment-methods/", body, { key: "pk_test_demo_public" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const row = (await rows(accountId)).at(-1)!;
    expect(row).toMatchObject({
      actorType: "api_key",
      actorLabel: keyPrefix("pk_test_demo_public"),
      action: "POST /v2/customers/{customerReference}/payment-methods/",
      targetType: "payment-methods",
      beforeId: null,
      afterId: String(r.body.id),
    });
    expect(row.details).toMatchObject({ params: { customerReference: "cust-1003" }, key_kind: "public" });
  });

  it("keeps each account's trail to itself", async () => {
    const before = await count(otherAccountId);
    expect((await post("/v2/customers/", { reference: "other-audit" }, { key: "sk_test_other_secret" })).status).toBe(
      201,
    );
    expect(await count(otherAccountId)).toBe(before + 1);
    const mine = await (await consoleAs(admin)).audit.list({ page: 1 });
    expect(mine.results.map((r) => r.target_id)).not.toContain("other-audit");
    expect(mine.results.every((r) => r.action !== "POST /v2/customers/" || r.actor_label.startsWith("sk_test_"))).toBe(
      true,
    );
  });
});

describe("audit trail through the console", () => {
  it("records a mutation with the signed-in user, the procedure and the created id", async () => {
    const caller = await consoleAs(admin);
    const product = await caller.catalog.products.create({ name: "Audited product" });
    const row = (await rows(accountId)).at(-1)!;
    const user = await db().user.findUniqueOrThrow({ where: { email: admin } });
    expect(row).toMatchObject({
      actorType: "user",
      actorId: String(user.id),
      actorLabel: admin,
      action: "trpc catalog.products.create",
      targetType: "products",
      afterId: String(product.id),
    });
  });

  it("names the record the input points at (a price's new version)", async () => {
    const caller = await consoleAs(admin);
    await caller.catalog.prices.scheduleVersion({
      price_id: ids.basicMonthly,
      unit_amount: "13.0000",
      effective_from: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const row = (await rows(accountId)).at(-1)!;
    expect(row).toMatchObject({
      action: "trpc catalog.prices.scheduleVersion",
      targetType: "prices",
      targetId: String(ids.basicMonthly),
      beforeId: String(ids.basicMonthly),
    });
  });

  it("records nothing for queries or refused mutations", async () => {
    const before = await count();
    await (await consoleAs(admin)).customers.list();
    await expect((await consoleAs(viewer)).customers.create({ reference: "viewer-try" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect((await consoleAs(admin)).customers.create({ reference: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await count()).toBe(before);
  });

  it("lists newest first, 25 a page, with filters, for every role", async () => {
    for (let i = 0; i < 26; i++)
      expect((await post("/v2/customers/", { reference: `audit-page-${i}` })).status).toBe(201);
    const caller = await consoleAs(viewer);
    const first = await caller.audit.list({ page: 1 });
    expect(first.count).toBe(await count());
    expect(first.results).toHaveLength(25);
    expect(first.results[0].target_id).toBe(
      String((await db().customer.findFirstOrThrow({ where: { accountId, reference: "audit-page-25" } })).id),
    );
    const ids = first.results.map((r) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await caller.audit.list({ page: 2 });
    expect(second.page.number).toBe(2);
    expect(second.results[0].id).toBeLessThan(ids.at(-1)!);
    const beyond = await caller.audit.list({ page: 999 });
    expect(beyond.page.number).toBe(Math.ceil(first.count / 25));
    const users = await caller.audit.list({ page: 1, actor_type: "user" });
    expect(users.count).toBeGreaterThan(0);
    expect(users.results.every((r) => r.actor_type === "user")).toBe(true);
    const patches = await caller.audit.list({ page: 1, action: "patch" });
    expect(patches.results.map((r) => r.action)).toEqual(["PATCH /v2/customers/{customerReference}/"]);
  });
});
