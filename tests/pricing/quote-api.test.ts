// Black-box tests of POST /v2/subscription-offer-quotes/ (spec 2.4, 2.5, 4.3, 4.9, 7, 8) through the real
// route. Every expected amount is a literal computed by hand; the arithmetic is in the comment next to it.
// Conventions: line = round4(unit × qty × (1 − discount/100) × factor) half-up, rounded once; factor has six
// places; exclusive tax = round4(line × rate/100); inclusive tax = round4(line × rate/(100 + rate)).
import { describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { api, db, post, seed, setRequestTime, useSeed } from "@/tests/helpers";

const URL = "/v2/subscription-offer-quotes/";
const DAY = 86_400_000;
const D4 = /^\d+\.\d{4}$/;
const D6 = /^\d\.\d{6}$/;

let s: SeedResult;
let ids: Record<string, number>;
useSeed(seed, (r) => ((s = r), (ids = r.ids)));

/** Quote `body` with "now" pinned to `at`. */
async function quote(body: unknown, at: string | Date = "2026-03-10T00:00:00Z", key?: string | null) {
  setRequestTime(at);
  return post(URL, body, key === undefined ? {} : { key });
}

/** Quote that must succeed; returns the body. */
async function ok(body: unknown, at?: string | Date) {
  const r = await quote(body, at);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** Quote that must fail with 400 carrying `key` (a list of non-empty messages). */
async function bad(body: unknown, key: string, at?: string | Date) {
  const r = await quote(body, at);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Object.keys(r.body), JSON.stringify(r.body)).toContain(key);
  const msgs = r.body[key];
  expect(Array.isArray(msgs) ? msgs.length : 1).toBeGreaterThan(0);
  for (const m of Array.isArray(msgs) ? msgs : [msgs]) expect(typeof m === "string" && m.length > 0).toBe(true);
  return r.body;
}

const line = (q: any, key: string) => {
  const l = q.recurring_items.find((x: any) => x.key === key);
  expect(l, `line ${key} in ${q.recurring_items.map((x: any) => x.key).join(",")}`).toBeDefined();
  return l;
};
const bySource = (q: any, source: string) => q.recurring_items.filter((x: any) => x.source === source);

const totals = (q: any) => ({
  subtotal: q.subtotal_amount,
  tax: q.tax_amount,
  total: q.total_amount,
  fp_subtotal: q.first_period_recurring_subtotal_amount,
  fp_tax: q.first_period_recurring_tax_amount,
  fp_total: q.first_period_recurring_total_amount,
  r_subtotal: q.recurring_subtotal_amount,
  r_tax: q.recurring_tax_amount,
  r_total: q.recurring_total_amount,
});

const amountsOf = (l: any) => ({
  unit: l.unit_amount,
  factor: l.proration_factor,
  subtotal: l.line_subtotal_amount,
  tax: l.line_tax_amount,
  total: l.line_total_amount,
});
const renewalOf = (l: any) => ({
  unit: l.renewal_unit_amount,
  factor: l.renewal_proration_factor,
  subtotal: l.renewal_line_subtotal_amount,
  tax: l.renewal_line_tax_amount,
  total: l.renewal_line_total_amount,
});

const QUOTE_FIELDS = [
  "input_mode",
  "bundle_template_id",
  "bundle_quantity",
  "currency",
  "period_start_at",
  "period_end_at",
  "subtotal_amount",
  "tax_amount",
  "total_amount",
  "first_period_recurring_subtotal_amount",
  "first_period_recurring_tax_amount",
  "first_period_recurring_total_amount",
  "recurring_subtotal_amount",
  "recurring_tax_amount",
  "recurring_total_amount",
  "billing_schedule_preview",
  "recurring_items",
  "initial_lines",
];
const QUOTE_AMOUNTS = QUOTE_FIELDS.filter((f) => f.endsWith("_amount"));
const RECURRING_LINE_FIELDS = [
  "key",
  "source",
  "creates_contract_item",
  "price_id",
  "product_id",
  "product_name",
  "billing_type",
  "quantity",
  "unit_amount",
  "service_period_start_at",
  "service_period_end_at",
  "proration_factor",
  "line_total_amount",
  "renewal_line_total_amount",
];
const INITIAL_LINE_FIELDS = [
  "key",
  "source",
  "creates_contract_item",
  "price_id",
  "product_id",
  "product_name",
  "billing_type",
  "quantity",
  "unit_amount",
  "line_total_amount",
];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

function expectQuoteShape(q: any) {
  for (const f of QUOTE_FIELDS) expect(q, `quote.${f}`).toHaveProperty(f);
  for (const f of QUOTE_AMOUNTS) expect(q[f], f).toMatch(D4);
  expect(q.period_start_at).toMatch(ISO);
  expect(q.period_end_at).toMatch(ISO);
  expect(typeof q.billing_schedule_preview.kind).toBe("string");
  for (const l of q.recurring_items) {
    for (const f of RECURRING_LINE_FIELDS) expect(l, `recurring line.${f}`).toHaveProperty(f);
    for (const f of [
      "unit_amount",
      "line_total_amount",
      "line_subtotal_amount",
      "line_tax_amount",
      "renewal_unit_amount",
      "renewal_line_subtotal_amount",
      "renewal_line_tax_amount",
      "renewal_line_total_amount",
    ]) {
      expect(l[f], f).toMatch(D4);
    }
    expect(l.proration_factor).toMatch(D6);
    expect(l.renewal_proration_factor).toMatch(D6);
    expect(l.service_period_start_at).toMatch(ISO);
    expect(l.service_period_end_at).toMatch(ISO);
    expect(Number.isInteger(l.quantity)).toBe(true);
    expect(typeof l.creates_contract_item).toBe("boolean");
    expect(typeof l.explanation).toBe("string");
    expect(l.explanation.length).toBeGreaterThan(0);
  }
  for (const l of q.initial_lines) {
    for (const f of INITIAL_LINE_FIELDS) expect(l, `initial line.${f}`).toHaveProperty(f);
    expect(l.unit_amount).toMatch(D4);
    expect(l.line_total_amount).toMatch(D4);
    expect(l.creates_contract_item).toBe(false);
    expect(typeof l.explanation).toBe("string");
  }
}

async function premiumVersions() {
  const vs = await db().priceVersion.findMany({ where: { priceId: ids.premiumMonthly }, orderBy: { id: "asc" } });
  const [v1, v2, v3] = vs;
  expect(v1.unitAmount.toString()).toBe("12.9");
  expect(v2.unitAmount.toString()).toBe("14.9");
  expect(v3.unitAmount.toString()).toBe("16.9");
  return { v1, v2, v3 };
}

// ---------------------------------------------------------------------------------------------------
describe("direct items: shape and plain monthly amounts", () => {
  it("monthly items at a pinned time, no proration: every spec 2.5 field with exact names and formats", async () => {
    const q = await ok(
      { items: [{ price: ids.basicMonthly, quantity: 2 }, { price: ids.kidsMonthly }] },
      "2026-03-10T12:00:00Z",
    );
    expectQuoteShape(q);
    expect(q.input_mode).toBe("items");
    expect(q.bundle_template_id).toBeNull();
    expect(q.bundle_quantity).toBeNull();
    expect(q.currency).toBe("EUR");
    expect(q.period_start_at).toBe("2026-03-10T12:00:00.000Z");
    expect(q.period_end_at).toBe("2026-04-10T12:00:00.000Z");
    expect(q.initial_lines).toEqual([]);
    expect(q.recurring_items).toHaveLength(2);

    const basic = line(q, "items:0");
    expect(basic).toMatchObject({
      source: "items",
      creates_contract_item: true,
      price_id: ids.basicMonthly,
      product_id: ids.streaming,
      product_name: "Streaming Basic",
      billing_type: "recurring",
      quantity: 2,
      currency: "EUR",
      interval: "month",
      interval_count: 1,
      tax_policy: "exclusive",
      tax_rate: "24.0000",
      discount_percent: null,
      bundle_item_id: null,
      rule_id: null,
      service_period_start_at: "2026-03-10T12:00:00.000Z",
      service_period_end_at: "2026-04-10T12:00:00.000Z",
      renewal_service_period_start_at: "2026-04-10T12:00:00.000Z",
      renewal_service_period_end_at: "2026-05-10T12:00:00.000Z",
    });
    // 2 × 9.90 = 19.8000; tax 19.80 × 24% = 4.7520
    expect(amountsOf(basic)).toEqual({
      unit: "9.9000",
      factor: "1.000000",
      subtotal: "19.8000",
      tax: "4.7520",
      total: "19.8000",
    });
    expect(renewalOf(basic)).toEqual({
      unit: "9.9000",
      factor: "1.000000",
      subtotal: "19.8000",
      tax: "4.7520",
      total: "19.8000",
    });

    const kids = line(q, "items:1");
    // 1 × 4.00 = 4.0000; tax 4.00 × 24% = 0.9600
    expect(amountsOf(kids)).toEqual({
      unit: "4.0000",
      factor: "1.000000",
      subtotal: "4.0000",
      tax: "0.9600",
      total: "4.0000",
    });
    expect(kids).toMatchObject({ price_id: ids.kidsMonthly, product_id: ids.kids, quantity: 1 });

    // 19.80 + 4.00 = 23.8000; 4.7520 + 0.9600 = 5.7120; 23.80 + 5.712 = 29.5120 (no initial lines, no proration: all equal)
    const t = { subtotal: "23.8000", tax: "5.7120", total: "29.5120" };
    expect(totals(q)).toEqual({
      ...t,
      fp_subtotal: t.subtotal,
      fp_tax: t.tax,
      fp_total: t.total,
      r_subtotal: t.subtotal,
      r_tax: t.tax,
      r_total: t.total,
    });

    expect(q.billing_schedule_preview).toEqual({
      kind: "anchored_interval",
      timezone: "UTC",
      billing_time: "00:00",
      interval: "month",
      interval_count: 1,
      billing_day_of_month: null,
      billing_schedule_id: null,
      next_billing_dates: ["2026-04-10T12:00:00.000Z", "2026-05-10T12:00:00.000Z", "2026-06-10T12:00:00.000Z"],
    });
  });

  it("currency is echoed upper-case; a lower-case currency that matches the prices is accepted", async () => {
    const q = await ok({ currency: "eur", items: [{ price: ids.basicMonthly }] });
    expect(q.currency).toBe("EUR");
  });

  it("USD price with currency USD", async () => {
    const q = await ok({ currency: "USD", items: [{ price: ids.basicUsd }] }, "2026-03-10T12:00:00Z");
    expect(q.currency).toBe("USD");
    // 10.90; tax 10.90 × 24% = 2.6160; total 13.5160
    expect(amountsOf(line(q, "items:0"))).toEqual({
      unit: "10.9000",
      factor: "1.000000",
      subtotal: "10.9000",
      tax: "2.6160",
      total: "10.9000",
    });
    expect(q.total_amount).toBe("13.5160");
  });

  it("customer_reference of an existing customer is accepted and echoed", async () => {
    const q = await ok({ customer_reference: "cust-1001", items: [{ price: ids.basicMonthly }] });
    expect(q.customer_reference).toBe("cust-1001");
  });

  it("month-end anchor: 31 Jan + 1 month ends on 28 Feb (no overflow into March)", async () => {
    const q = await ok({ items: [{ price: ids.basicMonthly }] }, "2026-01-31T10:00:00Z");
    expect(q.period_end_at).toBe("2026-02-28T10:00:00.000Z");
    expect(line(q, "items:0").proration_factor).toBe("1.000000");
    expect(q.total_amount).toBe("12.2760"); // 9.90 + 2.3760
  });
});

// ---------------------------------------------------------------------------------------------------
describe("rounding and line adjustments", () => {
  it("discount_percent and unit_amount_override on a direct item", async () => {
    const q = await ok(
      { items: [{ price: ids.basicMonthly, quantity: 2, unit_amount_override: "8.00", discount_percent: "12.5" }] },
      "2026-03-10T12:00:00Z",
    );
    const l = line(q, "items:0");
    // 8.00 × 2 × (1 − 0.125) = 14.0000; tax 14 × 24% = 3.3600
    expect(amountsOf(l)).toEqual({
      unit: "8.0000",
      factor: "1.000000",
      subtotal: "14.0000",
      tax: "3.3600",
      total: "14.0000",
    });
    expect(l.discount_percent).toBe("12.5000");
    // the override and discount hold for the renewal too
    expect(renewalOf(l)).toEqual({
      unit: "8.0000",
      factor: "1.000000",
      subtotal: "14.0000",
      tax: "3.3600",
      total: "14.0000",
    });
  });

  it("line amount is rounded once, half-up (not per unit)", async () => {
    const q = await ok(
      { items: [{ price: ids.basicMonthly, quantity: 3, unit_amount_override: "0.3333", discount_percent: "50" }] },
      "2026-03-10T12:00:00Z",
    );
    // 0.3333 × 3 × 0.5 = 0.49995 → 0.5000 (per-unit rounding would give round4(0.16665) × 3 = 0.5001)
    // tax 0.5000 × 24% = 0.1200
    expect(amountsOf(line(q, "items:0"))).toEqual({
      unit: "0.3333",
      factor: "1.000000",
      subtotal: "0.5000",
      tax: "0.1200",
      total: "0.5000",
    });
  });

  it("half-up at the fifth decimal", async () => {
    const q = await ok(
      { items: [{ price: ids.basicMonthly, unit_amount_override: "1.0001", discount_percent: "50" }] },
      "2026-03-10T12:00:00Z",
    );
    // 1.0001 × 0.5 = 0.50005 → 0.5001 (half-even would give 0.5000); tax 0.5001 × 24% = 0.120024 → 0.1200
    expect(amountsOf(line(q, "items:0"))).toEqual({
      unit: "1.0001",
      factor: "1.000000",
      subtotal: "0.5001",
      tax: "0.1200",
      total: "0.5001",
    });
  });

  it("very large amounts stay exact (decimal arithmetic, no floating point)", async () => {
    const q = await ok(
      { items: [{ price: ids.basicMonthly, quantity: 1_000_000, unit_amount_override: "999999999999999" }] },
      "2026-03-10T12:00:00Z",
    );
    // 999999999999999 × 1000000 = 999999999999999000000; tax × 24% = 239999999999999760000; total 1239999999999998760000
    expect(amountsOf(line(q, "items:0"))).toEqual({
      unit: "999999999999999.0000",
      factor: "1.000000",
      subtotal: "999999999999999000000.0000",
      tax: "239999999999999760000.0000",
      total: "999999999999999000000.0000",
    });
    expect(q.total_amount).toBe("1239999999999998760000.0000");
  });

  it("100% discount gives zero amounts", async () => {
    const q = await ok({ items: [{ price: ids.basicMonthly, discount_percent: "100" }] });
    expect(amountsOf(line(q, "items:0"))).toEqual({
      unit: "9.9000",
      factor: "1.000000",
      subtotal: "0.0000",
      tax: "0.0000",
      total: "0.0000",
    });
    expect(q.total_amount).toBe("0.0000");
  });

  it("untaxed product (weekly coaching): no tax policy, zero tax", async () => {
    const q = await ok({ items: [{ price: ids.coachingWeekly }] }, "2026-03-10T00:00:00Z");
    const l = line(q, "items:0");
    expect(l.tax_policy).toBeNull();
    expect(l.tax_rate).toBeNull();
    expect(amountsOf(l)).toEqual({
      unit: "25.0000",
      factor: "1.000000",
      subtotal: "25.0000",
      tax: "0.0000",
      total: "25.0000",
    });
  });

  it("item end_at inside the first period prorates it and leaves nothing to renew", async () => {
    const q = await ok(
      { items: [{ price: ids.basicMonthly, end_at: "2026-03-20T00:00:00Z" }] },
      "2026-03-10T00:00:00Z",
    );
    const l = line(q, "items:0");
    expect(l.service_period_start_at).toBe("2026-03-10T00:00:00.000Z");
    expect(l.service_period_end_at).toBe("2026-03-20T00:00:00.000Z");
    // period 10 Mar → 10 Apr = 31 days; 10/31 = 0.3225806 → 0.322581; 9.90 × 0.322581 = 3.1935519 → 3.1936;
    // tax 3.1936 × 24% = 0.766464 → 0.7665
    expect(amountsOf(l)).toEqual({
      unit: "9.9000",
      factor: "0.322581",
      subtotal: "3.1936",
      tax: "0.7665",
      total: "3.1936",
    });
    expect(l.renewal_service_period_start_at).toBeNull();
    expect(l.renewal_line_total_amount).toBe("0.0000");
    expect(q.recurring_total_amount).toBe("0.0000");
  });

  it("item start_at inside the first period prorates from start_at", async () => {
    const q = await ok(
      { items: [{ price: ids.basicMonthly, start_at: "2026-03-20T00:00:00Z" }] },
      "2026-03-10T00:00:00Z",
    );
    const l = line(q, "items:0");
    expect(l.service_period_start_at).toBe("2026-03-20T00:00:00.000Z");
    expect(l.service_period_end_at).toBe("2026-04-10T00:00:00.000Z");
    // 21/31 = 0.6774193 → 0.677419; 9.90 × 0.677419 = 6.7064481 → 6.7064; tax 6.7064 × 24% = 1.609536 → 1.6095
    expect(amountsOf(l)).toEqual({
      unit: "9.9000",
      factor: "0.677419",
      subtotal: "6.7064",
      tax: "1.6095",
      total: "6.7064",
    });
    // renewal 10 Apr → 10 May in full
    expect(renewalOf(l)).toEqual({
      unit: "9.9000",
      factor: "1.000000",
      subtotal: "9.9000",
      tax: "2.3760",
      total: "9.9000",
    });
  });
});

// ---------------------------------------------------------------------------------------------------
describe("fixed billing day (spec 4.9) and proration", () => {
  it("magazine (day 1, 10% inclusive) from 10 March: 22/31 of a month", async () => {
    const q = await ok({ items: [{ price: ids.magazineMonthly }] }, "2026-03-10T00:00:00Z");
    expectQuoteShape(q);
    const l = line(q, "items:0");
    expect(l).toMatchObject({
      product_name: "Printed Magazine",
      tax_policy: "inclusive",
      tax_rate: "10.0000",
      service_period_start_at: "2026-03-10T00:00:00.000Z",
      service_period_end_at: "2026-04-01T00:00:00.000Z",
      renewal_service_period_start_at: "2026-04-01T00:00:00.000Z",
      renewal_service_period_end_at: "2026-05-01T00:00:00.000Z",
    });
    // factor (1 Apr − 10 Mar) / (1 Apr − 1 Mar) = 22/31 = 0.7096774 → 0.709677
    // line 12 × 0.709677 = 8.516124 → 8.5161; inclusive tax 8.5161 × 10/110 = 0.774191 → 0.7742; subtotal 8.5161 − 0.7742 = 7.7419
    expect(amountsOf(l)).toEqual({
      unit: "12.0000",
      factor: "0.709677",
      subtotal: "7.7419",
      tax: "0.7742",
      total: "8.5161",
    });
    // renewal 12.0000; tax 12 × 10/110 = 1.090909 → 1.0909; subtotal 10.9091
    expect(renewalOf(l)).toEqual({
      unit: "12.0000",
      factor: "1.000000",
      subtotal: "10.9091",
      tax: "1.0909",
      total: "12.0000",
    });
    expect(l.explanation).toMatch(/0\.709677/);

    expect(q.period_start_at).toBe("2026-03-10T00:00:00.000Z");
    expect(q.period_end_at).toBe("2026-04-01T00:00:00.000Z");
    expect(totals(q)).toEqual({
      subtotal: "7.7419",
      tax: "0.7742",
      total: "8.5161",
      fp_subtotal: "7.7419",
      fp_tax: "0.7742",
      fp_total: "8.5161",
      r_subtotal: "10.9091",
      r_tax: "1.0909",
      r_total: "12.0000",
    });
    expect(q.billing_schedule_preview).toEqual({
      kind: "fixed_day_of_month",
      timezone: "UTC",
      billing_time: "00:00",
      interval: "month",
      interval_count: 1,
      billing_day_of_month: 1,
      billing_schedule_id: null,
      next_billing_dates: ["2026-04-01T00:00:00.000Z", "2026-05-01T00:00:00.000Z", "2026-06-01T00:00:00.000Z"],
    });
  });

  it("quote exactly on the billing day: a full period, factor 1", async () => {
    const q = await ok({ items: [{ price: ids.magazineMonthly }] }, "2026-04-01T00:00:00Z");
    const l = line(q, "items:0");
    expect(l.service_period_end_at).toBe("2026-05-01T00:00:00.000Z");
    expect(amountsOf(l)).toEqual({
      unit: "12.0000",
      factor: "1.000000",
      subtotal: "10.9091",
      tax: "1.0909",
      total: "12.0000",
    });
    expect(q.billing_schedule_preview.next_billing_dates).toEqual([
      "2026-05-01T00:00:00.000Z",
      "2026-06-01T00:00:00.000Z",
      "2026-07-01T00:00:00.000Z",
    ]);
  });

  it("billing_time moves the anchor within the day (UTC, 06:00)", async () => {
    const q = await ok({ items: [{ price: ids.magazineMonthly }], billing_time: "06:00" }, "2026-03-10T00:00:00Z");
    const l = line(q, "items:0");
    expect(l.service_period_end_at).toBe("2026-04-01T06:00:00.000Z");
    // period 1 Mar 06:00 → 1 Apr 06:00 = 744 h; covered 10 Mar 00:00 → 1 Apr 06:00 = 22 d 6 h = 534 h
    // 534/744 = 0.7177419 → 0.717742; 12 × 0.717742 = 8.612904 → 8.6129; tax 8.6129 / 11 = 0.782991 → 0.7830; subtotal 7.8299
    expect(amountsOf(l)).toEqual({
      unit: "12.0000",
      factor: "0.717742",
      subtotal: "7.8299",
      tax: "0.7830",
      total: "8.6129",
    });
    expect(q.billing_schedule_preview).toMatchObject({
      billing_time: "06:00",
      next_billing_dates: ["2026-04-01T06:00:00.000Z", "2026-05-01T06:00:00.000Z", "2026-06-01T06:00:00.000Z"],
    });
  });

  it("on the billing day but before billing_time: only the hours up to billing_time", async () => {
    const q = await ok({ items: [{ price: ids.magazineMonthly }], billing_time: "06:00" }, "2026-04-01T00:00:00Z");
    const l = line(q, "items:0");
    expect(l.service_period_end_at).toBe("2026-04-01T06:00:00.000Z");
    // period 1 Mar 06:00 → 1 Apr 06:00 = 744 h; covered 6 h: 6/744 = 0.0080645 → 0.008065
    // 12 × 0.008065 = 0.09678 → 0.0968; tax 0.0968 / 11 = 0.0088; subtotal 0.0880
    expect(amountsOf(l)).toEqual({
      unit: "12.0000",
      factor: "0.008065",
      subtotal: "0.0880",
      tax: "0.0088",
      total: "0.0968",
    });
  });

  it("a monthly price without a fixed day follows the fixed day of another line (prorated too)", async () => {
    // basic listed first: it still follows the magazine's day 1
    const q = await ok(
      { items: [{ price: ids.basicMonthly }, { price: ids.magazineMonthly }] },
      "2026-03-10T00:00:00Z",
    );
    const basic = line(q, "items:0");
    expect(basic.service_period_end_at).toBe("2026-04-01T00:00:00.000Z");
    expect(basic.renewal_service_period_end_at).toBe("2026-05-01T00:00:00.000Z");
    // 9.90 × 0.709677 = 7.0258023 → 7.0258; tax 7.0258 × 24% = 1.686192 → 1.6862
    expect(amountsOf(basic)).toEqual({
      unit: "9.9000",
      factor: "0.709677",
      subtotal: "7.0258",
      tax: "1.6862",
      total: "7.0258",
    });
    expect(renewalOf(basic)).toEqual({
      unit: "9.9000",
      factor: "1.000000",
      subtotal: "9.9000",
      tax: "2.3760",
      total: "9.9000",
    });
    const mag = line(q, "items:1");
    expect(amountsOf(mag)).toEqual({
      unit: "12.0000",
      factor: "0.709677",
      subtotal: "7.7419",
      tax: "0.7742",
      total: "8.5161",
    });
    // first: subtotal 7.0258 + 7.7419 = 14.7677; tax 1.6862 + 0.7742 = 2.4604; total 17.2281
    // renewal: subtotal 9.90 + 10.9091 = 20.8091; tax 2.3760 + 1.0909 = 3.4669; total 24.2760
    expect(totals(q)).toEqual({
      subtotal: "14.7677",
      tax: "2.4604",
      total: "17.2281",
      fp_subtotal: "14.7677",
      fp_tax: "2.4604",
      fp_total: "17.2281",
      r_subtotal: "20.8091",
      r_tax: "3.4669",
      r_total: "24.2760",
    });
    expect(q.billing_schedule_preview).toMatchObject({
      kind: "fixed_day_of_month",
      billing_day_of_month: 1,
      next_billing_dates: ["2026-04-01T00:00:00.000Z", "2026-05-01T00:00:00.000Z", "2026-06-01T00:00:00.000Z"],
    });
  });

  it("a yearly price follows the fixed day: first period ends on the next day 1, factor over a year", async () => {
    const q = await ok({ items: [{ price: ids.magazineMonthly }, { price: ids.basicYearly }] }, "2026-03-10T00:00:00Z");
    const y = line(q, "items:1");
    expect(y.service_period_end_at).toBe("2026-04-01T00:00:00.000Z");
    expect(y.renewal_service_period_end_at).toBe("2027-04-01T00:00:00.000Z");
    // period 1 Apr 2025 → 1 Apr 2026 = 365 days; covered 22 days: 22/365 = 0.0602740 → 0.060274
    // 99 × 0.060274 = 5.967126 → 5.9671; tax 5.9671 × 24% = 1.432104 → 1.4321
    expect(amountsOf(y)).toEqual({
      unit: "99.0000",
      factor: "0.060274",
      subtotal: "5.9671",
      tax: "1.4321",
      total: "5.9671",
    });
    // renewal 99.00, tax 23.7600
    expect(renewalOf(y)).toEqual({
      unit: "99.0000",
      factor: "1.000000",
      subtotal: "99.0000",
      tax: "23.7600",
      total: "99.0000",
    });
  });

  it("mixed fixed days (day 1 + day 15) → 400", async () => {
    const body = await bad({ items: [{ price: ids.magazineMonthly }, { price: ids.newspaperMonthly }] }, "items");
    expect(JSON.stringify(body)).toMatch(/1/);
  });

  it("newspaper alone (day 15) anchors on the 15th", async () => {
    const q = await ok({ items: [{ price: ids.newspaperMonthly }] }, "2026-03-10T00:00:00Z");
    const l = line(q, "items:0");
    expect(l.service_period_end_at).toBe("2026-03-15T00:00:00.000Z");
    // period 15 Feb → 15 Mar = 28 days; covered 5 days: 5/28 = 0.1785714 → 0.178571
    // 8 × 0.178571 = 1.428568 → 1.4286; tax 1.4286 / 11 = 0.129873 → 0.1299; subtotal 1.2987
    expect(amountsOf(l)).toEqual({
      unit: "8.0000",
      factor: "0.178571",
      subtotal: "1.2987",
      tax: "0.1299",
      total: "1.4286",
    });
    expect(q.billing_schedule_preview).toMatchObject({
      kind: "fixed_day_of_month",
      billing_day_of_month: 15,
      next_billing_dates: ["2026-03-15T00:00:00.000Z", "2026-04-15T00:00:00.000Z", "2026-05-15T00:00:00.000Z"],
    });
  });
});

// ---------------------------------------------------------------------------------------------------
describe("periods: weekly, yearly, billing schedule, DST", () => {
  it("weekly price: a 7-day period", async () => {
    const q = await ok({ items: [{ price: ids.coachingWeekly, quantity: 2 }] }, "2026-03-10T00:00:00Z");
    const l = line(q, "items:0");
    expect(l).toMatchObject({
      interval: "week",
      interval_count: 1,
      service_period_start_at: "2026-03-10T00:00:00.000Z",
      service_period_end_at: "2026-03-17T00:00:00.000Z",
      renewal_service_period_end_at: "2026-03-24T00:00:00.000Z",
    });
    // 2 × 25.00 = 50.0000, untaxed
    expect(amountsOf(l)).toEqual({
      unit: "25.0000",
      factor: "1.000000",
      subtotal: "50.0000",
      tax: "0.0000",
      total: "50.0000",
    });
    expect(q.billing_schedule_preview).toMatchObject({
      kind: "anchored_interval",
      interval: "week",
      next_billing_dates: ["2026-03-17T00:00:00.000Z", "2026-03-24T00:00:00.000Z", "2026-03-31T00:00:00.000Z"],
    });
  });

  it("yearly price: a one-year period", async () => {
    const q = await ok({ items: [{ price: ids.basicYearly }] }, "2026-03-10T12:00:00Z");
    const l = line(q, "items:0");
    expect(l).toMatchObject({
      interval: "year",
      service_period_end_at: "2027-03-10T12:00:00.000Z",
      renewal_service_period_end_at: "2028-03-10T12:00:00.000Z",
    });
    // 99.00; tax 99 × 24% = 23.7600; total 122.7600
    expect(amountsOf(l)).toEqual({
      unit: "99.0000",
      factor: "1.000000",
      subtotal: "99.0000",
      tax: "23.7600",
      total: "99.0000",
    });
    expect(q.total_amount).toBe("122.7600");
    expect(q.billing_schedule_preview).toMatchObject({
      kind: "anchored_interval",
      interval: "year",
      next_billing_dates: ["2027-03-10T12:00:00.000Z", "2028-03-10T12:00:00.000Z", "2029-03-10T12:00:00.000Z"],
    });
  });

  it("DST: fixed day in Europe/Helsinki across the last Sunday of March — factor from real elapsed time", async () => {
    // now = 10 Mar 2026 00:00 Helsinki (EET, UTC+2) = 9 Mar 22:00Z
    const q = await ok(
      { items: [{ price: ids.magazineMonthly }], billing_timezone: "Europe/Helsinki" },
      "2026-03-09T22:00:00Z",
    );
    const l = line(q, "items:0");
    // period 1 Mar 00:00 EET (28 Feb 22:00Z) → 1 Apr 00:00 EEST (31 Mar 21:00Z): 31 days − 1 h = 743 h (DST on 29 Mar)
    expect(l.service_period_start_at).toBe("2026-03-09T22:00:00.000Z");
    expect(l.service_period_end_at).toBe("2026-03-31T21:00:00.000Z");
    // covered 9 Mar 22:00Z → 31 Mar 21:00Z = 22 days − 1 h = 527 h; 527/743 = 0.7092867 → 0.709287 (not 22/31 = 0.709677)
    // 12 × 0.709287 = 8.511444 → 8.5114; tax 8.5114 / 11 = 0.773764 → 0.7738; subtotal 7.7376
    expect(amountsOf(l)).toEqual({
      unit: "12.0000",
      factor: "0.709287",
      subtotal: "7.7376",
      tax: "0.7738",
      total: "8.5114",
    });
    expect(l.renewal_service_period_end_at).toBe("2026-04-30T21:00:00.000Z");
    expect(q.billing_schedule_preview).toEqual({
      kind: "fixed_day_of_month",
      timezone: "Europe/Helsinki",
      billing_time: "00:00",
      interval: "month",
      interval_count: 1,
      billing_day_of_month: 1,
      billing_schedule_id: null,
      next_billing_dates: ["2026-03-31T21:00:00.000Z", "2026-04-30T21:00:00.000Z", "2026-05-31T21:00:00.000Z"],
    });
  });

  it("DST: fixed day in Europe/Helsinki across the last Sunday of October (period one hour longer)", async () => {
    // now = 10 Oct 2026 00:00 Helsinki (EEST, UTC+3) = 9 Oct 21:00Z
    const q = await ok(
      { items: [{ price: ids.magazineMonthly }], billing_timezone: "Europe/Helsinki" },
      "2026-10-09T21:00:00Z",
    );
    const l = line(q, "items:0");
    // period 1 Oct 00:00 EEST (30 Sep 21:00Z) → 1 Nov 00:00 EET (31 Oct 22:00Z): 31 days + 1 h = 745 h (DST ends 25 Oct)
    expect(l.service_period_end_at).toBe("2026-10-31T22:00:00.000Z");
    // covered 9 Oct 21:00Z → 31 Oct 22:00Z = 22 days + 1 h = 529 h; 529/745 = 0.7100671 → 0.710067
    // 12 × 0.710067 = 8.520804 → 8.5208; tax 8.5208 / 11 = 0.774618 → 0.7746; subtotal 7.7462
    expect(amountsOf(l)).toEqual({
      unit: "12.0000",
      factor: "0.710067",
      subtotal: "7.7462",
      tax: "0.7746",
      total: "8.5208",
    });
  });

  it("DST: an anchored monthly period keeps the local wall-clock time (one hour shorter in UTC)", async () => {
    // 15 Mar 12:00 EET = 10:00Z → 15 Apr 12:00 EEST = 09:00Z
    const q = await ok(
      { items: [{ price: ids.basicMonthly }], billing_timezone: "Europe/Helsinki" },
      "2026-03-15T10:00:00Z",
    );
    const l = line(q, "items:0");
    expect(l.service_period_end_at).toBe("2026-04-15T09:00:00.000Z");
    expect(l.proration_factor).toBe("1.000000");
    expect(l.line_total_amount).toBe("9.9000");
  });

  it("billing schedule price (quarterly, Europe/Helsinki): runs to the next rule occurrence", async () => {
    const q = await ok({ items: [{ price: ids.quarterlyPrice }] }, "2026-03-10T00:00:00Z");
    const l = line(q, "items:0");
    // previous occurrence 1 Jan 00:00 EET = 31 Dec 2025 22:00Z; next 1 Apr 00:00 EEST = 31 Mar 21:00Z
    expect(l.service_period_start_at).toBe("2026-03-10T00:00:00.000Z");
    expect(l.service_period_end_at).toBe("2026-03-31T21:00:00.000Z");
    // full: 90 days − 1 h = 2159 h; covered 10 Mar 00:00Z → 31 Mar 21:00Z = 21 d 21 h = 525 h
    // 525/2159 = 0.2431681 → 0.243168; 33 × 0.243168 = 8.024544 → 8.0245; tax 8.0245 / 11 = 0.7295; subtotal 7.2950
    expect(amountsOf(l)).toEqual({
      unit: "33.0000",
      factor: "0.243168",
      subtotal: "7.2950",
      tax: "0.7295",
      total: "8.0245",
    });
    // renewal 1 Apr → 1 Jul (Helsinki): 33.00; tax 33 / 11 = 3.0000; subtotal 30.0000
    expect(l.renewal_service_period_end_at).toBe("2026-06-30T21:00:00.000Z");
    expect(renewalOf(l)).toEqual({
      unit: "33.0000",
      factor: "1.000000",
      subtotal: "30.0000",
      tax: "3.0000",
      total: "33.0000",
    });
    expect(q.billing_schedule_preview).toEqual({
      kind: "billing_schedule",
      timezone: "Europe/Helsinki",
      billing_time: "00:00",
      interval: null,
      interval_count: null,
      billing_day_of_month: null,
      billing_schedule_id: ids.quarterly,
      next_billing_dates: ["2026-03-31T21:00:00.000Z", "2026-06-30T21:00:00.000Z", "2026-09-30T21:00:00.000Z"],
    });
  });
});

// ---------------------------------------------------------------------------------------------------
describe("price versions", () => {
  it("renewal after the next version's effective_from uses the new amount; the first period the current one", async () => {
    const { v2, v3 } = await premiumVersions();
    const at = new Date(v3.effectiveFrom!.getTime() - 10 * DAY); // renewal starts ~20 days after v3 begins
    const q = await ok({ items: [{ price: ids.premiumMonthly }] }, at);
    const l = line(q, "items:0");
    expect(l.price_version_id).toBe(v2.id);
    expect(l.renewal_price_version_id).toBe(v3.id);
    // first: 14.90, tax 14.90 × 24% = 3.5760; renewal: 16.90, tax 16.90 × 24% = 4.0560
    expect(amountsOf(l)).toEqual({
      unit: "14.9000",
      factor: "1.000000",
      subtotal: "14.9000",
      tax: "3.5760",
      total: "14.9000",
    });
    expect(renewalOf(l)).toEqual({
      unit: "16.9000",
      factor: "1.000000",
      subtotal: "16.9000",
      tax: "4.0560",
      total: "16.9000",
    });
    expect(totals(q)).toEqual({
      subtotal: "14.9000",
      tax: "3.5760",
      total: "18.4760",
      fp_subtotal: "14.9000",
      fp_tax: "3.5760",
      fp_total: "18.4760",
      r_subtotal: "16.9000",
      r_tax: "4.0560",
      r_total: "20.9560",
    });
  });

  it("renewal still inside the current version keeps the current amount", async () => {
    const { v2, v3 } = await premiumVersions();
    const at = new Date(v3.effectiveFrom!.getTime() - 40 * DAY); // renewal ≈ 9–12 days before v3
    const l = line(await ok({ items: [{ price: ids.premiumMonthly }] }, at), "items:0");
    expect([l.price_version_id, l.renewal_price_version_id]).toEqual([v2.id, v2.id]);
    expect([l.unit_amount, l.renewal_unit_amount]).toEqual(["14.9000", "14.9000"]);
  });

  it("version boundaries: quotes are priced as of whole seconds; the last millisecond before the first whole second at or after effective_from → old version, that second → new version", async () => {
    const { v1, v2 } = await premiumVersions();
    const boundary = new Date(Math.ceil(v2.effectiveFrom!.getTime() / 1000) * 1000);
    const beforeQuote = await ok({ items: [{ price: ids.premiumMonthly }] }, new Date(boundary.getTime() - 1));
    expect(beforeQuote.period_start_at).toBe(new Date(boundary.getTime() - 1000).toISOString());
    const before = line(beforeQuote, "items:0");
    expect(before.price_version_id).toBe(v1.id);
    expect(before.unit_amount).toBe("12.9000");
    // 12.90; tax 12.90 × 24% = 3.0960
    expect(before.line_tax_amount).toBe("3.0960");
    expect(before.renewal_unit_amount).toBe("14.9000");
    const at = line(await ok({ items: [{ price: ids.premiumMonthly }] }, boundary), "items:0");
    expect(at.price_version_id).toBe(v2.id);
    expect(at.unit_amount).toBe("14.9000");
  });

  it("unit_amount_override replaces every version's amount", async () => {
    const { v3 } = await premiumVersions();
    const l = line(
      await ok(
        { items: [{ price: ids.premiumMonthly, unit_amount_override: "10" }] },
        new Date(v3.effectiveFrom!.getTime() - 10 * DAY),
      ),
      "items:0",
    );
    expect([l.unit_amount, l.renewal_unit_amount]).toEqual(["10.0000", "10.0000"]);
  });
});

// ---------------------------------------------------------------------------------------------------
describe("bundles", () => {
  const AT = "2026-03-10T12:00:00Z";

  it("default selection: the required streaming item at its default (basic) price; optional magazine left out", async () => {
    const q = await ok({ bundle_template: ids.family }, AT);
    expectQuoteShape(q);
    expect(q).toMatchObject({
      input_mode: "bundle",
      bundle_template_id: ids.family,
      bundle_quantity: 1,
      currency: "EUR",
    });
    expect(q.recurring_items).toHaveLength(1);
    const l = line(q, `bundle_item:${ids.familyStreamingItem}`);
    expect(l).toMatchObject({
      source: "bundle_item",
      creates_contract_item: true,
      bundle_item_id: ids.familyStreamingItem,
      rule_id: null,
      price_id: ids.basicMonthly,
      quantity: 1,
    });
    // 9.90; tax 2.3760; total 12.2760
    expect(amountsOf(l)).toEqual({
      unit: "9.9000",
      factor: "1.000000",
      subtotal: "9.9000",
      tax: "2.3760",
      total: "9.9000",
    });
    expect(totals(q)).toMatchObject({ subtotal: "9.9000", tax: "2.3760", total: "12.2760", r_total: "12.2760" });
  });

  it("premium selected", async () => {
    const { v2 } = await premiumVersions();
    const at = new Date(v2.effectiveFrom!.getTime() + 10 * DAY); // first period and renewal inside v2
    const q = await ok(
      {
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: ids.familyStreamingItem, selected_price: ids.premiumMonthly }],
      },
      at,
    );
    const l = line(q, `bundle_item:${ids.familyStreamingItem}`);
    expect(l.price_id).toBe(ids.premiumMonthly);
    expect(l.product_name).toBe("Streaming Premium");
    // 14.90; tax 3.5760; total 18.4760
    expect(amountsOf(l)).toEqual({
      unit: "14.9000",
      factor: "1.000000",
      subtotal: "14.9000",
      tax: "3.5760",
      total: "14.9000",
    });
    expect(q.total_amount).toBe("18.4760");
    expect(q.recurring_total_amount).toBe("18.4760");
  });

  it("bundle_quantity 2 multiplies the item quantity", async () => {
    const q = await ok({ bundle_template: ids.family, bundle_quantity: 2 }, AT);
    expect(q.bundle_quantity).toBe(2);
    const l = line(q, `bundle_item:${ids.familyStreamingItem}`);
    expect(l.quantity).toBe(2);
    // 2 × 9.90 = 19.8000; tax 4.7520; total 24.5520
    expect(amountsOf(l)).toEqual({
      unit: "9.9000",
      factor: "1.000000",
      subtotal: "19.8000",
      tax: "4.7520",
      total: "19.8000",
    });
    expect(q.total_amount).toBe("24.5520");
  });

  it("selection quantity × bundle_quantity", async () => {
    const q = await ok(
      {
        bundle_template: ids.family,
        bundle_quantity: 2,
        bundle_item_selections: [{ bundle_item: ids.familyStreamingItem, quantity: 3 }],
      },
      AT,
    );
    const l = line(q, `bundle_item:${ids.familyStreamingItem}`);
    expect(l.quantity).toBe(6);
    // 3 × 2 = 6; 6 × 9.90 = 59.4000; tax 59.40 × 24% = 14.2560; total 73.6560
    expect(amountsOf(l)).toEqual({
      unit: "9.9000",
      factor: "1.000000",
      subtotal: "59.4000",
      tax: "14.2560",
      total: "59.4000",
    });
    expect(q.total_amount).toBe("73.6560");
  });

  it("discount_percent and unit_amount_override on a selection", async () => {
    const q = await ok(
      {
        bundle_template: ids.family,
        bundle_item_selections: [
          { bundle_item: ids.familyStreamingItem, unit_amount_override: "8.00", discount_percent: "10" },
        ],
      },
      AT,
    );
    const l = line(q, `bundle_item:${ids.familyStreamingItem}`);
    // 8.00 × (1 − 0.10) = 7.2000; tax 7.20 × 24% = 1.7280
    expect(amountsOf(l)).toEqual({
      unit: "8.0000",
      factor: "1.000000",
      subtotal: "7.2000",
      tax: "1.7280",
      total: "7.2000",
    });
    expect(l.discount_percent).toBe("10.0000");
    expect(renewalOf(l)).toEqual({
      unit: "8.0000",
      factor: "1.000000",
      subtotal: "7.2000",
      tax: "1.7280",
      total: "7.2000",
    });
  });

  it("optional magazine included: its day 1 anchors the bundle, both lines prorated", async () => {
    const q = await ok(
      { bundle_template: ids.family, bundle_item_selections: [{ bundle_item: ids.familyMagazineItem }] },
      "2026-03-10T00:00:00Z",
    );
    expect(q.recurring_items).toHaveLength(2);
    const basic = line(q, `bundle_item:${ids.familyStreamingItem}`);
    const mag = line(q, `bundle_item:${ids.familyMagazineItem}`);
    expect(mag).toMatchObject({
      price_id: ids.magazineMonthly,
      bundle_item_id: ids.familyMagazineItem,
      service_period_end_at: "2026-04-01T00:00:00.000Z",
    });
    // same arithmetic as the direct-items case: 22/31 = 0.709677
    expect(amountsOf(basic)).toEqual({
      unit: "9.9000",
      factor: "0.709677",
      subtotal: "7.0258",
      tax: "1.6862",
      total: "7.0258",
    });
    expect(amountsOf(mag)).toEqual({
      unit: "12.0000",
      factor: "0.709677",
      subtotal: "7.7419",
      tax: "0.7742",
      total: "8.5161",
    });
    expect(totals(q)).toEqual({
      subtotal: "14.7677",
      tax: "2.4604",
      total: "17.2281",
      fp_subtotal: "14.7677",
      fp_tax: "2.4604",
      fp_total: "17.2281",
      r_subtotal: "20.8091",
      r_tax: "3.4669",
      r_total: "24.2760",
    });
    expect(q.billing_schedule_preview).toMatchObject({ kind: "fixed_day_of_month", billing_day_of_month: 1 });
  });

  it("optional item explicitly excluded stays out", async () => {
    const q = await ok(
      {
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: ids.familyMagazineItem, include: false }],
      },
      AT,
    );
    expect(q.recurring_items.map((l: any) => l.bundle_item_id)).toEqual([ids.familyStreamingItem]);
  });

  it("add-on product via additional_items with rule_id", async () => {
    const q = await ok(
      {
        bundle_template: ids.family,
        additional_items: [
          { price: ids.sportsMonthly, rule_id: ids.sportsRule },
          { price: ids.screenMonthly, rule_id: ids.screenRule, quantity: 3 },
        ],
      },
      AT,
    );
    const sports = line(q, "additional_items:0");
    expect(sports).toMatchObject({
      source: "additional_items",
      creates_contract_item: true,
      rule_id: ids.sportsRule,
      bundle_item_id: null,
      price_id: ids.sportsMonthly,
      product_id: ids.sports,
      quantity: 1,
    });
    // 5.00; tax 1.2000
    expect(amountsOf(sports)).toEqual({
      unit: "5.0000",
      factor: "1.000000",
      subtotal: "5.0000",
      tax: "1.2000",
      total: "5.0000",
    });
    const screen = line(q, "additional_items:1");
    expect(screen).toMatchObject({ rule_id: ids.screenRule, quantity: 3 });
    // 3 × 3.00 = 9.0000; tax 2.1600
    expect(amountsOf(screen)).toEqual({
      unit: "3.0000",
      factor: "1.000000",
      subtotal: "9.0000",
      tax: "2.1600",
      total: "9.0000",
    });
    // subtotal 9.90 + 5.00 + 9.00 = 23.9000; tax 2.376 + 1.20 + 2.16 = 5.7360; total 29.6360
    expect(totals(q)).toMatchObject({
      subtotal: "23.9000",
      tax: "5.7360",
      total: "29.6360",
      fp_total: "29.6360",
      r_total: "29.6360",
    });
  });

  it("additional_bundles: the kids bundle through its rule", async () => {
    const kidsItem = await db().bundleTemplateItem.findFirstOrThrow({ where: { bundleId: ids.kidsBundle } });
    const q = await ok({ bundle_template: ids.family, additional_bundles: [{ rule_id: ids.kidsRule }] }, AT);
    const kids = bySource(q, "additional_bundles");
    expect(kids).toHaveLength(1);
    expect(kids[0]).toMatchObject({
      creates_contract_item: true,
      rule_id: ids.kidsRule,
      bundle_item_id: kidsItem.id,
      price_id: ids.kidsMonthly,
      quantity: 1,
    });
    // 4.00; tax 0.9600
    expect(amountsOf(kids[0])).toEqual({
      unit: "4.0000",
      factor: "1.000000",
      subtotal: "4.0000",
      tax: "0.9600",
      total: "4.0000",
    });
    // subtotal 9.90 + 4.00 = 13.9000; tax 2.376 + 0.96 = 3.3360; total 17.2360
    expect(totals(q)).toMatchObject({ subtotal: "13.9000", tax: "3.3360", total: "17.2360", r_total: "17.2360" });
    // naming the target bundle explicitly (either spelling) is the same offer
    for (const ab of [
      { rule_id: ids.kidsRule, bundle_template: ids.kidsBundle },
      { rule_id: ids.kidsRule, bundle_template_id: ids.kidsBundle },
    ]) {
      expect((await ok({ bundle_template: ids.family, additional_bundles: [ab] }, AT)).total_amount).toBe("17.2360");
    }
  });

  it("initial_items: setup fee as an initial line, in subtotal/total but not in first_period_recurring_* or recurring_*", async () => {
    const q = await ok(
      {
        bundle_template: ids.family,
        initial_billing_mode: "create_initial_run",
        initial_items: [{ price: ids.setupFee }],
      },
      AT,
    );
    expectQuoteShape(q);
    expect(q.initial_lines).toHaveLength(1);
    const fee = q.initial_lines[0];
    expect(fee).toMatchObject({
      key: "initial_items:0",
      source: "initial_items",
      creates_contract_item: false,
      price_id: ids.setupFee,
      product_id: ids.setup,
      product_name: "Setup Fee",
      billing_type: "one_time",
      quantity: 1,
      unit_amount: "19.0000",
      line_total_amount: "19.0000",
      line_subtotal_amount: "19.0000",
      line_tax_amount: "4.5600", // 19 × 24% = 4.5600
    });
    expect(q.recurring_items.every((l: any) => l.source !== "initial_items")).toBe(true);
    // first run: 9.90 + 19.00 = 28.9000; tax 2.3760 + 4.5600 = 6.9360; total 35.8360
    // first period / renewal recurring: 9.9000 / 2.3760 / 12.2760
    expect(totals(q)).toEqual({
      subtotal: "28.9000",
      tax: "6.9360",
      total: "35.8360",
      fp_subtotal: "9.9000",
      fp_tax: "2.3760",
      fp_total: "12.2760",
      r_subtotal: "9.9000",
      r_tax: "2.3760",
      r_total: "12.2760",
    });
  });

  it("initial_items with quantity and discount on direct items", async () => {
    const q = await ok(
      {
        items: [{ price: ids.basicMonthly }],
        initial_billing_mode: "create_initial_run",
        initial_items: [{ price: ids.setupFee, quantity: 2, discount_percent: "25" }],
      },
      AT,
    );
    // 2 × 19.00 × 0.75 = 28.5000; tax 28.50 × 24% = 6.8400
    expect(q.initial_lines[0]).toMatchObject({
      quantity: 2,
      unit_amount: "19.0000",
      line_total_amount: "28.5000",
      line_tax_amount: "6.8400",
    });
    // subtotal 9.90 + 28.50 = 38.4000; tax 2.376 + 6.84 = 9.2160; total 47.6160
    expect(totals(q)).toMatchObject({ subtotal: "38.4000", tax: "9.2160", total: "47.6160", fp_total: "12.2760" });
  });

  it("the full offer together: premium ×2, magazine, sports add-on, setup fee", async () => {
    const { v2 } = await premiumVersions();
    // the 1st of the month after v2 starts: inside v2 and on the magazine's billing day, so every factor is 1
    const from = v2.effectiveFrom!;
    const first = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
    const q = await ok(
      {
        bundle_template: ids.family,
        bundle_quantity: 2,
        bundle_item_selections: [
          { bundle_item: ids.familyStreamingItem, selected_price: ids.premiumMonthly },
          { bundle_item: ids.familyMagazineItem },
        ],
        additional_items: [{ price: ids.sportsMonthly, rule_id: ids.sportsRule }],
        initial_billing_mode: "create_initial_run",
        initial_items: [{ price: ids.setupFee }],
      },
      first,
    );
    for (const l of q.recurring_items) expect(l.proration_factor, l.key).toBe("1.000000");
    // premium 2 × 14.90 = 29.8000 (tax 7.1520); magazine 2 × 12 = 24.0000 inclusive (tax 24/11 = 2.181818 → 2.1818, net 21.8182);
    // sports 1 × 5.00 = 5.0000 (tax 1.2000)
    expect(amountsOf(line(q, `bundle_item:${ids.familyStreamingItem}`))).toEqual({
      unit: "14.9000",
      factor: "1.000000",
      subtotal: "29.8000",
      tax: "7.1520",
      total: "29.8000",
    });
    expect(amountsOf(line(q, `bundle_item:${ids.familyMagazineItem}`))).toEqual({
      unit: "12.0000",
      factor: "1.000000",
      subtotal: "21.8182",
      tax: "2.1818",
      total: "24.0000",
    });
    expect(line(q, "additional_items:0").line_total_amount).toBe("5.0000");
    // recurring: subtotal 29.80 + 21.8182 + 5.00 = 56.6182; tax 7.152 + 2.1818 + 1.20 = 10.5338; total 67.1520
    // first run adds setup 19.00 (tax 4.56): subtotal 75.6182; tax 15.0938; total 90.7120
    expect(totals(q)).toMatchObject({
      fp_subtotal: "56.6182",
      fp_tax: "10.5338",
      fp_total: "67.1520",
      subtotal: "75.6182",
      tax: "15.0938",
      total: "90.7120",
    });
  });
});

// ---------------------------------------------------------------------------------------------------
describe("400 errors (spec 7) with the exact key", () => {
  it("neither bundle_template nor items → non_field_errors", async () => {
    await bad({}, "non_field_errors");
    await bad({ items: [] }, "non_field_errors");
    await bad({ bundle_template: null, items: null }, "non_field_errors");
    await bad(
      { initial_billing_mode: "create_initial_run", initial_items: [{ price: ids.setupFee }] },
      "non_field_errors",
    );
  });

  it("both bundle_template and items → non_field_errors", async () => {
    await bad({ bundle_template: ids.family, items: [{ price: ids.basicMonthly }] }, "non_field_errors");
  });

  it("items: unknown, other account's, inactive, one-time price", async () => {
    await bad({ items: [{ price: 999999 }] }, "items");
    await bad({ items: [{ price: ids.otherPrice }] }, "items");
    await bad({ items: [{ price: ids.inactivePrice }] }, "items");
    await bad({ items: [{ price: ids.setupFee }] }, "items");
    // a bad line next to a good one still fails the whole quote
    await bad({ items: [{ price: ids.basicMonthly }, { price: 999999 }] }, "items");
  });

  it("items: currency mismatch (currency USD with EUR prices, EUR with USD, mixed EUR and USD)", async () => {
    await bad({ currency: "USD", items: [{ price: ids.basicMonthly }] }, "items");
    await bad({ currency: "EUR", items: [{ price: ids.basicUsd }] }, "items");
    await bad({ items: [{ price: ids.basicMonthly }, { price: ids.basicUsd }] }, "items");
    await bad({ items: [{ price: ids.basicUsd }, { price: ids.basicMonthly }] }, "items");
  });

  it("items: end_at not after start_at", async () => {
    await bad(
      { items: [{ price: ids.basicMonthly, start_at: "2026-03-20T00:00:00Z", end_at: "2026-03-20T00:00:00Z" }] },
      "items",
    );
  });

  it("initial_items: unknown price or currency mismatch", async () => {
    await bad(
      {
        items: [{ price: ids.basicMonthly }],
        initial_billing_mode: "create_initial_run",
        initial_items: [{ price: 999999 }],
      },
      "initial_items",
    );
    await bad(
      {
        currency: "USD",
        items: [{ price: ids.basicUsd }],
        initial_billing_mode: "create_initial_run",
        initial_items: [{ price: ids.setupFee }],
      },
      "initial_items",
    );
  });

  it("bundle_item_selections: excluded required item, unknown bundle item, not-selectable price, duplicates, without bundle", async () => {
    await bad(
      {
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: ids.familyStreamingItem, include: false }],
      },
      "bundle_item_selections",
    );
    await bad(
      { bundle_template: ids.family, bundle_item_selections: [{ bundle_item: 999999 }] },
      "bundle_item_selections",
    );
    await bad(
      {
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: ids.familyStreamingItem, selected_price: ids.sportsMonthly }],
      },
      "bundle_item_selections",
    );
    await bad(
      {
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: ids.familyStreamingItem, selected_price: ids.basicUsd }],
      },
      "bundle_item_selections",
    );
    await bad(
      {
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: ids.familyMagazineItem, selected_price: ids.newspaperMonthly }],
      },
      "bundle_item_selections",
    );
    await bad(
      {
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: ids.familyStreamingItem }, { bundle_item: ids.familyStreamingItem }],
      },
      "bundle_item_selections",
    );
    // an item of another bundle (kids) is not part of the family bundle
    const kidsItem = await db().bundleTemplateItem.findFirstOrThrow({ where: { bundleId: ids.kidsBundle } });
    await bad(
      { bundle_template: ids.family, bundle_item_selections: [{ bundle_item: kidsItem.id }] },
      "bundle_item_selections",
    );
    await bad(
      { items: [{ price: ids.basicMonthly }], bundle_item_selections: [{ bundle_item: ids.familyStreamingItem }] },
      "bundle_item_selections",
    );
  });

  it("bundle with a currency its prices are not in → 400", async () => {
    const r = await quote({ bundle_template: ids.family, currency: "USD" });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
  });

  it("bundle_template: unknown, inactive, other account's", async () => {
    const retired = await db().bundleTemplate.findFirstOrThrow({
      where: { reference: "retired", accountId: s.accountId },
    });
    await bad({ bundle_template: 999999 }, "bundle_template");
    await bad({ bundle_template: retired.id }, "bundle_template");
    await bad({ bundle_template: ids.otherBundle }, "bundle_template");
  });

  it("additional_items: no rule_id, unknown rule, rule of another bundle, bundle rule, other product's price, wrong interval, over max_quantity, without bundle", async () => {
    const fam = { bundle_template: ids.family };
    await bad({ ...fam, additional_items: [{ price: ids.sportsMonthly }] }, "additional_items");
    await bad({ ...fam, additional_items: [{ price: ids.sportsMonthly, rule_id: 999999 }] }, "additional_items");
    // the sports rule belongs to the family bundle, not to the kids bundle
    await bad(
      { bundle_template: ids.kidsBundle, additional_items: [{ price: ids.sportsMonthly, rule_id: ids.sportsRule }] },
      "additional_items",
    );
    // kidsRule targets a bundle, not a product
    await bad({ ...fam, additional_items: [{ price: ids.kidsMonthly, rule_id: ids.kidsRule }] }, "additional_items");
    await bad(
      { ...fam, additional_items: [{ price: ids.screenMonthly, rule_id: ids.sportsRule }] },
      "additional_items",
    );
    // same_interval_required (default): a yearly sports price under a monthly bundle
    await bad({ ...fam, additional_items: [{ price: ids.sportsYearly, rule_id: ids.sportsRule }] }, "additional_items");
    await bad(
      { ...fam, additional_items: [{ price: ids.sportsMonthly, rule_id: ids.sportsRule, quantity: 2 }] },
      "additional_items",
    ); // max 1
    await bad(
      { ...fam, additional_items: [{ price: ids.screenMonthly, rule_id: ids.screenRule, quantity: 4 }] },
      "additional_items",
    ); // max 3
    await bad({ ...fam, additional_items: [{ price: 999999, rule_id: ids.sportsRule }] }, "additional_items");
    await bad(
      {
        items: [{ price: ids.basicMonthly }],
        additional_items: [{ price: ids.sportsMonthly, rule_id: ids.sportsRule }],
      },
      "additional_items",
    );
  });

  it("additional_bundles: wrong rule, mismatched bundle, over max quantity, bad selection", async () => {
    const fam = { bundle_template: ids.family };
    await bad({ ...fam, additional_bundles: [{ rule_id: ids.sportsRule }] }, "additional_bundles"); // a product rule
    await bad({ ...fam, additional_bundles: [{ rule_id: 999999 }] }, "additional_bundles");
    await bad(
      { ...fam, additional_bundles: [{ rule_id: ids.kidsRule, bundle_template: ids.family }] },
      "additional_bundles",
    );
    await bad({ ...fam, additional_bundles: [{ rule_id: ids.kidsRule, quantity: 2 }] }, "additional_bundles"); // max 1
    await bad(
      { ...fam, additional_bundles: [{ rule_id: ids.kidsRule, bundle_selections: [{ bundle_item: 999999 }] }] },
      "additional_bundles",
    );
    await bad(
      { items: [{ price: ids.basicMonthly }], additional_bundles: [{ rule_id: ids.kidsRule }] },
      "additional_bundles",
    );
  });

  it("customer_reference: unknown, or another account's customer", async () => {
    await bad({ customer_reference: "nope-404", items: [{ price: ids.basicMonthly }] }, "customer_reference");
    await bad({ customer_reference: "other-cust-1", items: [{ price: ids.basicMonthly }] }, "customer_reference");
  });

  it("initial_items with an initial_billing_mode other than create_initial_run → initial_items", async () => {
    await bad(
      { items: [{ price: ids.basicMonthly }], initial_billing_mode: "none", initial_items: [{ price: ids.setupFee }] },
      "initial_items",
    );
    await bad(
      {
        items: [{ price: ids.basicMonthly }],
        initial_billing_mode: "next_invoice",
        initial_items: [{ price: ids.setupFee }],
      },
      "initial_items",
    );
    // without initial_items any mode is fine
    await ok({ items: [{ price: ids.basicMonthly }], initial_billing_mode: "none" });
  });

  it("billing_timezone / billing_time / initial_billing_mode values", async () => {
    await bad({ items: [{ price: ids.basicMonthly }], billing_timezone: "Mars/Olympus_Mons" }, "billing_timezone");
    await bad({ items: [{ price: ids.basicMonthly }], billing_timezone: "" }, "billing_timezone");
    await bad({ items: [{ price: ids.basicMonthly }], billing_time: "25:00" }, "billing_time");
    await bad({ items: [{ price: ids.basicMonthly }], billing_time: "7am" }, "billing_time");
    await bad({ items: [{ price: ids.basicMonthly }], initial_billing_mode: "bogus" }, "initial_billing_mode");
    await bad({ items: [{ price: ids.basicMonthly }], currency: "EURO" }, "currency");
  });

  it("wrong types and out-of-range numbers in items → 400 items, never 500", async () => {
    for (const it of [
      { price: "abc" },
      { price: null },
      {},
      { price: 1.5 },
      { price: -1 },
      { price: ids.basicMonthly, quantity: 0 },
      { price: ids.basicMonthly, quantity: -1 },
      { price: ids.basicMonthly, quantity: 1e12 },
      { price: ids.basicMonthly, quantity: 1.5 },
      { price: ids.basicMonthly, quantity: "2" },
      { price: ids.basicMonthly, discount_percent: "150" },
      { price: ids.basicMonthly, discount_percent: "-5" },
      { price: ids.basicMonthly, discount_percent: "abc" },
      { price: ids.basicMonthly, unit_amount_override: "-1" },
      { price: ids.basicMonthly, unit_amount_override: "1.23456" },
      { price: ids.basicMonthly, unit_amount_override: "1e3" },
      { price: ids.basicMonthly, start_at: "yesterday" },
      { price: ids.basicMonthly, metadata: "x" },
    ])
      await bad({ items: [it] }, "items");
    await bad({ items: {} }, "items");
    await bad({ items: "abc" }, "items");
    await bad({ items: [1, 2] }, "items");
  });

  it("wrong types elsewhere → 400 with the field's key", async () => {
    await bad({ bundle_template: "abc" }, "bundle_template");
    await bad({ bundle_template: ids.family, bundle_quantity: 0 }, "bundle_quantity");
    await bad({ bundle_template: ids.family, bundle_quantity: 1e12 }, "bundle_quantity");
    await bad({ bundle_template: ids.family, bundle_item_selections: {} }, "bundle_item_selections");
    await bad(
      { bundle_template: ids.family, bundle_item_selections: [{ bundle_item: ids.familyStreamingItem, quantity: 0 }] },
      "bundle_item_selections",
    );
    await bad(
      {
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: ids.familyStreamingItem, discount_percent: "150" }],
      },
      "bundle_item_selections",
    );
    await bad(
      { bundle_template: ids.family, additional_items: [{ price: ids.sportsMonthly, rule_id: "x" }] },
      "additional_items",
    );
    await bad({ bundle_template: ids.family, additional_bundles: [{}] }, "additional_bundles");
    await bad(
      { bundle_template: ids.family, additional_bundles: [{ rule_id: ids.kidsRule, quantity: 0 }] },
      "additional_bundles",
    );
    await bad({ items: [{ price: ids.basicMonthly }], customer_reference: 123 }, "customer_reference");
    await bad({ items: [{ price: ids.basicMonthly }], metadata: [] }, "metadata");
  });

  it("malformed JSON, empty body, non-object bodies → 400, never 500", async () => {
    setRequestTime("2026-03-10T00:00:00Z");
    for (const rawBody of ["{", '{"items": [', "not json", "", "   "]) {
      const r = await api("POST", URL, { rawBody });
      expect(r.status, rawBody).toBe(400);
      expect(Object.keys(r.body)).toContain("non_field_errors");
    }
    for (const body of [null, [], "items", 42, true]) {
      const r = await post(URL, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body).toBe("object");
    }
  });
});

// ---------------------------------------------------------------------------------------------------
describe("authentication and isolation", () => {
  it("no key → 401", async () => {
    const r = await quote({ items: [{ price: ids.basicMonthly }] }, "2026-03-10T00:00:00Z", null);
    expect(r.status).toBe(401);
    expect(typeof r.body.detail).toBe("string");
  });

  it("public key → 403", async () => {
    const r = await quote({ items: [{ price: ids.basicMonthly }] }, "2026-03-10T00:00:00Z", s.keys.public);
    expect(r.status).toBe(403);
    expect(typeof r.body.detail).toBe("string");
  });

  it("invalid key → 401 (even with an invalid body)", async () => {
    const r = await quote({ items: "abc" }, "2026-03-10T00:00:00Z", "sk_test_wrong");
    expect(r.status).toBe(401);
  });

  it("another account's key sees only its own catalog", async () => {
    const own = await quote({ items: [{ price: ids.otherPrice }] }, "2026-03-10T12:00:00Z", s.keys.otherSecret);
    expect(own.status).toBe(200);
    expect(own.body.total_amount).toBe("1.0000"); // 1.00, untaxed
    const foreign = await quote({ items: [{ price: ids.basicMonthly }] }, "2026-03-10T12:00:00Z", s.keys.otherSecret);
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body)).toContain("items");
    const bundle = await quote({ bundle_template: ids.family }, "2026-03-10T12:00:00Z", s.keys.otherSecret);
    expect(bundle.status).toBe(400);
    expect(Object.keys(bundle.body)).toContain("bundle_template");
  });
});

// ---------------------------------------------------------------------------------------------------
describe("nothing is persisted", () => {
  async function snapshot() {
    const d = db();
    const tables = await d.$queryRawUnsafe<{ table_name: string }[]>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY table_name",
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      const [{ n }] = await d.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${table_name}"`);
      counts[table_name] = Number(n);
    }
    const rows = {
      customers: await d.customer.findMany({ orderBy: { id: "asc" } }),
      products: await d.catalogProduct.findMany({ orderBy: { id: "asc" } }),
      prices: await d.catalogPrice.findMany({ orderBy: { id: "asc" } }),
      versions: await d.priceVersion.findMany({ orderBy: { id: "asc" } }),
      bundles: await d.bundleTemplate.findMany({ orderBy: { id: "asc" } }),
    };
    return { counts, rows: JSON.parse(JSON.stringify(rows)) };
  }

  it("quotes (successful and failing) create and change no rows", async () => {
    const before = await snapshot();
    expect(Object.keys(before.counts).length).toBeGreaterThan(5);
    expect(before.counts).toHaveProperty("customers");
    await ok({
      customer_reference: "cust-1002",
      bundle_template: ids.family,
      bundle_item_selections: [{ bundle_item: ids.familyMagazineItem }],
      additional_items: [{ price: ids.sportsMonthly, rule_id: ids.sportsRule }],
      additional_bundles: [{ rule_id: ids.kidsRule }],
      initial_billing_mode: "create_initial_run",
      initial_items: [{ price: ids.setupFee }],
      metadata: { note: "x" },
    });
    await ok({ items: [{ price: ids.premiumMonthly }, { price: ids.magazineMonthly }] });
    await bad({ customer_reference: "new-customer", items: [{ price: ids.basicMonthly }] }, "customer_reference");
    await bad({ items: [{ price: ids.magazineMonthly }, { price: ids.newspaperMonthly }] }, "items");
    const after = await snapshot();
    expect(after.counts).toEqual(before.counts);
    expect(after.rows).toEqual(before.rows);
  });

  it("metadata is echoed, not stored", async () => {
    const q = await ok({ items: [{ price: ids.basicMonthly, metadata: { line: 1 } }], metadata: { order: "A-1" } });
    expect(q.metadata).toEqual({ order: "A-1" });
    expect(line(q, "items:0").metadata).toEqual({ line: 1 });
  });
});
