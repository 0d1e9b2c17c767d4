// GET /v2/customer-entitlements/ (spec 4.5, 2.6 service_active/service_state): 400/404 rules, service_active and
// per-product entitlements from contract state, pauses, cancellations, item periods and past_due billing.
// Each test uses its own customer so contracts of other tests do not interfere.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { get, setRequestTime } from "@/tests/helpers";
import {
  APR10,
  at,
  cpath,
  createContract,
  db,
  expect400,
  expectStatus,
  MAR20,
  OTHER_KEY,
  op,
  read,
  seedFixed,
  setContract,
  T0,
} from "./_fixtures";

let s: SeedResult;
let ids: Record<string, number>;
let n = 0;
beforeAll(async () => {
  s = await seedFixed();
  ids = s.ids;
});
afterEach(() => setRequestTime(null));

const E = "/v2/customer-entitlements/";
const DAY = 86_400_000;

/** A fresh customer of the demo account. */
async function customer() {
  const ref = `ent-${++n}`;
  await db().customer.create({ data: { accountId: s.accountId, reference: ref, name: `Entitled ${n}` } });
  return ref;
}

async function check(ref: string, when: string, extra = "") {
  at(when);
  return expectStatus(await get(`${E}?customer_reference=${encodeURIComponent(ref)}${extra}`), 200);
}
const products = (r: any) => r.entitlements.map((e: any) => [e.product_reference, e.quantity]);

describe("request rules", () => {
  it("400 without customer_reference or with a bad at", async () => {
    at(MAR20);
    expect400(await get(E), "customer_reference");
    expect400(await get(`${E}?customer_reference=`), "customer_reference");
    expect400(await get(`${E}?customer_reference=cust-1001&at=yesterday`), "at");
    expect400(await get(`${E}?customer_reference=cust-1001&at=2026-13-45T00:00:00Z`), "at");
    expect400(await get(`${E}?customer_reference=cust-1001&at=12345`), "at");
  });

  it("404 for an unknown customer, another account's customer, an unknown product_reference", async () => {
    at(MAR20);
    expect((await get(`${E}?customer_reference=nobody`)).status).toBe(404);
    expect((await get(`${E}?customer_reference=other-cust-1`)).status).toBe(404);
    expect((await get(`${E}?customer_reference=cust-1001`, { key: OTHER_KEY })).status).toBe(404);
    expect((await get(`${E}?customer_reference=cust-1001&product_reference=no-such-product`)).status).toBe(404);
    expect((await get(`${E}?customer_reference=cust-1001&product_reference=other-product`)).status).toBe(404);
  });

  it("a customer without contracts: 200, service_active false, no entitlements", async () => {
    const ref = await customer();
    const r = await check(ref, MAR20);
    expect(r).toMatchObject({
      customer_reference: ref,
      product_reference: null,
      at: MAR20,
      service_active: false,
      entitlements: [],
    });
    expect(typeof r.customer_id).toBe("number");
  });
});

describe("active contracts", () => {
  it("grant their products until the end of the current period", async () => {
    const ref = await customer();
    const c = await createContract({
      customer_reference: ref,
      items: [{ price: ids.basicMonthly, quantity: 2 }, { price: ids.sportsMonthly }],
    });
    const r = await check(ref, MAR20);
    expect(r.service_active).toBe(true);
    expect(r.at).toBe(MAR20);
    expect(r.entitlements).toEqual([
      {
        product_id: ids.streaming,
        product_reference: "streaming-basic",
        product_name: "Streaming Basic",
        quantity: 2,
        contract_ids: [c.id],
        contract_item_ids: [c.items[0].id],
        entitled_until: APR10,
      },
      {
        product_id: ids.sports,
        product_reference: "sports-addon",
        product_name: "Sports Add-on",
        quantity: 1,
        contract_ids: [c.id],
        contract_item_ids: [c.items[1].id],
        entitled_until: APR10,
      },
    ]);
    // the contract says the same
    expect(await read(c.id, MAR20)).toMatchObject({ service_active: true, service_state: "active" });
  });

  it("product_reference narrows the answer; a product without a contract is not active", async () => {
    const ref = await customer();
    await createContract({
      customer_reference: ref,
      items: [{ price: ids.basicMonthly }, { price: ids.sportsMonthly }],
    });
    const one = await check(ref, MAR20, "&product_reference=sports-addon");
    expect([one.service_active, one.product_reference, products(one)]).toEqual([
      true,
      "sports-addon",
      [["sports-addon", 1]],
    ]);
    const none = await check(ref, MAR20, "&product_reference=kids-channel");
    expect([none.service_active, none.entitlements]).toEqual([false, []]);
  });

  it("sums quantities over contracts and reports the latest entitled_until", async () => {
    const ref = await customer();
    const a = await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }] }); // until Apr 10
    const b = await createContract(
      { customer_reference: ref, items: [{ price: ids.basicMonthly, quantity: 3 }] },
      "2026-03-15T00:00:00.000Z",
    ); // until Apr 15
    const r = await check(ref, MAR20, "&product_reference=streaming-basic");
    expect(r.entitlements).toEqual([
      {
        product_id: ids.streaming,
        product_reference: "streaming-basic",
        product_name: "Streaming Basic",
        quantity: 4,
        contract_ids: [a.id, b.id],
        contract_item_ids: [a.items[0].id, b.items[0].id],
        entitled_until: "2026-04-15T00:00:00.000Z",
      },
    ]);
  });

  it("`at` selects the instant: before the period end yes, at and after it no (until billing renews)", async () => {
    const ref = await customer();
    await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }] });
    expect((await check(ref, MAR20, `&at=${encodeURIComponent("2026-04-09T23:59:59Z")}`)).service_active).toBe(true);
    const later = await check(ref, MAR20, `&at=${encodeURIComponent(APR10)}`);
    expect([later.at, later.service_active]).toEqual([APR10, false]);
    // a plain date is an instant (midnight UTC)
    expect((await check(ref, MAR20, "&at=2026-03-25")).at).toBe("2026-03-25T00:00:00.000Z");
  });

  it("an item that starts later is not granted before its start", async () => {
    const ref = await customer();
    await createContract({
      customer_reference: ref,
      items: [{ price: ids.basicMonthly }, { price: ids.sportsMonthly, start_at: "2026-03-25T00:00:00.000Z" }],
    });
    expect(products(await check(ref, MAR20))).toEqual([["streaming-basic", 1]]);
    expect(products(await check(ref, "2026-03-26T00:00:00.000Z"))).toEqual([
      ["streaming-basic", 1],
      ["sports-addon", 1],
    ]);
  });

  it("an inactive contract (not activated) grants nothing", async () => {
    const ref = await customer();
    await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }], activate: false });
    expect((await check(ref, MAR20)).service_active).toBe(false);
  });
});

describe("paused, canceled, ended contracts grant nothing", () => {
  it("paused now → nothing; a future pause window → nothing at an `at` inside it; back after it", async () => {
    const ref = await customer();
    const c = await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }] });
    expectStatus(
      await op(c.id, "pause/", { start_date: "2026-03-25T00:00:00.000Z", end_date: "2026-03-28T00:00:00.000Z" }, MAR20),
      200,
    );
    expect((await check(ref, MAR20)).service_active).toBe(true);
    expect((await check(ref, MAR20, "&at=2026-03-26T00:00:00Z")).service_active).toBe(false);
    expect((await check(ref, MAR20, "&at=2026-03-28T00:00:00Z")).service_active).toBe(true);

    const ref2 = await customer();
    const d = await createContract({ customer_reference: ref2, items: [{ price: ids.basicMonthly }] });
    expectStatus(await op(d.id, "pause/", { start_date: MAR20, end_date: "2026-03-28T00:00:00.000Z" }, MAR20), 200);
    expect(await check(ref2, "2026-03-21T00:00:00.000Z")).toMatchObject({ service_active: false, entitlements: [] });
    expect(await read(d.id, "2026-03-21T00:00:00.000Z")).toMatchObject({
      service_active: false,
      service_state: "inactive",
    });
  });

  it("canceled now → nothing; canceled at period end → granted until then", async () => {
    const ref = await customer();
    const c = await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }] });
    expectStatus(await op(c.id, "cancel/", { cancel_at_period_end: true }, MAR20), 200);
    const r = await check(ref, "2026-03-21T00:00:00.000Z");
    expect([r.service_active, r.entitlements[0]?.entitled_until]).toEqual([true, APR10]);
    expectStatus(await op(c.id, "cancel/", {}, "2026-03-22T00:00:00.000Z"), 200);
    expect(await check(ref, "2026-03-22T00:00:00.000Z")).toMatchObject({ service_active: false, entitlements: [] });
  });

  it("a future cancel_at caps the entitlement", async () => {
    const ref = await customer();
    const c = await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }] });
    expectStatus(await op(c.id, "cancel/", { cancel_at: "2026-03-25T00:00:00.000Z" }, MAR20), 200);
    expect((await check(ref, MAR20)).entitlements[0].entitled_until).toBe("2026-03-25T00:00:00.000Z");
    expect((await check(ref, MAR20, "&at=2026-03-25T00:00:00Z")).service_active).toBe(false);
  });

  it("ended → nothing", async () => {
    const ref = await customer();
    const c = await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }] });
    await setContract(c.id, { state: "ended", endedAt: new Date(MAR20), recurring: false, nextBillingAt: null });
    expect((await check(ref, "2026-03-21T00:00:00.000Z")).service_active).toBe(false);
  });

  it("a removed item stops granting at its removal; the others continue", async () => {
    const ref = await customer();
    const c = await createContract({
      customer_reference: ref,
      items: [{ price: ids.basicMonthly }, { price: ids.sportsMonthly }],
    });
    expectStatus(await op(c.id, "items/remove/", { contract_item: c.items[1].id }, MAR20), 200);
    expect(products(await check(ref, "2026-03-21T00:00:00.000Z"))).toEqual([["streaming-basic", 1]]);
    // before the removal instant it was granted
    expect(products(await check(ref, "2026-03-21T00:00:00.000Z", "&at=2026-03-19T00:00:00Z"))).toEqual([
      ["streaming-basic", 1],
      ["sports-addon", 1],
    ]);
  });

  it("a contract does not grant anything before it started", async () => {
    const ref = await customer();
    await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }] }); // from Mar 10
    expect(await check(ref, MAR20, "&at=2026-03-01T00:00:00Z")).toMatchObject({
      service_active: false,
      entitlements: [],
    });
    expect((await check(ref, MAR20, `&at=${encodeURIComponent(T0)}`)).service_active).toBe(true);
  });
});

describe("past_due (billing_attention_required past the 3-day grace period)", () => {
  it("grants nothing once past_due_since is older than 3 days; within the grace period service continues", async () => {
    const ref = await customer();
    const c = await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }] });
    const now = new Date(MAR20).getTime();
    await setContract(c.id, { billingAttentionRequired: true, pastDueSince: new Date(now - 2 * DAY - 23 * 3_600_000) });
    expect((await check(ref, MAR20)).service_active).toBe(true);
    expect(await read(c.id, MAR20)).toMatchObject({
      billing_attention_required: true,
      service_active: true,
      service_state: "active",
    });

    await setContract(c.id, { pastDueSince: new Date(now - 3 * DAY - 3_600_000) });
    expect(await check(ref, MAR20)).toMatchObject({ service_active: false, entitlements: [] });
    expect(await read(c.id, MAR20)).toMatchObject({
      billing_attention_required: true,
      service_active: false,
      service_state: "past_due",
    });
    expect((await read(c.id, MAR20)).entitlement_summary).toMatchObject({ service_active: false, products: [] });
  });

  it("billing_attention_required without past_due_since does not stop service", async () => {
    const ref = await customer();
    const c = await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }] });
    await setContract(c.id, { billingAttentionRequired: true, pastDueSince: null });
    expect((await check(ref, MAR20)).service_active).toBe(true);
  });

  it("a past_due contract does not hide another healthy contract of the customer", async () => {
    const ref = await customer();
    const bad = await createContract({ customer_reference: ref, items: [{ price: ids.basicMonthly }] });
    await createContract({ customer_reference: ref, items: [{ price: ids.sportsMonthly }] });
    await setContract(bad.id, { billingAttentionRequired: true, pastDueSince: new Date("2026-03-12T00:00:00.000Z") });
    expect(products(await check(ref, MAR20))).toEqual([["sports-addon", 1]]);
  });
});

describe("service_state partial", () => {
  it("some items entitled and others not → partial, service_active true", async () => {
    const ref = await customer();
    const c = await createContract({
      customer_reference: ref,
      items: [{ price: ids.basicMonthly }, { price: ids.sportsMonthly, end_at: "2026-03-15T00:00:00.000Z" }],
    });
    const r = await read(c.id, MAR20);
    expect([r.service_active, r.service_state]).toEqual([true, "partial"]);
    expect(r.entitlement_summary.products.map((p: any) => p.product_id)).toEqual([ids.streaming]);
    at(MAR20);
    expect((await get(cpath(c.id))).body.items.map((i: any) => i.service_active)).toEqual([true, false]);
  });
});
