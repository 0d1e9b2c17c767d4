// Coupons and promotion codes (an extension of the spec) through the REST API and the test clock, with
// hand-computed amounts: Streaming Basic 9.90 EUR/month + 24 % exclusive VAT; Printed Magazine 12.00 EUR/month
// (billing day 1) with 10 % inclusive VAT.
import { afterEach, describe, expect, it } from "vitest";
import { advance, at, createContract, newWorld, ok, runDetail, runsOf, type World } from "./_world";

afterEach(() => at(null));

const T0 = "2026-01-10T00:00:00.000Z";

async function coupon(w: World, body: Record<string, unknown>) {
  return ok(await w.post("/v2/coupons/", { name: "Test coupon", ...body }), 201);
}
async function code(w: World, couponId: number, code: string, extra: Record<string, unknown> = {}) {
  return ok(await w.post("/v2/promotion-codes/", { coupon: couponId, code, ...extra }), 201);
}
const regular = async (w: World, id: number) => (await runsOf(w, id)).filter((r) => r.kind === "regular");

describe("percentage coupon for 3 periods", () => {
  it("discounts the next three regular runs and not the fourth; upcoming runs equal the billed ones", async () => {
    const w = await newWorld();
    at(T0);
    const c = await coupon(w, { percent_off: "20", duration: "repeating", duration_in_periods: 3 });
    await code(w, c.id, "Spring20");
    const contract = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    // codes are case-insensitive
    const applied = ok(
      await w.post(`/v2/subscription-contracts/${contract.id}/discount/`, { promotion_code: "SPRING20" }),
    );
    expect(applied.discount).toMatchObject({ promotion_code: "Spring20", runs_remaining: 3, coupon: { id: c.id } });
    const upcoming = ok(await w.get(`/v2/subscription-contracts/${contract.id}/upcoming/?until=2026-05-10`));
    // 9.90 × 0.8 = 7.92 + 24 % = 1.9008 → 9.8208; then 9.90 + 2.3760 = 12.2760
    expect(upcoming.results.map((r: any) => r.total_amount)).toEqual(["9.8208", "9.8208", "9.8208", "12.2760"]);
    await advance(w, "2026-05-10T00:00:00.000Z");
    const runs = await regular(w, contract.id);
    expect(runs.map((r) => [r.scheduled_at, r.total_amount])).toEqual([
      ["2026-02-10T00:00:00.000Z", "9.8208"],
      ["2026-03-10T00:00:00.000Z", "9.8208"],
      ["2026-04-10T00:00:00.000Z", "9.8208"],
      ["2026-05-10T00:00:00.000Z", "12.2760"],
    ]);
    const first = await runDetail(w, runs[0].id);
    expect(first.lines[0].line_total_amount).toBe("7.9200");
    expect(first.lines[0].description).toContain("x (1 - 20% coupon Spring20)");
    const last = await runDetail(w, runs[3].id);
    expect(last.lines[0].description).not.toContain("coupon");
    // the discount is over: the contract no longer shows one
    expect(ok(await w.get(`/v2/subscription-contracts/${contract.id}/`)).discount).toBeNull();
    expect(ok(await w.get(`/v2/coupons/${c.id}/`)).times_redeemed).toBe(1);
  });

  it("prorates an upgrade during a discounted period with the coupon (credit and charge)", async () => {
    const w = await newWorld();
    at(T0);
    const c = await coupon(w, { percent_off: "20", duration: "repeating", duration_in_periods: 3 });
    const contract = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    ok(await w.post(`/v2/subscription-contracts/${contract.id}/discount/`, { coupon: c.id }));
    await advance(w, "2026-02-24T00:00:00.000Z");
    at("2026-02-24T00:00:00.000Z");
    const item = ok(await w.get(`/v2/subscription-contracts/${contract.id}/`)).items[0].id;
    ok(
      await w.post(`/v2/subscription-contracts/${contract.id}/items/update/`, {
        contract_item: item,
        quantity: 2,
        proration_behavior: "create_prorations",
      }),
    );
    await advance(w, "2026-03-10T00:00:00.000Z");
    const runs = await regular(w, contract.id);
    const march = await runDetail(w, runs[1].id);
    // Feb 24 → Mar 10 is 14 of 28 days: credit −9.90 × 0.8 × 0.5 = −3.96, charge 2 × 9.90 × 0.8 × 0.5 = 7.92;
    // the March period: 2 × 9.90 × 0.8 = 15.84
    const totals = march.lines.map((l: any) => l.line_total_amount).sort();
    expect(totals).toEqual(["-3.9600", "15.8400", "7.9200"]);
    for (const line of march.lines) expect(line.description).toContain("20% coupon Test coupon");
    // (15.84 + 3.96) × 1.24 = 24.552
    expect(march.total_amount).toBe("24.5520");
  });
});

describe("fixed amount coupon", () => {
  it("takes 5 EUR off an inclusive-tax line and recomputes its tax (quote and billed run)", async () => {
    const w = await newWorld();
    const start = "2026-02-01T00:00:00.000Z";
    at(start);
    const c = await coupon(w, { amounts_off: { EUR: "5" }, duration: "once" });
    await code(w, c.id, "FIVE");
    const quote = ok(
      await w.post("/v2/subscription-offer-quotes/", {
        items: [{ price: w.ids.magazineMonthly }],
        promotion_code: "five",
      }),
    );
    // 12.00 − 5.00 = 7.00 inclusive of 10 %: tax 7 × 10/110 = 0.6364, net 6.3636
    expect(quote.recurring_items[0]).toMatchObject({
      line_total_amount: "7.0000",
      line_tax_amount: "0.6364",
      line_subtotal_amount: "6.3636",
    });
    expect(quote.recurring_items[0].explanation).toContain("- 5.0000 coupon FIVE = 7.0000; tax 10% inclusive: 0.6364");
    expect(quote.total_amount).toBe("7.0000");
    // once: the renewal is not discounted
    expect(quote.recurring_total_amount).toBe("12.0000");
    expect(quote.discount).toMatchObject({ promotion_code: "FIVE", coupon: { id: c.id } });

    const contract = await createContract(w, { items: [{ price: w.ids.magazineMonthly }] });
    ok(await w.post(`/v2/subscription-contracts/${contract.id}/discount/`, { promotion_code: "FIVE" }));
    await advance(w, "2026-04-01T00:00:00.000Z");
    const runs = await regular(w, contract.id);
    expect(runs.map((r) => [r.scheduled_at, r.subtotal_amount, r.tax_amount, r.total_amount])).toEqual([
      ["2026-03-01T00:00:00.000Z", "6.3636", "0.6364", "7.0000"],
      // 12.00 inclusive: tax 1.0909
      ["2026-04-01T00:00:00.000Z", "10.9091", "1.0909", "12.0000"],
    ]);
  });
});

describe("redemption rules", () => {
  it("enforces max redemptions, also for two concurrent redemptions of the last one", async () => {
    const w = await newWorld();
    at(T0);
    const c = await coupon(w, { percent_off: "10", duration: "forever", max_redemptions: 2 });
    const ids = [];
    for (let k = 0; k < 3; k++) ids.push((await createContract(w, { items: [{ price: w.ids.basicMonthly }] })).id);
    ok(await w.post(`/v2/subscription-contracts/${ids[0]}/discount/`, { coupon: c.id }));
    const both = await Promise.all(
      ids.slice(1).map((id) => w.post(`/v2/subscription-contracts/${id}/discount/`, { coupon: c.id })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body).toMatchObject({
      coupon: ["This coupon has been fully redeemed."],
    });
    expect(ok(await w.get(`/v2/coupons/${c.id}/`)).times_redeemed).toBe(2);
    expect(ok(await w.get(`/v2/coupons/${c.id}/redemptions/`))).toHaveLength(2);
  });

  it("refuses expired, inactive and used-up codes with 400 on promotion_code", async () => {
    const w = await newWorld();
    at(T0);
    const c = await coupon(w, { percent_off: "10", duration: "once" });
    await code(w, c.id, "OLD", { expires_at: "2026-01-05T00:00:00Z" });
    const off = await code(w, c.id, "OFF");
    ok(await w.post(`/v2/promotion-codes/${off.id}/deactivate/`));
    await code(w, c.id, "ONCE", { max_redemptions: 1 });
    const contract = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    const apply = (promotion_code: string) =>
      w.post(`/v2/subscription-contracts/${contract.id}/discount/`, { promotion_code });
    expect(await apply("old")).toMatchObject({
      status: 400,
      body: { promotion_code: ["This promotion code has expired."] },
    });
    expect(await apply("OFF")).toMatchObject({
      status: 400,
      body: { promotion_code: ["This promotion code is inactive."] },
    });
    expect(await apply("NOPE")).toMatchObject({
      status: 400,
      body: { promotion_code: ["This promotion code does not exist."] },
    });
    ok(await apply("ONCE"));
    expect(await apply("ONCE")).toMatchObject({
      status: 400,
      body: { promotion_code: ["This promotion code has been fully redeemed."] },
    });
    ok(await w.post(`/v2/coupons/${c.id}/deactivate/`));
    const quote = await w.post("/v2/subscription-offer-quotes/", {
      items: [{ price: w.ids.basicMonthly }],
      coupon: c.id,
    });
    expect(quote).toMatchObject({ status: 400, body: { coupon: ["This coupon is inactive."] } });
  });

  it("another account's coupon and code are not found", async () => {
    const w = await newWorld();
    const other = await newWorld();
    at(T0);
    const c = await coupon(other, { percent_off: "10", duration: "once" });
    const p = await code(other, c.id, "THEIRS");
    expect((await w.get(`/v2/coupons/${c.id}/`)).status).toBe(404);
    expect((await w.post(`/v2/coupons/${c.id}/deactivate/`)).status).toBe(404);
    expect((await w.get(`/v2/promotion-codes/${p.id}/`)).status).toBe(404);
    // the same code may exist in another account; it does not redeem theirs
    const quote = await w.post("/v2/subscription-offer-quotes/", {
      items: [{ price: w.ids.basicMonthly }],
      promotion_code: "THEIRS",
    });
    expect(quote).toMatchObject({ status: 400, body: { promotion_code: ["This promotion code does not exist."] } });
    expect(ok(await w.get("/v2/coupons/?active=all"))).toEqual([]);
  });

  it("validates coupon bodies", async () => {
    const w = await newWorld();
    expect(await w.post("/v2/coupons/", { name: "x", duration: "once" })).toMatchObject({
      status: 400,
      body: { non_field_errors: ["Exactly one of percent_off or amounts_off must be given."] },
    });
    expect(await w.post("/v2/coupons/", { name: "x", percent_off: "5", duration: "repeating" })).toMatchObject({
      status: 400,
      body: { duration_in_periods: ["Required when duration is repeating."] },
    });
    const c = await coupon(w, { percent_off: "5", duration: "once" });
    await code(w, c.id, "dup");
    expect(await w.post("/v2/promotion-codes/", { coupon: c.id, code: "DUP" })).toMatchObject({
      status: 400,
      body: { code: ["A promotion code with this code already exists."] },
    });
  });
});
