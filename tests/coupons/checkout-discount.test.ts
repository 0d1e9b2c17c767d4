// Promotion codes and coupons at checkout and at direct contract creation, amounts by hand:
// basic monthly is 9.90 EUR + 24 % VAT exclusive; with 20 % off: 7.92 + 1.9008 = 9.8208.
import { afterEach, describe, expect, it } from "vitest";
import { expect400 } from "@/tests/api/_util";
import { advance, at, createContract, newWorld, ok, readContract, runsOf, type World } from "@/tests/billing/_world";
import { db } from "@/tests/helpers";

const T0 = "2026-01-10T00:00:00.000Z";
const TRIAL_END = "2026-01-24T00:00:00.000Z";
afterEach(() => at(null));

async function spring20(w: World, extra: Record<string, unknown> = {}) {
  const coupon = ok(
    await w.post("/v2/coupons/", {
      name: "Spring",
      percent_off: "20",
      duration: "repeating",
      duration_in_periods: 3,
      ...extra,
    }),
    201,
  );
  ok(await w.post("/v2/promotion-codes/", { coupon: coupon.id, code: "SPRING20" }), 201);
  return coupon;
}

const checkoutBody = (w: World, extra: Record<string, unknown>) => ({
  customer_reference: "cust-1001",
  items: [{ price: w.ids.basicMonthly }],
  account_payment_processor: w.ids.cardProcessor,
  ...extra,
});

const redemptions = (w: World) => db().couponRedemption.count({ where: { accountId: w.accountId } });

describe("a checkout with a promotion code", () => {
  it("shows the discount, charges the discounted first run and starts the contract's discount (redeemed once)", async () => {
    const w = await newWorld();
    at(T0);
    const coupon = await spring20(w);
    const chk = ok(await w.post("/v2/checkouts/", checkoutBody(w, { promotion_code: "spring20" })), 201);
    expect(chk).toMatchObject({ subtotal_amount: "7.9200", tax_amount: "1.9008", total_amount: "9.8208" });
    expect(chk.quote_snapshot).toMatchObject({ discount: { promotion_code: "SPRING20", coupon: { id: coupon.id } } });
    // nothing is redeemed before the contract exists
    expect(await redemptions(w)).toBe(0);
    const done = ok(await w.post(`/v2/checkouts/${chk.token}/finalize/`, {}));
    expect(done.status).toBe("succeeded");
    const [initial] = await runsOf(w, done.contract_id);
    expect(initial).toMatchObject({ state: "succeeded", total_amount: "9.8208" });
    const contract = await readContract(w, done.contract_id);
    // the first period used one of the three runs
    expect(contract.discount).toMatchObject({
      promotion_code: "SPRING20",
      runs_remaining: 2,
      covered_until: "2026-02-10T00:00:00.000Z",
    });
    expect(await redemptions(w)).toBe(1);
    expect(ok(await w.get(`/v2/coupons/${coupon.id}/`)).times_redeemed).toBe(1);
    // a repeated finalize redeems nothing more
    ok(await w.post(`/v2/checkouts/${chk.token}/finalize/`, {}));
    expect(await redemptions(w)).toBe(1);
    await advance(w, "2026-04-10T00:00:00.000Z");
    const totals = (await runsOf(w, done.contract_id)).map((r) => r.total_amount);
    expect(totals).toEqual(["9.8208", "9.8208", "9.8208", "12.2760"]);
  }, 60_000);

  it("with a 14-day trial: nothing charged at finalize, the discounted month at the trial end with a receipt", async () => {
    const w = await newWorld();
    at(T0);
    await spring20(w);
    const chk = ok(
      await w.post("/v2/checkouts/", checkoutBody(w, { promotion_code: "SPRING20", trial_days: 14 })),
      201,
    );
    expect(chk.total_amount).toBe("0.0000");
    expect(chk.quote_snapshot).toMatchObject({ trial_end_at: TRIAL_END, first_charge_amount: "9.8208" });
    const done = ok(await w.post(`/v2/checkouts/${chk.token}/finalize/`, {}));
    expect(done.status).toBe("succeeded");
    expect((await runsOf(w, done.contract_id)).map((r) => r.total_amount)).toEqual(["0.0000"]);
    expect((await readContract(w, done.contract_id)).discount).toMatchObject({ runs_remaining: 3 });
    await advance(w, TRIAL_END);
    const first = (await runsOf(w, done.contract_id))[1];
    expect(first).toMatchObject({ state: "succeeded", total_amount: "9.8208", period_start_at: TRIAL_END });
    expect((await readContract(w, done.contract_id)).discount).toMatchObject({ runs_remaining: 2 });
    const receipt = ok(await w.get(`/v2/billing-runs/${first.id}/receipt/`));
    expect(receipt.receipt_number).toMatch(/^R-\d{6}$/);
    expect(receipt).toMatchObject({
      subtotal_amount: "7.9200",
      discount_amount: "1.9800",
      tax_amount: "1.9008",
      total_amount: "9.8208",
      taxes: [{ rate: "24", policy: "exclusive", taxable_amount: "7.9200", tax_amount: "1.9008" }],
      charged_amount: "9.8200",
      rounding_adjustment_amount: "0.0008",
    });
    expect(receipt.lines).toHaveLength(1);
    expect(receipt.lines[0]).toMatchObject({
      unit_amount: "9.9000",
      discount_amount: "1.9800",
      subtotal_amount: "7.9200",
      tax_amount: "1.9008",
      total_amount: "9.8208",
    });
    expect(receipt.lines[0].explanation).toContain("20% coupon SPRING20");
  }, 60_000);

  it("an unknown or expired code: 400 on promotion_code and nothing is created", async () => {
    const w = await newWorld();
    at(T0);
    const coupon = await spring20(w);
    ok(
      await w.post("/v2/promotion-codes/", {
        coupon: coupon.id,
        code: "OLD",
        expires_at: "2026-01-11T00:00:00.000Z",
      }),
      201,
    );
    const before = await db().checkout.count({ where: { accountId: w.accountId } });
    expect400(await w.post("/v2/checkouts/", checkoutBody(w, { promotion_code: "NOPE" })), "promotion_code");
    at("2026-01-12T00:00:00.000Z");
    expect400(await w.post("/v2/checkouts/", checkoutBody(w, { promotion_code: "OLD" })), "promotion_code");
    expect400(
      await w.post("/v2/subscription-contracts/", checkoutBody(w, { promotion_code: "NOPE" })),
      "promotion_code",
    );
    expect(await db().checkout.count({ where: { accountId: w.accountId } })).toBe(before);
    expect(
      await db().subscriptionContract.count({
        where: { accountId: w.accountId, customer: { reference: "cust-1001" } },
      }),
    ).toBe(0);
    expect(await redemptions(w)).toBe(0);
  }, 60_000);
});

describe("direct contract creation with a coupon", () => {
  it("prices the initial run with it, starts the discount and enforces max redemptions", async () => {
    const w = await newWorld();
    at(T0);
    const coupon = await spring20(w, { max_redemptions: 1, duration: "once", duration_in_periods: undefined });
    const contract = await createContract(w, {
      items: [{ price: w.ids.basicMonthly }],
      initial_billing_mode: "create_initial_run",
      coupon: coupon.id,
    });
    expect(contract.initial_billing_run).toMatchObject({ total_amount: "9.8208" });
    // once: the first period was that run; the discount shows while that period is in progress
    expect(contract.discount).toMatchObject({ coupon: { id: coupon.id }, runs_remaining: 0 });
    expect400(
      await w.post("/v2/subscription-contracts/", {
        customer_reference: "cust-1002",
        items: [{ price: w.ids.basicMonthly }],
        coupon: coupon.id,
      }),
      "coupon",
    );
    const none = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    expect(none.discount).toBeNull();
    await advance(w, "2026-02-10T00:00:00.000Z");
    expect((await runsOf(w, contract.id)).map((r) => r.total_amount)).toEqual(["9.8208", "12.2760"]);
  }, 60_000);
});
