// POST /v2/subscription-contracts/ (spec 2.4, 2.6, 4.6 Create, 7): the SubscriptionContract shape, bundle
// and direct-items creation, the three initial_billing_mode values (runs and pending lines checked in the
// database), prerequisites (400s that create nothing), inactive creation + activate, the created event.
import { describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { expectIso } from "@/tests/api/_util";
import { api, get, patch, post, useSeed } from "@/tests/helpers";
import {
  APR10,
  at,
  cpath,
  createBasic,
  createContract,
  db,
  eventsOf,
  expect400,
  expectContractShape,
  expectStatus,
  pendingOf,
  read,
  runsOf,
  seedFixed,
  setContract,
  T0,
  URL,
} from "./_fixtures";

let s: SeedResult;
let ids: Record<string, number>;
useSeed(seedFixed, (r) => ((s = r), (ids = r.ids)));

describe("shape (spec 2.6)", () => {
  it("a direct-items contract has every field of 2.6 with its exact name, type and value", async () => {
    const c = await createBasic(ids, { metadata: { crm: "A-1" } });
    expectContractShape(c);
    const customer = await db().customer.findFirst({ where: { reference: "cust-1001", accountId: s.accountId } });
    expect(c).toMatchObject({
      customer_id: customer!.id,
      customer: { id: customer!.id, reference: "cust-1001", name: "Alice Example", email: "alice@example.com" },
      customer_reference: "cust-1001",
      state: "active",
      currency: "EUR",
      recurring: true,
      contract_version: 1,
      billing_anchor_at: T0,
      billing_timezone: "UTC",
      billing_time: "00:00",
      billing_advance_policy: "on_run_created",
      // Streaming Basic monthly from Mar 10: first period [Mar 10, Apr 10)
      next_billing_at: APR10,
      trial_start_at: null,
      trial_end_at: null,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      service_active: true,
      service_state: "active",
      billing_attention_required: false,
      has_future_pause: false,
      paused_until: null,
      pauses: [],
      current_pauses: [],
      future_pauses: [],
      past_pauses: [],
      latest_billing_run: null,
      initial_billing_run: null,
      discount: null,
      delivery_address: null,
      shipping_selection: null,
      legacy_subscription_ids: [],
      metadata: { crm: "A-1" },
      created_at: T0,
      updated_at: T0,
    });
    expect(c.items).toHaveLength(1);
    expect(c.items[0]).toMatchObject({
      price_id: ids.basicMonthly,
      product_id: ids.streaming,
      quantity: 1,
      unit_amount: "9.9000",
      unit_amount_override: null,
      current_service_period_start_at: T0,
      current_service_period_end_at: APR10,
      entitled_until: APR10,
      status: "active",
    });
    expect(c.entitlement_summary).toMatchObject({ service_active: true, entitled_until: APR10 });
    expect(c.entitlement_summary.products).toEqual([
      { product_id: ids.streaming, product_name: "Streaming Basic", quantity: 1, entitled_until: APR10 },
    ]);
  });

  it("read, list, patch and lifecycle calls return the same shape", async () => {
    const c = await createBasic(ids, {}, "2026-03-10T01:00:00.000Z");
    at("2026-03-10T01:00:00.000Z");
    const one = expectStatus(await get(cpath(c.id)), 200);
    expect(one).toEqual(c);
    const list = expectStatus(await get(`${URL}?customer_reference=cust-1001`), 200);
    expectContractShape(list.find((x: any) => x.id === c.id));
    expect(list.find((x: any) => x.id === c.id)).toEqual(c);
    const patched = expectStatus(await patch(cpath(c.id), { metadata: { a: 1 } }), 200);
    expectContractShape(patched);
    const canceled = expectStatus(await post(cpath(c.id, "cancel/"), { cancel_at_period_end: true }), 200);
    expectContractShape(canceled);
  });

  it("the subscriber page is {subscriber_url}/change_contract/<token>/ and differs per contract", async () => {
    const a = await createBasic(ids, {}, "2026-03-10T02:00:00.000Z");
    const b = await createBasic(ids, {}, "2026-03-10T02:00:00.000Z");
    expect(a.subscriber_page).toMatch(/^http:\/\/test\.local\/change_contract\/[A-Za-z0-9_-]{16,}\/$/);
    expect(a.subscriber_page).not.toBe(b.subscriber_page);
  });

  it("keeps billing_advance_policy, delivery_address, accounting fields and metadata as sent", async () => {
    const c = await createBasic(ids, {
      billing_advance_policy: "on_run_succeeded",
      delivery_address: { street: "Main 1", city: "Espoo" },
      accounting_department: "Sales",
      accounting_cost_center: "CC-7",
      metadata: { nested: { x: [1, 2] } },
    });
    expect(c).toMatchObject({
      billing_advance_policy: "on_run_succeeded",
      delivery_address: { street: "Main 1", city: "Espoo" },
      accounting_department: "Sales",
      accounting_cost_center: "CC-7",
      metadata: { nested: { x: [1, 2] } },
    });
    expect(await read(c.id)).toEqual(c);
  });
});

describe("bundle and items input (spec 2.4)", () => {
  it("a bundle contract with the optional magazine follows the magazine's billing day 1", async () => {
    const c = await createContract({
      bundle_template: ids.family,
      bundle_item_selections: [{ bundle_item: ids.familyMagazineItem, include: true }],
    });
    expect(c).toMatchObject({
      state: "active",
      input_mode: "bundle",
      bundle_template_id: ids.family,
      bundle_quantity: 1,
      next_billing_at: "2026-04-01T00:00:00.000Z",
    });
    expect(c.items.map((i: any) => [i.price_id, i.quantity, i.source, i.bundle_item_id])).toEqual([
      [ids.basicMonthly, 1, "bundle_item", ids.familyStreamingItem],
      [ids.magazineMonthly, 1, "bundle_item", ids.familyMagazineItem],
    ]);
    // the whole contract bills on day 1 (spec 4.9): current period [Mar 1, Apr 1), served from its start on Mar 10
    for (const i of c.items)
      expect([i.current_service_period_start_at, i.current_service_period_end_at]).toEqual([
        "2026-03-10T00:00:00.000Z",
        "2026-04-01T00:00:00.000Z",
      ]);
    expect(await runsOf(c.id)).toEqual([]);
    expect(await pendingOf(c.id)).toEqual([]);
  });

  it("a bundle contract with a selected price and bundle_quantity 2", async () => {
    const c = await createContract({
      bundle_template: ids.family,
      bundle_quantity: 2,
      bundle_item_selections: [{ bundle_item: ids.familyStreamingItem, selected_price: ids.premiumMonthly }],
    });
    expect(c.items).toHaveLength(1);
    // Premium version on Mar 10 is 14.9000 (12.90 → 14.90 on 2025-12-31 → 16.90 on 2026-03-31)
    expect(c.items[0]).toMatchObject({ price_id: ids.premiumMonthly, quantity: 2, unit_amount: "14.9000" });
    expect(c.bundle_quantity).toBe(2);
    expect(c.next_billing_at).toBe(APR10);
  });

  it("direct items keep quantity, override, discount and metadata per item", async () => {
    const c = await createContract({
      items: [
        { price: ids.basicMonthly, quantity: 2, discount_percent: "10.0000", metadata: { seat: "a" } },
        { price: ids.sportsMonthly, unit_amount_override: "4.5000" },
      ],
    });
    expect(c.input_mode).toBe("items");
    expect(
      c.items.map((i: any) => ({
        price: i.price_id,
        q: i.quantity,
        u: i.unit_amount,
        o: i.unit_amount_override,
        d: i.discount_percent,
        m: i.metadata,
      })),
    ).toEqual([
      { price: ids.basicMonthly, q: 2, u: "9.9000", o: null, d: "10.0000", m: { seat: "a" } },
      { price: ids.sportsMonthly, q: 1, u: "4.5000", o: "4.5000", d: null, m: {} },
    ]);
  });
});

describe("initial_billing_mode (spec 4.6 Create)", () => {
  it("none (default, omitted): no run, no pending lines, next_billing_at = first period end", async () => {
    const c = await createBasic(ids);
    expect(c.initial_billing_mode).toBe("none");
    expect(c.next_billing_at).toBe(APR10);
    expect(c.initial_billing_run).toBeNull();
    expect(await runsOf(c.id)).toEqual([]);
    expect(await pendingOf(c.id)).toEqual([]);
  });

  it("none (explicit) on a day-1 price: next_billing_at is the next 1st, nothing billed for the partial period", async () => {
    const c = await createContract({ items: [{ price: ids.magazineMonthly }], initial_billing_mode: "none" });
    expect(c.next_billing_at).toBe("2026-04-01T00:00:00.000Z");
    expect(await runsOf(c.id)).toEqual([]);
    expect(await pendingOf(c.id)).toEqual([]);
  });

  it("create_initial_run: one scheduled initial run = first-period recurring lines + initial_items, totals as the quote", async () => {
    const body = {
      items: [{ price: ids.basicMonthly }],
      initial_items: [{ price: ids.setupFee }],
      initial_billing_mode: "create_initial_run",
    };
    at(T0);
    const quote = expectStatus(await post("/v2/subscription-offer-quotes/", body), 200);
    const c = await createContract(body);
    const runs = await runsOf(c.id);
    expect(runs).toHaveLength(1);
    const item = c.items[0].id;
    expect(runs[0]).toMatchObject({
      kind: "initial",
      state: "scheduled",
      currency: "EUR",
      start: T0,
      end: APR10,
      // 9.9000 + 19.0000 = 28.9000; tax 2.3760 + 4.5600 = 6.9360; total 35.8360
      subtotal: "28.9000",
      tax: "6.9360",
      total: "35.8360",
    });
    expect(runs[0].lines).toEqual([
      // 1 × 9.9000 × 1.000000 (full first period, no fixed day) = 9.9000; VAT 24 % = 2.3760
      {
        kind: "recurring",
        contract_item_id: item,
        price_id: ids.basicMonthly,
        quantity: 1,
        unit: "9.9000",
        factor: "1.000000",
        line: "9.9000",
        subtotal: "9.9000",
        tax: "2.3760",
        reason: null,
        start: T0,
        end: APR10,
      },
      // one-time setup fee 19.0000; VAT 24 % = 4.5600; never a contract item
      {
        kind: "initial",
        contract_item_id: null,
        price_id: ids.setupFee,
        quantity: 1,
        unit: "19.0000",
        factor: "1.000000",
        line: "19.0000",
        subtotal: "19.0000",
        tax: "4.5600",
        reason: null,
        start: T0,
        end: T0,
      },
    ]);
    expect([quote.subtotal_amount, quote.tax_amount, quote.total_amount]).toEqual(["28.9000", "6.9360", "35.8360"]);
    expect(c.items).toHaveLength(1);
    expect(c.initial_billing_run).toMatchObject({
      id: runs[0].id,
      kind: "initial",
      state: "scheduled",
      period_start_at: T0,
      period_end_at: APR10,
      total_amount: "35.8360",
    });
    expect(c.latest_billing_run).toMatchObject({ id: runs[0].id, period_start_at: T0, period_end_at: APR10 });
    expect(c.next_billing_at).toBe(APR10);
    expect(await pendingOf(c.id)).toEqual([]);
  });

  it("create_initial_run on a bundle with the day-1 magazine prorates the first period (lower than the renewal)", async () => {
    const c = await createContract({
      bundle_template: ids.family,
      bundle_item_selections: [{ bundle_item: ids.familyMagazineItem }],
      initial_billing_mode: "create_initial_run",
    });
    const [run] = await runsOf(c.id);
    // period [Mar 1, Apr 1) = 31 days; service Mar 10 → Apr 1 = 22 days: factor 22/31 = 0.709677
    expect(run.lines.map((l) => [l.price_id, l.factor, l.line, l.subtotal, l.tax, l.start, l.end])).toEqual([
      // 9.9000 × 0.709677 = 7.02580… → 7.0258; VAT 24 % exclusive 1.686192 → 1.6862
      [ids.basicMonthly, "0.709677", "7.0258", "7.0258", "1.6862", T0, "2026-04-01T00:00:00.000Z"],
      // 12.0000 × 0.709677 = 8.516124 → 8.5161; VAT 10 % inclusive 8.5161 × 10/110 = 0.77419… → 0.7742; net 7.7419
      [ids.magazineMonthly, "0.709677", "8.5161", "7.7419", "0.7742", T0, "2026-04-01T00:00:00.000Z"],
    ]);
    // subtotal 7.0258 + 7.7419 = 14.7677; tax 1.6862 + 0.7742 = 2.4604; total 17.2281
    expect([run.kind, run.state, run.subtotal, run.tax, run.total, run.start, run.end]).toEqual([
      "initial",
      "scheduled",
      "14.7677",
      "2.4604",
      "17.2281",
      T0,
      "2026-04-01T00:00:00.000Z",
    ]);
  });

  it("next_invoice: no run; the first-period lines become pending lines (initial_period) for the first regular run", async () => {
    const c = await createContract({
      items: [{ price: ids.magazineMonthly, quantity: 2 }],
      initial_billing_mode: "next_invoice",
    });
    expect(await runsOf(c.id)).toEqual([]);
    expect(c.initial_billing_run).toBeNull();
    expect(c.next_billing_at).toBe("2026-04-01T00:00:00.000Z");
    expect(await pendingOf(c.id)).toEqual([
      // 2 × 12.0000 × 0.709677 = 17.032248 → 17.0322; inclusive 10 %: 17.0322 × 10/110 = 1.548381… → 1.5484; net 15.4838
      {
        contract_item_id: c.items[0].id,
        price_id: ids.magazineMonthly,
        quantity: 2,
        unit: "12.0000",
        factor: "0.709677",
        line: "17.0322",
        subtotal: "15.4838",
        tax: "1.5484",
        reason: "initial_period",
        start: T0,
        end: "2026-04-01T00:00:00.000Z",
        billing_run_id: null,
      },
    ]);
  });

  it("next_invoice on a full first period stores the whole period as a pending line", async () => {
    const c = await createContract({ items: [{ price: ids.basicMonthly }], initial_billing_mode: "next_invoice" });
    expect(await pendingOf(c.id)).toEqual([
      {
        contract_item_id: c.items[0].id,
        price_id: ids.basicMonthly,
        quantity: 1,
        unit: "9.9000",
        factor: "1.000000",
        line: "9.9000",
        subtotal: "9.9000",
        tax: "2.3760",
        reason: "initial_period",
        start: T0,
        end: APR10,
        billing_run_id: null,
      },
    ]);
  });

  for (const mode of ["none", "next_invoice", undefined]) {
    it(`initial_items with initial_billing_mode=${mode ?? "(omitted)"} → 400 initial_items, nothing created`, async () => {
      const before = await db().subscriptionContract.count();
      const events = await db().outboxEvent.count();
      at(T0);
      const r = await post(URL, {
        customer_reference: "cust-1001",
        items: [{ price: ids.basicMonthly }],
        initial_items: [{ price: ids.setupFee }],
        ...(mode ? { initial_billing_mode: mode } : {}),
      });
      expect400(r, "initial_items");
      expect(await db().subscriptionContract.count()).toBe(before);
      expect(await db().outboxEvent.count()).toBe(events);
    });
  }

  it("an unknown initial_billing_mode → 400", async () => {
    at(T0);
    expect400(
      await post(URL, {
        customer_reference: "cust-1001",
        items: [{ price: ids.basicMonthly }],
        initial_billing_mode: "later",
      }),
      "initial_billing_mode",
    );
  });
});

describe("prerequisites (spec 1, 7)", () => {
  const cases: [string, () => Record<string, unknown>, string][] = [
    ["missing customer_reference", () => ({ items: [{ price: ids.basicMonthly }] }), "customer_reference"],
    [
      "null customer_reference",
      () => ({ customer_reference: null, items: [{ price: ids.basicMonthly }] }),
      "customer_reference",
    ],
    [
      "unknown customer_reference",
      () => ({ customer_reference: "nobody", items: [{ price: ids.basicMonthly }] }),
      "customer_reference",
    ],
    [
      "another account's customer",
      () => ({ customer_reference: "other-cust-1", items: [{ price: ids.basicMonthly }] }),
      "customer_reference",
    ],
    [
      "both bundle_template and items",
      () => ({ customer_reference: "cust-1001", bundle_template: ids.family, items: [{ price: ids.basicMonthly }] }),
      "non_field_errors",
    ],
    ["neither bundle_template nor items", () => ({ customer_reference: "cust-1001" }), "non_field_errors"],
    ["empty items", () => ({ customer_reference: "cust-1001", items: [] }), "non_field_errors"],
    [
      "a price in another currency",
      () => ({
        customer_reference: "cust-1001",
        currency: "EUR",
        items: [{ price: ids.basicMonthly }, { price: ids.basicUsd }],
      }),
      "items",
    ],
    [
      "a one-time price in items",
      () => ({ customer_reference: "cust-1001", items: [{ price: ids.setupFee }] }),
      "items",
    ],
    ["an inactive price", () => ({ customer_reference: "cust-1001", items: [{ price: ids.inactivePrice }] }), "items"],
    ["an unknown price", () => ({ customer_reference: "cust-1001", items: [{ price: 999999 }] }), "items"],
    [
      "another account's price",
      () => ({ customer_reference: "cust-1001", items: [{ price: ids.otherPrice }] }),
      "items",
    ],
    [
      "quantity 0",
      () => ({ customer_reference: "cust-1001", items: [{ price: ids.basicMonthly, quantity: 0 }] }),
      "items",
    ],
    [
      "mixed fixed billing days",
      () => ({
        customer_reference: "cust-1001",
        items: [{ price: ids.magazineMonthly }, { price: ids.newspaperMonthly }],
      }),
      "items",
    ],
    [
      "an unknown bundle item selection",
      () => ({
        customer_reference: "cust-1001",
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: 999999 }],
      }),
      "bundle_item_selections",
    ],
    [
      "a price not selectable in the bundle",
      () => ({
        customer_reference: "cust-1001",
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: ids.familyStreamingItem, selected_price: ids.sportsMonthly }],
      }),
      "bundle_item_selections",
    ],
    [
      "an add-on without an active rule",
      () => ({
        customer_reference: "cust-1001",
        bundle_template: ids.family,
        additional_items: [{ price: ids.kidsMonthly, rule_id: ids.sportsRule }],
      }),
      "additional_items",
    ],
    [
      "an unknown bundle",
      () => ({ customer_reference: "cust-1001", bundle_template: ids.otherBundle }),
      "bundle_template",
    ],
  ];
  for (const [name, body, key] of cases) {
    it(`${name} → 400 ${key}, no contract, no event`, async () => {
      const before = await db().subscriptionContract.count();
      const events = await db().outboxEvent.count();
      at(T0);
      expect400(await post(URL, body()), key);
      expect(await db().subscriptionContract.count()).toBe(before);
      expect(await db().outboxEvent.count()).toBe(events);
    });
  }

  it("a missing or malformed body → 400", async () => {
    at(T0);
    expect((await post(URL, undefined)).status).toBe(400);
    expect((await api("POST", URL, { rawBody: "{nope" })).status).toBe(400);
  });

  it("create has no 404 and needs the secret key", async () => {
    at(T0);
    expect(
      (await post(URL, { customer_reference: "cust-1001", items: [{ price: ids.basicMonthly }] }, { key: null }))
        .status,
    ).toBe(401);
    expect(
      (
        await post(
          URL,
          { customer_reference: "cust-1001", items: [{ price: ids.basicMonthly }] },
          { key: "pk_test_demo_public" },
        )
      ).status,
    ).toBe(403);
  });
});

describe("inactive creation and activation", () => {
  it("activate:false → inactive without periods; POST /activate/ starts periods and billing then", async () => {
    const c = await createContract({
      items: [{ price: ids.basicMonthly }],
      initial_billing_mode: "create_initial_run",
      activate: false,
    });
    expect(c).toMatchObject({
      state: "inactive",
      next_billing_at: null,
      service_active: false,
      service_state: "inactive",
      contract_version: 1,
    });
    expect(c.items[0]).toMatchObject({
      current_service_period_start_at: null,
      current_service_period_end_at: null,
      entitled_until: null,
    });
    expect(await runsOf(c.id)).toEqual([]);

    const when = "2026-03-15T12:00:00.000Z";
    at(when);
    const a = expectStatus(await post(cpath(c.id, "activate/")), 200);
    expect(a).toMatchObject({
      state: "active",
      billing_anchor_at: when,
      next_billing_at: "2026-04-15T12:00:00.000Z",
      contract_version: 2,
      service_active: true,
    });
    expect(a.items[0]).toMatchObject({
      current_service_period_start_at: when,
      current_service_period_end_at: "2026-04-15T12:00:00.000Z",
    });
    const runs = await runsOf(c.id);
    expect(runs.map((r) => [r.kind, r.state, r.start, r.end, r.total])).toEqual([
      ["initial", "scheduled", when, "2026-04-15T12:00:00.000Z", "12.2760"],
    ]);
    expect((await eventsOf(c.id)).map((e) => e.type)).toEqual([
      "subscription_contract.created",
      "subscription_contract.activated",
    ]);
  });
});

describe("created event (spec 6)", () => {
  it("one subscription_contract.created event with the contract (and its cancellation fields) as payload", async () => {
    const c = await createBasic(ids, {}, "2026-03-11T00:00:00.000Z");
    const events = await eventsOf(c.id);
    expect(events).toHaveLength(1);
    const e = events[0];
    expect(e.type).toBe("subscription_contract.created");
    const p = e.payload as any;
    expect(p).toMatchObject({
      id: e.eventId,
      type: "subscription_contract.created",
      created_at: "2026-03-11T00:00:00.000Z",
    });
    expect(p.id).toMatch(/^evt_/);
    expectIso(p.created_at);
    expect(p.data).toEqual(c);
    for (const f of ["cancel_at_period_end", "cancel_at", "canceled_at", "ended_at"]) expect(p.data).toHaveProperty(f);
  });
});

describe("ended contracts in the database are reported as such", () => {
  it("state ended is readable", async () => {
    const c = await createBasic(ids);
    await setContract(c.id, { state: "ended", endedAt: new Date(APR10), recurring: false, nextBillingAt: null });
    const r = await read(c.id, T0);
    expect(r).toMatchObject({ state: "ended", ended_at: APR10, canceled_at: null, service_active: false });
  });
});
