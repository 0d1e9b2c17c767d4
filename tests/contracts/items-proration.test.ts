// Item changes and proration (spec 4.6 "Item changes and proration", rules 1–5; 2.9 proration_reason; 7):
// add / update / remove, cancel and pause credits, resume charges, every proration_reason, the settlement
// variants (next_invoice → pending lines, credit_balance → contract credit, invoice_now / always_invoice →
// adjustment run, include_pending_adjustments) and the 400s. Amounts are hand-computed literals:
// line = round4(unit × qty × (1 − discount) × factor), VAT 24 % exclusive = round4(line × 0.24).
// Contract: Streaming Basic monthly 9.9000 from T0 = Mar 10, period [Mar 10, Apr 10) = 31 days; changes on
// Mar 20 cover 21/31 = 0.677419 of it.
import { describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { post, useSeed } from "@/tests/helpers";
import {
  APR10,
  amounts,
  at,
  cpath,
  createBasic,
  createContract,
  creditsOf,
  db,
  eventsOf,
  expect400,
  expectContractShape,
  expectStatus,
  MAR20,
  OTHER_KEY,
  op,
  pendingOf,
  read,
  runsOf,
  seedFixed,
  T0,
} from "./_fixtures";

let _s: SeedResult;
let ids: Record<string, number>;
useSeed(seedFixed, (r) => ((_s = r), (ids = r.ids)));

/** An item or lifecycle call on Mar 20 (unless told) that must succeed. */
async function change(id: number, path: string, body: unknown, when = MAR20) {
  return expectStatus(await op(id, path, body, when), 200);
}

// Basic 9.9000 × 0.677419 = 6.70644… → 6.7064; VAT 1.609536 → 1.6095 (gross 8.3159)
const basicCredit = (item: number, reason: string) => ({
  item,
  price: ids.basicMonthly,
  qty: 1,
  unit: "9.9000",
  factor: "0.677419",
  line: "-6.7064",
  subtotal: "-6.7064",
  tax: "-1.6095",
  reason,
  start: MAR20,
  end: APR10,
});
const basicCharge = (item: number, reason: string) => ({
  ...basicCredit(item, reason),
  line: "6.7064",
  subtotal: "6.7064",
  tax: "1.6095",
});

const money = (p: any) => ({
  total: p.total_amount,
  subtotal: p.subtotal_amount,
  tax: p.tax_amount,
  next: p.next_invoice_amount,
  now: p.invoice_now_amount,
  credit: p.credit_amount,
  pending: p.pending_adjustments_amount,
});

describe("items/add", () => {
  it("mid-period: a prorated item_added charge for the rest of the period, pending for the next invoice", async () => {
    const c = await createBasic(ids);
    const r = await change(c.id, "items/add/", { price: ids.sportsMonthly });
    expect(Object.keys(r).sort()).toEqual(["adjustment_billing_run_id", "contract", "contract_item", "proration"]);
    expectContractShape(r.contract);
    const item = r.contract_item;
    expect(item).toMatchObject({
      price_id: ids.sportsMonthly,
      product_id: ids.sports,
      quantity: 1,
      unit_amount: "5.0000",
      status: "active",
      current_service_period_start_at: T0,
      current_service_period_end_at: APR10,
      start_at: MAR20,
    });
    expect(r.contract.items.map((i: any) => i.id)).toEqual([c.items[0].id, item.id]);
    expect(r.contract.contract_version).toBe(2);
    expect(r.adjustment_billing_run_id).toBeNull();
    expect(r.proration).toMatchObject({
      operation: "add_item",
      contract_id: c.id,
      contract_version: 1,
      effective_at: MAR20,
      proration_behavior: "create_prorations",
      settlement_behavior: "next_invoice",
      include_pending_adjustments: false,
      resulting_state: "active",
    });
    // 5.0000 × 0.677419 = 3.387095 → 3.3871; VAT 0.812904 → 0.8129; gross 4.2000
    expect(r.proration.lines.map(amounts)).toEqual([
      {
        item: item.id,
        price: ids.sportsMonthly,
        qty: 1,
        unit: "5.0000",
        factor: "0.677419",
        line: "3.3871",
        subtotal: "3.3871",
        tax: "0.8129",
        reason: "item_added",
        start: MAR20,
        end: APR10,
      },
    ]);
    expect(money(r.proration)).toEqual({
      total: "4.2000",
      subtotal: "3.3871",
      tax: "0.8129",
      next: "4.2000",
      now: "0.0000",
      credit: "0.0000",
      pending: "0.0000",
    });
    expect(await pendingOf(c.id)).toEqual([
      {
        contract_item_id: item.id,
        price_id: ids.sportsMonthly,
        quantity: 1,
        unit: "5.0000",
        factor: "0.677419",
        line: "3.3871",
        subtotal: "3.3871",
        tax: "0.8129",
        reason: "item_added",
        start: MAR20,
        end: APR10,
        billing_run_id: null,
      },
    ]);
    expect(await creditsOf(c.id)).toEqual([]);
    expect(await runsOf(c.id)).toEqual([]);
    expect((await eventsOf(c.id)).map((e) => e.type)).toEqual([
      "subscription_contract.created",
      "subscription_contract.updated",
    ]);
    expect(await read(c.id, MAR20)).toEqual(r.contract);
  });

  it("with quantity and a fixed unit amount", async () => {
    const c = await createBasic(ids);
    const r = await change(c.id, "items/add/", {
      price: ids.sportsMonthly,
      quantity: 2,
      unit_amount_override: "4.0000",
    });
    // 4.0000 × 2 × 0.677419 = 5.419352 → 5.4194; VAT 1.300656 → 1.3007; gross 6.7201
    expect(r.proration.lines.map(amounts)).toEqual([
      {
        item: r.contract_item.id,
        price: ids.sportsMonthly,
        qty: 2,
        unit: "4.0000",
        factor: "0.677419",
        line: "5.4194",
        subtotal: "5.4194",
        tax: "1.3007",
        reason: "item_added",
        start: MAR20,
        end: APR10,
      },
    ]);
    expect(r.proration.total_amount).toBe("6.7201");
    expect(r.contract_item).toMatchObject({ quantity: 2, unit_amount: "4.0000", unit_amount_override: "4.0000" });
  });

  it("at the period start: the full period (factor 1)", async () => {
    const c = await createBasic(ids);
    const r = await change(c.id, "items/add/", { price: ids.screenMonthly }, T0);
    // 3.0000 × 1.000000 = 3.0000; VAT 0.7200
    expect(r.proration.lines.map(amounts)).toEqual([
      {
        item: r.contract_item.id,
        price: ids.screenMonthly,
        qty: 1,
        unit: "3.0000",
        factor: "1.000000",
        line: "3.0000",
        subtotal: "3.0000",
        tax: "0.7200",
        reason: "item_added",
        start: T0,
        end: APR10,
      },
    ]);
  });

  it("refuses invalid prices and fields", async () => {
    const c = await createContract({ items: [{ price: ids.magazineMonthly }] });
    const bad = async (body: unknown, key: string) => {
      at(MAR20);
      expect400(await post(cpath(c.id, "items/add/"), body), key);
    };
    await bad({}, "price");
    await bad({ price: ids.basicUsd }, "price"); // USD on an EUR contract
    await bad({ price: ids.setupFee }, "price"); // one-time
    await bad({ price: ids.inactivePrice }, "price");
    await bad({ price: 999999 }, "price");
    await bad({ price: ids.otherPrice }, "price"); // another account's
    await bad({ price: ids.newspaperMonthly }, "price"); // billing day 15 on a day-1 contract
    await bad({ price: ids.sportsMonthly, quantity: 0 }, "quantity");
    await bad({ price: ids.sportsMonthly, contract_item: c.items[0].id }, "contract_item"); // not a field of items/add
    await bad({ price: ids.sportsMonthly, colour: "red" }, "colour");
    await bad({ price: ids.sportsMonthly, effective_at: "2026-02-20T00:00:00.000Z" }, "effective_at"); // before the current period [Mar 1, Apr 1)
    await bad({ price: ids.sportsMonthly, effective_at: "2026-04-01T00:00:00.000Z" }, "effective_at"); // at its end
    await bad({ price: ids.sportsMonthly, proration_behavior: "sometimes" }, "proration_behavior");
    await bad({ price: ids.sportsMonthly, settlement_behavior: "manual_refund" }, "settlement_behavior");
    expect((await read(c.id, MAR20)).items).toHaveLength(1);
    expect((await eventsOf(c.id)).length).toBe(1);
  });

  it("a fixed-day price cannot join a contract without a fixed billing day (spec 4.9)", async () => {
    const c = await createBasic(ids); // bills on the 10th
    at(MAR20);
    expect400(await post(cpath(c.id, "items/add/"), { price: ids.magazineMonthly }), "price");
    expect400(
      await post(cpath(c.id, "items/update/"), { contract_item: c.items[0].id, price: ids.magazineMonthly }),
      "price",
    );
    expect((await read(c.id, MAR20)).contract_version).toBe(1);
    // the same day on a day-1 contract is fine
    const m = await createContract({ items: [{ price: ids.magazineMonthly }] });
    const r = await change(m.id, "items/add/", { price: ids.sportsMonthly });
    // sports follows day 1: Mar 20 → Apr 1 = 12/31 = 0.387097; 5.0000 × 0.387097 = 1.935485 → 1.9355; VAT 0.46452 → 0.4645
    expect(
      r.proration.lines.map((l: any) => [
        l.proration_factor,
        l.line_total_amount,
        l.line_tax_amount,
        l.service_period_end_at,
      ]),
    ).toEqual([["0.387097", "1.9355", "0.4645", "2026-04-01T00:00:00.000Z"]]);
    // the contract started on Mar 10: its first (partial) day-1 period is served from then
    expect(r.contract_item).toMatchObject({
      current_service_period_start_at: "2026-03-10T00:00:00.000Z",
      current_service_period_end_at: "2026-04-01T00:00:00.000Z",
    });
  });

  it("effective_at must fall within the current period of an anchored contract too", async () => {
    const c = await createBasic(ids); // current period [Mar 10, Apr 10)
    at(MAR20);
    expect400(
      await post(cpath(c.id, "items/add/"), { price: ids.sportsMonthly, effective_at: "2026-04-15T00:00:00.000Z" }),
      "effective_at",
    );
    expect400(await post(cpath(c.id, "items/add/"), { price: ids.sportsMonthly, effective_at: APR10 }), "effective_at");
    expect400(
      await post(cpath(c.id, "items/add/"), { price: ids.sportsMonthly, effective_at: "2026-03-09T00:00:00.000Z" }),
      "effective_at",
    );
    // the period start itself is inside: the full period is charged
    const r = await change(c.id, "items/add/", { price: ids.sportsMonthly, effective_at: T0 });
    expect(r.proration.lines.map((l: any) => [l.proration_factor, l.line_total_amount])).toEqual([
      ["1.000000", "5.0000"],
    ]);
  });
});

describe("items/update: proration reasons (spec 2.9)", () => {
  it("upgrade to the premium price: credit old terms, charge new, both price_changed", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const r = await change(c.id, "items/update/", { contract_item: item, price: ids.premiumMonthly });
    expect(r.proration.lines.map(amounts)).toEqual([
      basicCredit(item, "price_changed"),
      // Premium version at the period start (Mar 10) is 14.9000: × 0.677419 = 10.09354… → 10.0935; VAT 2.42244 → 2.4224 (gross 12.5159)
      {
        item,
        price: ids.premiumMonthly,
        qty: 1,
        unit: "14.9000",
        factor: "0.677419",
        line: "10.0935",
        subtotal: "10.0935",
        tax: "2.4224",
        reason: "price_changed",
        start: MAR20,
        end: APR10,
      },
    ]);
    // 10.0935 − 6.7064 = 3.3871; 2.4224 − 1.6095 = 0.8129; 12.5159 − 8.3159 = 4.2000
    expect(money(r.proration)).toEqual({
      total: "4.2000",
      subtotal: "3.3871",
      tax: "0.8129",
      next: "4.2000",
      now: "0.0000",
      credit: "0.0000",
      pending: "0.0000",
    });
    expect(r.contract_item).toMatchObject({
      id: item,
      price_id: ids.premiumMonthly,
      product_id: ids.premium,
      unit_amount: "14.9000",
      current_service_period_end_at: APR10,
    });
    expect((await pendingOf(c.id)).map((l) => [l.reason, l.line, l.tax, l.contract_item_id])).toEqual([
      ["price_changed", "-6.7064", "-1.6095", item],
      ["price_changed", "10.0935", "2.4224", item],
    ]);
  });

  it("downgrade premium → basic: a net credit that waits for the next invoice by default (continuing contract)", async () => {
    const c = await createContract({ items: [{ price: ids.premiumMonthly }] });
    const item = c.items[0].id;
    const r = await change(c.id, "items/update/", { contract_item: item, price: ids.basicMonthly });
    expect(r.proration.lines.map(amounts)).toEqual([
      {
        item,
        price: ids.premiumMonthly,
        qty: 1,
        unit: "14.9000",
        factor: "0.677419",
        line: "-10.0935",
        subtotal: "-10.0935",
        tax: "-2.4224",
        reason: "price_changed",
        start: MAR20,
        end: APR10,
      },
      basicCharge(item, "price_changed"),
    ]);
    // 8.3159 − 12.5159 = −4.2000
    expect(money(r.proration)).toEqual({
      total: "-4.2000",
      subtotal: "-3.3871",
      tax: "-0.8129",
      next: "-4.2000",
      now: "0.0000",
      credit: "0.0000",
      pending: "0.0000",
    });
    expect((await pendingOf(c.id)).map((l) => l.line)).toEqual(["-10.0935", "6.7064"]);
    expect(await creditsOf(c.id)).toEqual([]);
    expect(r.contract.credit_balance).toBe("0.0000");
  });

  it("downgrade with settlement credit_balance: a contract credit of 4.2000, no pending lines", async () => {
    const c = await createContract({ items: [{ price: ids.premiumMonthly }] });
    const r = await change(c.id, "items/update/", {
      contract_item: c.items[0].id,
      price: ids.basicMonthly,
      settlement_behavior: "credit_balance",
    });
    expect(money(r.proration)).toEqual({
      total: "-4.2000",
      subtotal: "-3.3871",
      tax: "-0.8129",
      next: "0.0000",
      now: "0.0000",
      credit: "4.2000",
      pending: "0.0000",
    });
    expect(await creditsOf(c.id)).toEqual([
      { amount: "4.2000", kind: "grant", operation: "update_item", currency: "EUR" },
    ]);
    expect(r.contract.credit_balance).toBe("4.2000");
    expect(await pendingOf(c.id)).toEqual([]);
  });

  it("quantity change 1 → 3: quantity_changed", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const r = await change(c.id, "items/update/", { contract_item: item, quantity: 3 });
    expect(r.proration.lines.map(amounts)).toEqual([
      basicCredit(item, "quantity_changed"),
      // 9.9000 × 3 × 0.677419 = 20.119344… → 20.1193; VAT 4.828632 → 4.8286 (gross 24.9479)
      { ...basicCharge(item, "quantity_changed"), qty: 3, line: "20.1193", subtotal: "20.1193", tax: "4.8286" },
    ]);
    // 24.9479 − 8.3159 = 16.6320
    expect(r.proration.total_amount).toBe("16.6320");
    expect(r.contract_item.quantity).toBe(3);
  });

  it("only the fixed unit amount changes: unit_amount_changed; null reverts to the catalog price; omitted keeps it", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const r = await change(c.id, "items/update/", { contract_item: item, unit_amount_override: "7.5000" });
    expect(r.proration.lines.map(amounts)).toEqual([
      basicCredit(item, "unit_amount_changed"),
      // 7.5000 × 0.677419 = 5.0806425 → 5.0806; VAT 1.219344 → 1.2193 (gross 6.2999)
      {
        ...basicCharge(item, "unit_amount_changed"),
        unit: "7.5000",
        line: "5.0806",
        subtotal: "5.0806",
        tax: "1.2193",
      },
    ]);
    // 6.2999 − 8.3159 = −2.0160
    expect(r.proration.total_amount).toBe("-2.0160");
    expect(r.contract_item).toMatchObject({ unit_amount: "7.5000", unit_amount_override: "7.5000" });

    // omitted override keeps it: a quantity change is priced at 7.5000
    const q = await change(c.id, "items/update/", { contract_item: item, quantity: 2 }, "2026-03-21T00:00:00.000Z");
    expect(q.contract_item).toMatchObject({ quantity: 2, unit_amount_override: "7.5000" });
    expect(q.proration.lines.map((l: any) => [l.unit_amount, l.quantity, l.proration_reason])).toEqual([
      ["7.5000", 1, "quantity_changed"],
      ["7.5000", 2, "quantity_changed"],
    ]);

    // explicit null reverts to the catalog price (a change of only the fixed amount)
    const n = await change(c.id, "items/update/", { contract_item: item, unit_amount_override: null }, MAR20);
    expect(n.contract_item).toMatchObject({ unit_amount: "9.9000", unit_amount_override: null });
    expect(n.proration.lines.map(amounts)).toEqual([
      // 7.5000 × 2 × 0.677419 = 10.16128… → 10.1613; VAT 2.43871… → 2.4387
      {
        ...basicCredit(item, "unit_amount_changed"),
        qty: 2,
        unit: "7.5000",
        line: "-10.1613",
        subtotal: "-10.1613",
        tax: "-2.4387",
      },
      // 9.9000 × 2 × 0.677419 = 13.41289… → 13.4129; VAT 3.219096 → 3.2191
      { ...basicCharge(item, "unit_amount_changed"), qty: 2, line: "13.4129", subtotal: "13.4129", tax: "3.2191" },
    ]);
  });

  it("a discount change: discount_changed", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const r = await change(c.id, "items/update/", { contract_item: item, discount_percent: "10.0000" });
    expect(r.proration.lines.map(amounts)).toEqual([
      basicCredit(item, "discount_changed"),
      // 9.9000 × 0.90 × 0.677419 = 6.035803… → 6.0358; VAT 1.448592 → 1.4486 (gross 7.4844)
      { ...basicCharge(item, "discount_changed"), line: "6.0358", subtotal: "6.0358", tax: "1.4486" },
    ]);
    // 7.4844 − 8.3159 = −0.8315
    expect(r.proration.total_amount).toBe("-0.8315");
    expect(r.contract_item.discount_percent).toBe("10.0000");
  });

  it("price and quantity together: price_changed on both lines", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const r = await change(c.id, "items/update/", { contract_item: item, price: ids.premiumMonthly, quantity: 2 });
    expect(r.proration.lines.map(amounts)).toEqual([
      basicCredit(item, "price_changed"),
      // 14.9000 × 2 × 0.677419 = 20.187086… → 20.1871; VAT 4.844904 → 4.8449 (gross 25.0320)
      {
        item,
        price: ids.premiumMonthly,
        qty: 2,
        unit: "14.9000",
        factor: "0.677419",
        line: "20.1871",
        subtotal: "20.1871",
        tax: "4.8449",
        reason: "price_changed",
        start: MAR20,
        end: APR10,
      },
    ]);
    // 25.0320 − 8.3159 = 16.7161
    expect(r.proration.total_amount).toBe("16.7161");
  });

  it("an inclusive-tax item on a day-1 contract: tax carved out of the prorated line", async () => {
    const c = await createContract({ items: [{ price: ids.magazineMonthly }] }); // period [Mar 1, Apr 1), Mar 20 → Apr 1 = 12/31 = 0.387097
    const item = c.items[0].id;
    const r = await change(c.id, "items/update/", { contract_item: item, quantity: 2 });
    expect(r.proration.lines.map(amounts)).toEqual([
      // 12.0000 × 0.387097 = 4.645164 → 4.6452; VAT 10 % inclusive 4.6452 × 10/110 = 0.42229… → 0.4223; net 4.2229
      {
        item,
        price: ids.magazineMonthly,
        qty: 1,
        unit: "12.0000",
        factor: "0.387097",
        line: "-4.6452",
        subtotal: "-4.2229",
        tax: "-0.4223",
        reason: "quantity_changed",
        start: MAR20,
        end: "2026-04-01T00:00:00.000Z",
      },
      // 24.0000 × 0.387097 = 9.290328 → 9.2903; 9.2903 × 10/110 = 0.84457… → 0.8446; net 8.4457
      {
        item,
        price: ids.magazineMonthly,
        qty: 2,
        unit: "12.0000",
        factor: "0.387097",
        line: "9.2903",
        subtotal: "8.4457",
        tax: "0.8446",
        reason: "quantity_changed",
        start: MAR20,
        end: "2026-04-01T00:00:00.000Z",
      },
    ]);
    // 9.2903 − 4.6452 = 4.6451 (net 4.2228, tax 0.4223)
    expect(money(r.proration)).toMatchObject({ total: "4.6451", subtotal: "4.2228", tax: "0.4223" });
  });

  it("an explicit effective_at inside the period prorates from there", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const r = await change(c.id, "items/update/", {
      contract_item: item,
      quantity: 2,
      effective_at: "2026-03-15T00:00:00.000Z",
    });
    // Mar 15 → Apr 10 = 26/31 = 0.838710
    expect(r.proration.lines.map(amounts)).toEqual([
      // 9.9000 × 0.838710 = 8.303229 → 8.3032; VAT 1.992768 → 1.9928
      {
        ...basicCredit(item, "quantity_changed"),
        factor: "0.838710",
        line: "-8.3032",
        subtotal: "-8.3032",
        tax: "-1.9928",
        start: "2026-03-15T00:00:00.000Z",
      },
      // 19.8000 × 0.838710 = 16.606458 → 16.6065; VAT 3.98556 → 3.9856
      {
        ...basicCharge(item, "quantity_changed"),
        qty: 2,
        factor: "0.838710",
        line: "16.6065",
        subtotal: "16.6065",
        tax: "3.9856",
        start: "2026-03-15T00:00:00.000Z",
      },
    ]);
    // 20.5921 − 10.2960 = 10.2961
    expect(r.proration.total_amount).toBe("10.2961");
    expect(r.proration.effective_at).toBe("2026-03-15T00:00:00.000Z");
  });
});

describe("items/update: 400s", () => {
  it("no actual change → 400 with code no_change (and nothing recorded)", async () => {
    const c = await createBasic(ids, { items: [{ price: ids.basicMonthly, quantity: 2, discount_percent: "5.0000" }] });
    const item = c.items[0].id;
    for (const body of [
      { contract_item: item },
      { contract_item: item, quantity: 2 },
      { contract_item: item, price: ids.basicMonthly },
      { contract_item: item, discount_percent: "5" },
      { contract_item: item, unit_amount_override: null },
      {
        contract_item: item,
        price: ids.basicMonthly,
        quantity: 2,
        discount_percent: "5.0000",
        unit_amount_override: null,
        proration_behavior: "always_invoice",
      },
    ]) {
      at(MAR20);
      const r = await post(cpath(c.id, "items/update/"), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code, JSON.stringify(r.body)).toBe("no_change");
    }
    expect((await read(c.id, MAR20)).contract_version).toBe(1);
    expect(await pendingOf(c.id)).toEqual([]);
    expect((await eventsOf(c.id)).length).toBe(1);
  });

  it("a repeated fixed amount written differently is no change either", async () => {
    const c = await createBasic(ids, { items: [{ price: ids.basicMonthly, unit_amount_override: "8.5000" }] });
    at(MAR20);
    const r = await post(cpath(c.id, "items/update/"), { contract_item: c.items[0].id, unit_amount_override: "8.5" });
    expect([r.status, r.body.code]).toEqual([400, "no_change"]);
  });

  it("unknown and unsupported fields, bad prices, bad items, effective_at outside the period", async () => {
    const c = await createBasic(ids);
    const other = await createBasic(ids);
    const item = c.items[0].id;
    const bad = async (path: string, body: unknown, key: string) => {
      at(MAR20);
      expect400(await post(cpath(c.id, path), body), key);
    };
    await bad("items/update/", { quantity: 2 }, "contract_item");
    await bad("items/update/", { contract_item: item, quantity: 2, colour: "red" }, "colour");
    await bad("items/update/", { contract_item: item, quantity: 2, cancel_at: APR10 }, "cancel_at");
    await bad("items/update/", { contract_item: item, price: ids.basicUsd }, "price"); // other currency
    await bad("items/update/", { contract_item: item, price: ids.basicYearly }, "price"); // other cadence
    await bad("items/update/", { contract_item: item, price: ids.coachingWeekly }, "price"); // other cadence
    await bad("items/update/", { contract_item: item, price: ids.setupFee }, "price"); // one-time
    await bad("items/update/", { contract_item: item, price: ids.inactivePrice }, "price");
    await bad("items/update/", { contract_item: item, quantity: 0 }, "quantity");
    await bad("items/update/", { contract_item: item, discount_percent: "abc" }, "discount_percent");
    await bad("items/update/", { contract_item: item, unit_amount_override: "-1" }, "unit_amount_override");
    await bad("items/update/", { contract_item: 999999, quantity: 2 }, "contract_item");
    await bad("items/update/", { contract_item: other.items[0].id, quantity: 2 }, "contract_item"); // another contract's item
    await bad(
      "items/update/",
      { contract_item: item, quantity: 2, effective_at: "2026-03-09T23:59:59.000Z" },
      "effective_at",
    );
    await bad("items/update/", { contract_item: item, quantity: 2, effective_at: APR10 }, "effective_at");
    await bad("items/update/", { contract_item: item, quantity: 2, effective_at: "next week" }, "effective_at");
    await bad("items/remove/", { contract_item: item, unit_amount_override: "1.0000" }, "unit_amount_override");
    await bad("items/remove/", { contract_item: item, quantity: 1 }, "quantity");
    await bad("items/remove/", { contract_item: item, price: ids.basicMonthly }, "price");
    await bad("items/remove/", {}, "contract_item");
    await bad("items/remove/", { contract_item: item, effective_at: APR10 }, "effective_at");
    expect(await read(c.id, MAR20)).toMatchObject({ contract_version: 1 });
    expect((await eventsOf(c.id)).length).toBe(1);
    expect(await pendingOf(c.id)).toEqual([]);
  });

  it("a removed item cannot be updated or removed again", async () => {
    const c = await createContract({ items: [{ price: ids.basicMonthly }, { price: ids.sportsMonthly }] });
    await change(c.id, "items/remove/", { contract_item: c.items[1].id });
    at(MAR20);
    expect400(await post(cpath(c.id, "items/update/"), { contract_item: c.items[1].id, quantity: 2 }), "contract_item");
    expect400(await post(cpath(c.id, "items/remove/"), { contract_item: c.items[1].id }), "contract_item");
  });

  it("404 for another account's contract", async () => {
    const c = await createBasic(ids);
    at(MAR20);
    expect(
      (await post(cpath(c.id, "items/update/"), { contract_item: c.items[0].id, quantity: 2 }, { key: OTHER_KEY }))
        .status,
    ).toBe(404);
    expect((await post(cpath(c.id, "items/add/"), { price: ids.sportsMonthly }, { key: OTHER_KEY })).status).toBe(404);
    expect(
      (await post(cpath(c.id, "items/remove/"), { contract_item: c.items[0].id }, { key: OTHER_KEY })).status,
    ).toBe(404);
  });
});

describe("items/remove", () => {
  it("credits the rest of the period (item_removed); the item stops at effective_at", async () => {
    const c = await createContract({ items: [{ price: ids.basicMonthly }, { price: ids.sportsMonthly }] });
    const item = c.items[0].id;
    const r = await change(c.id, "items/remove/", { contract_item: item });
    expect(r.proration.lines.map(amounts)).toEqual([basicCredit(item, "item_removed")]);
    // continuing contract, default next_invoice: the negative line waits for the next invoice
    expect(money(r.proration)).toEqual({
      total: "-8.3159",
      subtotal: "-6.7064",
      tax: "-1.6095",
      next: "-8.3159",
      now: "0.0000",
      credit: "0.0000",
      pending: "0.0000",
    });
    expect(r.contract_item).toMatchObject({ id: item, status: "removed", entitled_until: MAR20, end_at: MAR20 });
    const removed = (await db().contractItem.findUnique({ where: { id: item } }))!;
    expect([removed.status, removed.removedAt?.toISOString(), removed.endAt?.toISOString()]).toEqual([
      "removed",
      MAR20,
      MAR20,
    ]);
    expect((await pendingOf(c.id)).map((l) => [l.reason, l.line])).toEqual([["item_removed", "-6.7064"]]);
    const after = await read(c.id, "2026-03-21T00:00:00.000Z");
    expect(after.state).toBe("active");
    expect(after.entitlement_summary.products.map((p: any) => p.product_id)).toEqual([ids.sports]);
  });

  it("with settlement credit_balance: a credit of 8.3159", async () => {
    const c = await createContract({ items: [{ price: ids.basicMonthly }, { price: ids.sportsMonthly }] });
    const r = await change(c.id, "items/remove/", {
      contract_item: c.items[0].id,
      settlement_behavior: "credit_balance",
    });
    expect(money(r.proration)).toMatchObject({ total: "-8.3159", next: "0.0000", credit: "8.3159" });
    expect(await creditsOf(c.id)).toEqual([
      { amount: "8.3159", kind: "grant", operation: "remove_item", currency: "EUR" },
    ]);
    expect(r.contract.credit_balance).toBe("8.3159");
    expect(await pendingOf(c.id)).toEqual([]);
  });
});

describe("lifecycle prorations", () => {
  it("cancel with proration_behavior create_prorations: the unused rest of the period becomes contract credit", async () => {
    const c = await createBasic(ids);
    const r = await change(c.id, "cancel/", { proration_behavior: "create_prorations" });
    expect(r).toMatchObject({ state: "canceled", credit_balance: "8.3159" });
    expect(await creditsOf(c.id)).toEqual([{ amount: "8.3159", kind: "grant", operation: "cancel", currency: "EUR" }]);
    expect(await pendingOf(c.id)).toEqual([]);
    expect(await runsOf(c.id)).toEqual([]);
  });

  it("cancel with create_prorations and next_invoice still credits (no next invoice on a canceled contract)", async () => {
    const c = await createBasic(ids);
    const r = await change(c.id, "cancel/", {
      proration_behavior: "create_prorations",
      settlement_behavior: "next_invoice",
    });
    expect(r.credit_balance).toBe("8.3159");
    expect(await pendingOf(c.id)).toEqual([]);
  });

  it("cancel by default (proration none) and at period end create no credit", async () => {
    const a = await createBasic(ids);
    expect((await change(a.id, "cancel/", {})).credit_balance).toBe("0.0000");
    const b = await createBasic(ids);
    expect(
      (await change(b.id, "cancel/", { cancel_at_period_end: true, proration_behavior: "create_prorations" }))
        .credit_balance,
    ).toBe("0.0000");
    expect([...(await creditsOf(a.id)), ...(await creditsOf(b.id))]).toEqual([]);
  });

  it("pause (current window, create_prorations): credit for the paused days", async () => {
    const c = await createBasic(ids);
    const r = await change(c.id, "pause/", {
      start_date: MAR20,
      end_date: "2026-03-30T00:00:00.000Z",
      proration_behavior: "create_prorations",
    });
    // Mar 20 → Mar 30 = 10/31 = 0.322581; 9.9000 × 0.322581 = 3.193551… → 3.1936; VAT 0.766464 → 0.7665; 3.9601
    expect(r).toMatchObject({ state: "paused", credit_balance: "3.9601" });
    expect(await creditsOf(c.id)).toEqual([{ amount: "3.9601", kind: "grant", operation: "pause", currency: "EUR" }]);
  });

  it("pause (future window beyond the period end, create_prorations): credit clipped to the current period", async () => {
    const c = await createBasic(ids);
    at(MAR20);
    const p = expectStatus(
      await post(cpath(c.id, "proration-preview/"), {
        operation: "pause",
        start_date: "2026-04-01T00:00:00.000Z",
        end_date: "2026-04-20T00:00:00.000Z",
        proration_behavior: "create_prorations",
      }),
      200,
    );
    // Apr 1 → Apr 10 = 9/31 = 0.290323; 9.9000 × 0.290323 = 2.874197… → 2.8742; VAT 0.689808 → 0.6898; 3.5640
    expect(p.lines.map(amounts)).toEqual([
      {
        ...basicCredit(c.items[0].id, "paused"),
        factor: "0.290323",
        line: "-2.8742",
        subtotal: "-2.8742",
        tax: "-0.6898",
        start: "2026-04-01T00:00:00.000Z",
        end: APR10,
      },
    ]);
    expect(money(p)).toMatchObject({ total: "-3.5640", credit: "3.5640" });
    expect(p.resulting_state).toBe("active");
  });

  it("pause by default (proration none): no credit", async () => {
    const c = await createBasic(ids);
    expect(
      (await change(c.id, "pause/", { start_date: MAR20, end_date: "2026-03-30T00:00:00.000Z" })).credit_balance,
    ).toBe("0.0000");
  });

  it("resume early (create_prorations): charge for the pause days given back, pending for the next invoice", async () => {
    const c = await createBasic(ids);
    await change(c.id, "pause/", { start_date: MAR20, end_date: "2026-03-30T00:00:00.000Z" });
    const when = "2026-03-25T00:00:00.000Z";
    const r = await change(c.id, "resume/", { proration_behavior: "create_prorations" }, when);
    expect(r.state).toBe("active");
    // Mar 25 → Mar 30 = 5/31 = 0.161290; 9.9000 × 0.161290 = 1.596771 → 1.5968; VAT 0.383232 → 0.3832
    expect(await pendingOf(c.id)).toEqual([
      {
        contract_item_id: c.items[0].id,
        price_id: ids.basicMonthly,
        quantity: 1,
        unit: "9.9000",
        factor: "0.161290",
        line: "1.5968",
        subtotal: "1.5968",
        tax: "0.3832",
        reason: "resumed",
        start: when,
        end: "2026-03-30T00:00:00.000Z",
        billing_run_id: null,
      },
    ]);
  });

  it("restart creates no proration lines", async () => {
    const c = await createBasic(ids);
    await change(c.id, "cancel/", {});
    at("2026-03-25T00:00:00.000Z");
    const p = expectStatus(
      await post(cpath(c.id, "proration-preview/"), { operation: "restart", proration_behavior: "create_prorations" }),
      200,
    );
    expect([p.lines, p.total_amount, p.resulting_state]).toEqual([[], "0.0000", "active"]);
  });
});

describe("settlement variants", () => {
  it("invoice_now with a positive net: a scheduled adjustment run with the proration lines", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const r = await change(c.id, "items/update/", {
      contract_item: item,
      quantity: 3,
      settlement_behavior: "invoice_now",
    });
    expect(money(r.proration)).toEqual({
      total: "16.6320",
      subtotal: "13.4129",
      tax: "3.2191",
      next: "0.0000",
      now: "16.6320",
      credit: "0.0000",
      pending: "0.0000",
    });
    const runs = await runsOf(c.id);
    expect(runs).toHaveLength(1);
    expect(r.adjustment_billing_run_id).toBe(runs[0].id);
    // subtotal 20.1193 − 6.7064 = 13.4129; tax 4.8286 − 1.6095 = 3.2191; total 16.6320
    // the run's period is the service it bills: its lines' [Mar 20, Apr 10)
    expect(runs[0]).toMatchObject({
      kind: "adjustment",
      state: "scheduled",
      currency: "EUR",
      subtotal: "13.4129",
      tax: "3.2191",
      total: "16.6320",
      start: MAR20,
      end: APR10,
    });
    expect(runs[0].lines.map((l) => [l.kind, l.contract_item_id, l.quantity, l.line, l.tax, l.reason])).toEqual([
      ["proration", item, 1, "-6.7064", "-1.6095", "quantity_changed"],
      ["proration", item, 3, "20.1193", "4.8286", "quantity_changed"],
    ]);
    expect(await pendingOf(c.id)).toEqual([]);
    expect(r.contract.latest_billing_run).toMatchObject({
      id: runs[0].id,
      kind: "adjustment",
      total_amount: "16.6320",
      period_start_at: MAR20,
      period_end_at: APR10,
    });
  });

  it("always_invoice implies invoice_now", async () => {
    const c = await createBasic(ids);
    const r = await change(c.id, "items/add/", { price: ids.sportsMonthly, proration_behavior: "always_invoice" });
    expect(r.proration).toMatchObject({
      proration_behavior: "always_invoice",
      settlement_behavior: "invoice_now",
      invoice_now_amount: "4.2000",
    });
    const runs = await runsOf(c.id);
    expect(runs.map((x) => [x.kind, x.total, x.id])).toEqual([["adjustment", "4.2000", r.adjustment_billing_run_id]]);
  });

  it("invoice_now with a negative net: a credit, no run", async () => {
    const c = await createContract({ items: [{ price: ids.premiumMonthly }] });
    const r = await change(c.id, "items/update/", {
      contract_item: c.items[0].id,
      price: ids.basicMonthly,
      settlement_behavior: "invoice_now",
    });
    expect(money(r.proration)).toMatchObject({ total: "-4.2000", now: "0.0000", credit: "4.2000" });
    expect(r.adjustment_billing_run_id).toBeNull();
    expect(await runsOf(c.id)).toEqual([]);
    expect(await creditsOf(c.id)).toEqual([
      { amount: "4.2000", kind: "grant", operation: "update_item", currency: "EUR" },
    ]);
  });

  it("credit_balance with a positive net: pending for the next invoice (no negative credit)", async () => {
    const c = await createBasic(ids);
    const r = await change(c.id, "items/add/", { price: ids.sportsMonthly, settlement_behavior: "credit_balance" });
    expect(money(r.proration)).toMatchObject({ total: "4.2000", next: "4.2000", credit: "0.0000" });
    expect(await creditsOf(c.id)).toEqual([]);
    expect((await pendingOf(c.id)).map((l) => l.line)).toEqual(["3.3871"]);
  });

  it("proration_behavior none: the change applies without any line, credit or run", async () => {
    const c = await createBasic(ids);
    const r = await change(c.id, "items/update/", {
      contract_item: c.items[0].id,
      quantity: 3,
      proration_behavior: "none",
      settlement_behavior: "invoice_now",
    });
    expect(r.proration.lines).toEqual([]);
    expect(money(r.proration)).toEqual({
      total: "0.0000",
      subtotal: "0.0000",
      tax: "0.0000",
      next: "0.0000",
      now: "0.0000",
      credit: "0.0000",
      pending: "0.0000",
    });
    expect(r.contract_item.quantity).toBe(3);
    expect(r.adjustment_billing_run_id).toBeNull();
    expect([await pendingOf(c.id), await runsOf(c.id), await creditsOf(c.id)]).toEqual([[], [], []]);
  });

  it("include_pending_adjustments is valid only with invoice_now (400 otherwise, nothing changes)", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    for (const extra of [
      {},
      { settlement_behavior: "next_invoice" },
      { settlement_behavior: "credit_balance" },
      { proration_behavior: "create_prorations" },
    ]) {
      at(MAR20);
      expect400(
        await post(cpath(c.id, "items/update/"), {
          contract_item: item,
          quantity: 2,
          include_pending_adjustments: true,
          ...extra,
        }),
        "include_pending_adjustments",
      );
      expect400(
        await post(cpath(c.id, "proration-preview/"), {
          contract_item: item,
          quantity: 2,
          include_pending_adjustments: true,
          ...extra,
        }),
        "include_pending_adjustments",
      );
    }
    at(MAR20);
    expect400(await post(cpath(c.id, "cancel/"), { include_pending_adjustments: true }), "include_pending_adjustments");
    expect400(
      await post(cpath(c.id, "pause/"), { start_date: MAR20, end_date: APR10, include_pending_adjustments: true }),
      "include_pending_adjustments",
    );
    expect400(
      await post(cpath(c.id, "items/add/"), { price: ids.sportsMonthly, include_pending_adjustments: true }),
      "include_pending_adjustments",
    );
    expect400(
      await post(cpath(c.id, "items/remove/"), {
        contract_item: item,
        include_pending_adjustments: true,
        settlement_behavior: "credit_balance",
      }),
      "include_pending_adjustments",
    );
    expect400(
      await post(cpath(c.id, "items/update/"), {
        contract_item: item,
        quantity: 2,
        include_pending_adjustments: "yes",
        settlement_behavior: "invoice_now",
      }),
      "include_pending_adjustments",
    );
    expect((await read(c.id, MAR20)).contract_version).toBe(1);
  });

  it("include_pending_adjustments with invoice_now pulls the pending lines into the adjustment run", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    const added = await change(c.id, "items/add/", { price: ids.sportsMonthly }); // pending 3.3871 + 0.8129 = 4.2000
    const when = MAR20;
    at(when);
    const body = {
      contract_item: item,
      quantity: 3,
      settlement_behavior: "invoice_now",
      include_pending_adjustments: true,
    };
    const p = expectStatus(await post(cpath(c.id, "proration-preview/"), body), 200);
    // 16.6320 + 4.2000 pending = 20.8320
    expect(money(p)).toEqual({
      total: "16.6320",
      subtotal: "13.4129",
      tax: "3.2191",
      next: "0.0000",
      now: "20.8320",
      credit: "0.0000",
      pending: "4.2000",
    });
    const r = await change(c.id, "items/update/", { ...body, preview_token: p.preview_token });
    const runs = await runsOf(c.id);
    expect(runs).toHaveLength(1);
    expect(r.adjustment_billing_run_id).toBe(runs[0].id);
    // subtotal 13.4129 + 3.3871 = 16.8000; tax 3.2191 + 0.8129 = 4.0320; total 20.8320
    expect([runs[0].subtotal, runs[0].tax, runs[0].total]).toEqual(["16.8000", "4.0320", "20.8320"]);
    expect(runs[0].lines.map((l) => [l.reason, l.line])).toEqual([
      ["quantity_changed", "-6.7064"],
      ["quantity_changed", "20.1193"],
      ["item_added", "3.3871"],
    ]);
    expect(runs[0].lines[2].contract_item_id).toBe(added.contract_item.id);
    expect((await pendingOf(c.id)).map((l) => l.billing_run_id)).toEqual([runs[0].id]);
    // a later invoice_now with include_pending has nothing pending left
    at("2026-03-21T00:00:00.000Z");
    const p2 = expectStatus(
      await post(cpath(c.id, "proration-preview/"), {
        contract_item: item,
        quantity: 4,
        settlement_behavior: "invoice_now",
        include_pending_adjustments: true,
      }),
      200,
    );
    expect(p2.pending_adjustments_amount).toBe("0.0000");
  });
});
