// Spec 5 (authentication) and account isolation, through the real route files.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { db, get, patch, post, seed } from "@/tests/helpers";

let s: SeedResult;
beforeAll(async () => {
  s = await seed();
});

const SECRET = "sk_test_demo_secret";
const PUBLIC = "pk_test_demo_public";
const TOKEN = "legacytoken123";
const OTHER = "sk_test_other_secret";

function expectDetail(r: { status: number; body: any }, status: number) {
  expect(r.status).toBe(status);
  expect(typeof r.body.detail).toBe("string");
  expect(r.body.detail.length).toBeGreaterThan(0);
  // an auth failure leaks no data
  expect(r.body).not.toHaveProperty("results");
  expect(Array.isArray(r.body)).toBe(false);
}

describe("missing or invalid credentials", () => {
  it("no Authorization header → 401 with detail", async () => {
    const r = await get("/v2/catalog/products/", { key: null });
    expectDetail(r, 401);
    expect(r.body.detail).toMatch(/not provided/i);
  });

  it.each([
    ["Bearer sk_test_demo_secret"],
    ["sk_test_demo_secret"],
    ["Api-Key"],
    ["Api-Key "],
    ["Api-Key sk_test_demo_secret extra"],
    ["Api-Keysk_test_demo_secret"],
    ["Basic dXNlcjpwYXNz"],
  ])("malformed header %j → 401", async (auth) => {
    expectDetail(await get("/v2/catalog/products/", { auth }), 401);
  });

  it("empty Authorization header → 401", async () => {
    expectDetail(await get("/v2/catalog/products/", { auth: "" }), 401);
  });

  it("wrong key → 401 on every kind of endpoint", async () => {
    for (const r of [
      await get("/v2/catalog/products/", { key: "sk_test_wrong" }),
      await get(`/v2/catalog/prices/${s.ids.basicMonthly}/`, { key: "sk_test_wrong" }),
      await get("/v2/bundle-templates/", { key: "sk_test_wrong" }),
      await post(
        `/v2/bundle-templates/${s.ids.family}/addons/`,
        { bundle_item_selections: [] },
        { key: "sk_test_wrong" },
      ),
      await get("/v2/customers/", { key: "sk_test_wrong" }),
    ])
      expectDetail(r, 401);
  });

  it("a key that differs from the real one by case or a suffix is rejected", async () => {
    expectDetail(await get("/v2/catalog/products/", { key: SECRET.toUpperCase() }), 401);
    expectDetail(await get("/v2/catalog/products/", { key: `${SECRET}x` }), 401);
    expectDetail(await get("/v2/catalog/products/", { key: SECRET.slice(0, -1) }), 401);
  });

  it("an overlong key is rejected with 401, not an error", async () => {
    expectDetail(await get("/v2/catalog/products/", { key: `sk_${"a".repeat(5000)}` }), 401);
  });

  it("a revoked key is rejected", async () => {
    const raw = "sk_test_revoked_key";
    await db().apiKey.create({
      data: {
        accountId: s.accountId,
        kind: "secret",
        prefix: "sk_test_revo",
        hash: createHash("sha256").update(raw).digest("hex"),
        revokedAt: new Date(),
      },
    });
    expectDetail(await get("/v2/catalog/products/", { key: raw }), 401);
  });

  it("authentication is checked before input validation (no 400/404 leaks without a key)", async () => {
    expectDetail(await get("/v2/catalog/products/?active=bogus", { key: null }), 401);
    expectDetail(await get("/v2/catalog/products/999999/", { key: null }), 401);
    expectDetail(await post("/v2/customers/", { reference: "" }, { key: null }), 401);
  });
});

describe("key types", () => {
  it("the secret key is accepted", async () => {
    const r = await get("/v2/catalog/products/", { key: SECRET });
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(0);
  });

  it("the scheme word is matched case-insensitively", async () => {
    expect((await get("/v2/catalog/products/", { auth: `api-key ${SECRET}` })).status).toBe(200);
  });

  it("the public key on a secret-key endpoint → 403 with detail", async () => {
    for (const r of [
      await get("/v2/catalog/products/", { key: PUBLIC }),
      await get(`/v2/catalog/products/${s.ids.streaming}/`, { key: PUBLIC }),
      await get("/v2/catalog/prices/", { key: PUBLIC }),
      await get("/v2/bundle-templates/", { key: PUBLIC }),
      await post(`/v2/bundle-templates/${s.ids.family}/addons/`, { bundle_item_selections: [] }, { key: PUBLIC }),
      await get("/v2/customers/", { key: PUBLIC }),
      await post("/v2/customers/", { reference: "via-public-key" }, { key: PUBLIC }),
    ])
      expectDetail(r, 403);
    // and the rejected create did not happen
    expect(await db().customer.count({ where: { reference: "via-public-key" } })).toBe(0);
  });

  it("`Token legacytoken123` is accepted as the older credential", async () => {
    const r = await get("/v2/catalog/products/", { auth: `Token ${TOKEN}` });
    expect(r.status).toBe(200);
    expect(r.body.map((p: any) => p.reference)).toContain("streaming-basic");
  });

  it("`Api-Key legacytoken123` is rejected (the token only works with the Token scheme)", async () => {
    expectDetail(await get("/v2/catalog/products/", { auth: `Api-Key ${TOKEN}` }), 401);
  });

  it("the secret key is not accepted with the Token scheme", async () => {
    expectDetail(await get("/v2/catalog/products/", { auth: `Token ${SECRET}` }), 401);
  });

  it("the public key is not accepted with the Token scheme either", async () => {
    expect([401, 403]).toContain((await get("/v2/catalog/products/", { auth: `Token ${PUBLIC}` })).status);
  });
});

describe("account isolation", () => {
  it("the other account's key sees only its own catalog, bundles and customers", async () => {
    const products = await get("/v2/catalog/products/", { key: OTHER });
    expect(products.status).toBe(200);
    expect(products.body.map((p: any) => p.id)).toEqual([s.ids.otherProduct]);

    const prices = await get("/v2/catalog/prices/?active=all", { key: OTHER });
    expect(prices.body.map((p: any) => p.id)).toEqual([s.ids.otherPrice]);

    const bundles = await get("/v2/bundle-templates/?active=all", { key: OTHER });
    expect(bundles.body.map((b: any) => b.id)).toEqual([s.ids.otherBundle]);

    const customers = await get("/v2/customers/", { key: OTHER });
    expect(customers.body.map((c: any) => c.reference)).toEqual(["other-cust-1"]);
  });

  it("pagination counts only the caller's records", async () => {
    const r = await get("/v2/catalog/products/?page_size=1&active=all", { key: OTHER });
    expect(r.body.count).toBe(1);
    expect(r.body.next).toBeNull();
  });

  it("the demo key does not see the other account's records", async () => {
    const products = await get("/v2/catalog/products/?active=all");
    expect(products.body.map((p: any) => p.id)).not.toContain(s.ids.otherProduct);
    const prices = await get("/v2/catalog/prices/?active=all");
    expect(prices.body.map((p: any) => p.id)).not.toContain(s.ids.otherPrice);
    const bundles = await get("/v2/bundle-templates/?active=all");
    expect(bundles.body.map((b: any) => b.id)).not.toContain(s.ids.otherBundle);
    const customers = await get("/v2/customers/");
    expect(customers.body.map((c: any) => c.reference)).not.toContain("other-cust-1");
  });

  it("list filters do not reach across accounts", async () => {
    expect((await get("/v2/catalog/products/?reference=other-product&active=all")).body).toEqual([]);
    expect((await get(`/v2/catalog/prices/?product=${s.ids.otherProduct}&active=all`)).body).toEqual([]);
    expect((await get("/v2/catalog/prices/?product=other-product&active=all")).body).toEqual([]);
    expect((await get("/v2/catalog/prices/?reference=other-monthly&active=all")).body).toEqual([]);
    expect((await get("/v2/bundle-templates/?reference=other-bundle&active=all")).body).toEqual([]);
    expect((await get("/v2/customers/?reference=other-cust-1")).body).toEqual([]);
  });

  it.each([
    ["product", () => `/v2/catalog/products/${s.ids.otherProduct}/`],
    ["product ?active=all", () => `/v2/catalog/products/${s.ids.otherProduct}/?active=all`],
    ["price", () => `/v2/catalog/prices/${s.ids.otherPrice}/`],
    ["price ?active=all", () => `/v2/catalog/prices/${s.ids.otherPrice}/?active=all`],
    ["bundle", () => `/v2/bundle-templates/${s.ids.otherBundle}/`],
    ["bundle ?active=all", () => `/v2/bundle-templates/${s.ids.otherBundle}/?active=all`],
    ["customer", () => "/v2/customers/other-cust-1/"],
  ])("another account's %s → 404 {detail: 'Not found.'}", async (_, path) => {
    const r = await get(path());
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
  });

  it("the other account reads its own records by id (so the 404s above are about ownership)", async () => {
    expect((await get(`/v2/catalog/products/${s.ids.otherProduct}/`, { key: OTHER })).status).toBe(200);
    expect((await get(`/v2/catalog/prices/${s.ids.otherPrice}/`, { key: OTHER })).status).toBe(200);
    expect((await get(`/v2/bundle-templates/${s.ids.otherBundle}/`, { key: OTHER })).status).toBe(200);
    expect((await get("/v2/customers/other-cust-1/", { key: OTHER })).status).toBe(200);
    // and the demo account's records are 404 for it
    expect(await get(`/v2/catalog/products/${s.ids.streaming}/`, { key: OTHER })).toMatchObject({
      status: 404,
      body: { detail: "Not found." },
    });
    expect(await get("/v2/customers/cust-1001/", { key: OTHER })).toMatchObject({
      status: 404,
      body: { detail: "Not found." },
    });
  });

  it("another account's bundle add-ons → 404", async () => {
    const r = await post(`/v2/bundle-templates/${s.ids.otherBundle}/addons/`, { bundle_item_selections: [] });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
  });

  it("patching another account's customer → 404 and the record is unchanged", async () => {
    const r = await patch("/v2/customers/other-cust-1/", { name: "Hijacked" });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
    const row = await db().customer.findFirst({ where: { accountId: s.otherAccountId, reference: "other-cust-1" } });
    expect(row?.name).toBe("Other Customer");
  });

  it("creating a customer whose reference exists only in the other account works and stays in the caller's account", async () => {
    const r = await post("/v2/customers/", { reference: "other-cust-1", name: "Mine" });
    expect(r.status).toBe(201);
    const rows = await db().customer.findMany({ where: { reference: "other-cust-1" }, orderBy: { id: "asc" } });
    expect(rows.map((c) => [c.accountId, c.name])).toEqual([
      [s.otherAccountId, "Other Customer"],
      [s.accountId, "Mine"],
    ]);
    expect((await get("/v2/customers/other-cust-1/", { key: OTHER })).body.name).toBe("Other Customer");
  });
});

describe("key storage", () => {
  it("api_keys holds no raw key, only SHA-256 hashes and short prefixes", async () => {
    const rows = await db().apiKey.findMany();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const raws = [SECRET, PUBLIC, TOKEN, OTHER];
    const dump = JSON.stringify(rows);
    for (const raw of raws) expect(dump).not.toContain(raw);
    const hashes = rows.map((r) => r.hash);
    for (const raw of raws) expect(hashes).toContain(createHash("sha256").update(raw, "utf8").digest("hex"));
    for (const r of rows) {
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.prefix.length).toBeLessThan(16);
    }
  });

  it("each key belongs to the right account with the right kind", async () => {
    const rows = await db().apiKey.findMany({ where: { revokedAt: null } });
    const byHash = new Map(rows.map((r) => [r.hash, r]));
    const h = (raw: string) => byHash.get(createHash("sha256").update(raw).digest("hex"));
    expect([h(SECRET)?.accountId, h(SECRET)?.kind]).toEqual([s.accountId, "secret"]);
    expect([h(PUBLIC)?.accountId, h(PUBLIC)?.kind]).toEqual([s.accountId, "public"]);
    expect([h(TOKEN)?.accountId, h(TOKEN)?.kind]).toEqual([s.accountId, "token"]);
    expect([h(OTHER)?.accountId, h(OTHER)?.kind]).toEqual([s.otherAccountId, "secret"]);
  });
});
