// Upcoming runs (GET /v2/subscription-contracts/{id}/upcoming/, extension) against what the worker bills:
// a mixed portfolio (monthly, yearly, fixed day 31 and day 1, weekly, a schedule, a time zone, a scheduled
// price version, a pause across a renewal, cancel at period end and at a date, an item change with
// proration, an item removed mid-period, automatic credit) is projected once for a year, then the
// test clock (POST /v2/test-clock/advance/) bills that year: every regular run, field by field and line by
// line, equals its projection, and each contract's first projected run equals its first billed one.
import { afterEach, expect, it } from "vitest";
import { createPrice, schedulePriceVersion } from "@/server/domain/catalog/prices";
import { ctxFor } from "@/tests/helpers";
import { advance, at, createContract, newWorld, ok, readContract, runsOf, type World } from "./_world";

afterEach(() => at(null));

const T0 = "2026-01-10T00:00:00.000Z";
const SET_UP = "2026-01-20T00:00:00.000Z";
const YEAR_LATER = "2027-01-10T00:00:00.000Z";

/** A billed run in the shape of an upcoming run (the fields both have). */
const asUpcoming = (r: any) => ({
  kind: r.kind,
  scheduled_at: r.scheduled_at,
  currency: r.currency,
  period_start_at: r.period_start_at,
  period_end_at: r.period_end_at,
  subtotal_amount: r.subtotal_amount,
  tax_amount: r.tax_amount,
  total_amount: r.total_amount,
  credit_applied_amount: r.credit_applied_amount,
  amount_due: r.amount_due,
  rounding_adjustment_amount: r.rounding_adjustment_amount,
  charged_amount: r.charged_amount,
  lines: r.lines.map(({ id: _id, ...line }: any) => line),
});
const comparable = ({ period_key: _k, next_billing_at: _n, ...rest }: any) => rest;

async function portfolio(w: World) {
  const ctx = ctxFor(w.accountId, T0);
  const day31 = await createPrice(ctx, {
    product_id: w.ids.screen,
    currency: "EUR",
    unit_amount: "7.7777",
    billing_type: "recurring",
    interval: "month",
    billing_day_of_month: 31,
  });
  await schedulePriceVersion(ctx, w.ids.sportsMonthly, {
    unit_amount: "6.0000",
    effective_from: "2026-06-15T00:00:00.000Z",
  });
  const open = async (items: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
    (await createContract(w, { items, ...extra })).id as number;
  const one = (price: number) => [{ price }];
  return {
    monthly: await open(one(w.ids.basicMonthly)),
    yearly: await open(one(w.ids.basicYearly), { initial_billing_mode: "create_initial_run" }),
    day31: await open(one(day31.id), { initial_billing_mode: "create_initial_run" }),
    day1Inclusive: await open(one(w.ids.magazineMonthly), { initial_billing_mode: "create_initial_run" }),
    priceVersion: await open(one(w.ids.sportsMonthly)),
    weekly: await open(one(w.ids.coachingWeekly)),
    schedule: await open(one(w.ids.quarterlyPrice), { initial_billing_mode: "create_initial_run" }),
    helsinki: await open(one(w.ids.newspaperMonthly), { billing_timezone: "Europe/Helsinki", billing_time: "06:00" }),
    discounted: await open([
      { price: w.ids.premiumMonthly, quantity: 3, discount_percent: "12.5" },
      { price: w.ids.screenMonthly, quantity: 2, unit_amount_override: "2.4999" },
    ]),
    pause: await open(one(w.ids.basicMonthly)),
    cancelAtPeriodEnd: await open(one(w.ids.basicMonthly)),
    cancelAtDate: await open(one(w.ids.kidsMonthly)),
    itemChange: await open(one(w.ids.basicMonthly)),
    itemEnds: await open([{ price: w.ids.basicMonthly }, { price: w.ids.sportsMonthly }]),
    autoCredit: await open(one(w.ids.premiumMonthly), { auto_apply_credit: true }),
  };
}

async function changes(w: World, ids: Awaited<ReturnType<typeof portfolio>>) {
  const post = async (id: number, rest: string, body: unknown) =>
    ok(await w.post(`/v2/subscription-contracts/${id}/${rest}`, body));
  const itemOf = async (id: number, k = 0) => (await readContract(w, id)).items[k].id;
  await post(ids.pause, "pause/", { start_date: "2026-03-01T00:00:00.000Z", end_date: "2026-03-20T00:00:00.000Z" });
  await post(ids.cancelAtPeriodEnd, "cancel/", { cancel_at_period_end: true });
  await post(ids.cancelAtDate, "cancel/", { cancel_at: "2026-06-10T00:00:00.000Z" });
  // an upgrade mid-period: its proration waits as pending lines for the next run (next_invoice)
  await post(ids.itemChange, "items/update/", {
    contract_item: await itemOf(ids.itemChange),
    price: w.ids.premiumMonthly,
    proration_behavior: "create_prorations",
  });
  await post(ids.itemEnds, "items/remove/", {
    contract_item: await itemOf(ids.itemEnds, 1),
    effective_at: "2026-02-05T00:00:00.000Z",
  });
  // a downgrade to credit that the following runs use automatically
  await post(ids.autoCredit, "items/update/", {
    contract_item: await itemOf(ids.autoCredit),
    price: w.ids.basicMonthly,
    proration_behavior: "create_prorations",
    settlement_behavior: "credit_balance",
  });
}

it("a year of upcoming runs of a mixed portfolio equals, field by field, the runs the test clock bills", async () => {
  const w = await newWorld();
  at(T0);
  const ids = await portfolio(w);
  await advance(w, SET_UP);
  await changes(w, ids);
  const regularRuns = async (id: number) =>
    (await runsOf(w, id)).filter((r) => r.kind === "regular" && r.scheduled_at > SET_UP);
  const before = await Promise.all(Object.values(ids).map(async (id) => (await runsOf(w, id)).length));
  const projected = new Map<string, any[]>();
  const next = new Map<string, any[]>();
  for (const [name, id] of Object.entries(ids)) {
    const year = ok(await w.get(`/v2/subscription-contracts/${id}/upcoming/?until=${YEAR_LATER}`));
    expect(year).toMatchObject({ contract_id: id, currency: "EUR", until: YEAR_LATER });
    projected.set(name, year.results);
    next.set(name, ok(await w.get(`/v2/subscription-contracts/${id}/upcoming/`)).results);
  }
  // nothing was written by projecting
  expect(await Promise.all(Object.values(ids).map(async (id) => (await runsOf(w, id)).length))).toEqual(before);
  await advance(w, YEAR_LATER);
  for (const [name, id] of Object.entries(ids)) {
    const billed = (await regularRuns(id)).map(asUpcoming);
    expect(projected.get(name)!.map(comparable), name).toEqual(billed);
    expect(next.get(name)!.map(comparable), `${name}: the next run`).toEqual(billed.slice(0, 1));
  }
  // the portfolio covers what it claims to
  const count = (name: string) => projected.get(name)!.length;
  expect([count("monthly"), count("yearly"), count("weekly"), count("cancelAtPeriodEnd")]).toEqual([12, 1, 51, 0]);
  expect(count("cancelAtDate")).toBe(4);
  expect(projected.get("pause")![1].lines[0].proration_reason).toBe("paused");
  expect(projected.get("itemChange")![0].lines.map((l: any) => l.kind)).toContain("proration");
  expect(projected.get("autoCredit")![0].credit_applied_amount).not.toBe("0.0000");
  expect(new Set(projected.get("priceVersion")!.map((r) => r.lines[0].price_version_id)).size).toBe(2);
  const recurring = (r: any) => r.lines.filter((l: any) => l.kind === "recurring").length;
  expect(projected.get("itemEnds")!.map(recurring)).toEqual(Array(12).fill(1));
}, 180_000);

it("until: default the next run; at most 24 months ahead; 404 for another account's contract", async () => {
  const w = await newWorld();
  at(T0);
  const id = (await createContract(w, { items: [{ price: w.ids.basicMonthly }] })).id;
  const first = ok(await w.get(`/v2/subscription-contracts/${id}/upcoming/`));
  expect(first.until).toBeNull();
  expect(first.results.map((r: any) => [r.scheduled_at, r.total_amount, r.next_billing_at])).toEqual([
    ["2026-02-10T00:00:00.000Z", "12.2760", "2026-03-10T00:00:00.000Z"],
  ]);
  expect(first.results[0].lines[0].description).toContain("9.9000");
  const byDate = ok(await w.get(`/v2/subscription-contracts/${id}/upcoming/?until=2026-04-10`));
  expect(byDate.results.map((r: any) => r.scheduled_at)).toEqual([
    "2026-02-10T00:00:00.000Z",
    "2026-03-10T00:00:00.000Z",
    "2026-04-10T00:00:00.000Z",
  ]);
  expect(ok(await w.get(`/v2/subscription-contracts/${id}/upcoming/?until=2028-01-09`)).results).toHaveLength(23);
  const tooFar = await w.get(`/v2/subscription-contracts/${id}/upcoming/?until=2028-01-11`);
  expect(tooFar.status).toBe(400);
  expect(tooFar.body.until).toBeDefined();
  expect((await w.get(`/v2/subscription-contracts/${id}/upcoming/?until=soon`)).status).toBe(400);
  const other = await newWorld();
  expect((await other.get(`/v2/subscription-contracts/${id}/upcoming/`)).status).toBe(404);
}, 180_000);
