// Trials (an extension of the spec) through the REST API and the test clock, amounts computed by hand:
// basic monthly is 9.90 EUR + 24 % VAT exclusive = 9.9000 + 2.3760 = 12.2760 a month.
import { afterEach, describe, expect, it } from "vitest";
import { expect400 } from "@/tests/api/_util";
import { advance, at, createContract, newWorld, ok, readContract, runsOf, type World } from "@/tests/billing/_world";
import { db } from "@/tests/helpers";

const T0 = "2026-01-10T00:00:00.000Z";
const TRIAL_END = "2026-01-24T00:00:00.000Z"; // 14 days later
afterEach(() => at(null));

const eventsOf = async (w: World, type: string) =>
  db().outboxEvent.findMany({ where: { accountId: w.accountId, type }, orderBy: { id: "asc" } });

const brief = (r: any) => ({
  state: r.state,
  start: r.period_start_at,
  end: r.period_end_at,
  total: r.total_amount,
});

describe("a 14-day trial, then monthly", () => {
  it("the quote shows the trial, nothing due now and the first charge at the trial end", async () => {
    const w = await newWorld();
    at(T0);
    const q = ok(
      await w.post("/v2/subscription-offer-quotes/", { items: [{ price: w.ids.basicMonthly }], trial_days: 14 }),
    );
    expect(q).toMatchObject({
      trial_start_at: T0,
      trial_end_at: TRIAL_END,
      first_charge_at: TRIAL_END,
      first_charge_amount: "12.2760",
      total_amount: "0.0000",
      period_start_at: TRIAL_END,
      period_end_at: "2026-02-24T00:00:00.000Z",
      first_period_recurring_total_amount: "12.2760",
      recurring_total_amount: "12.2760",
    });
    expect(q.billing_schedule_preview.next_billing_dates[0]).toBe("2026-02-24T00:00:00.000Z");
    const plain = ok(await w.post("/v2/subscription-offer-quotes/", { items: [{ price: w.ids.basicMonthly }] }));
    expect(plain).toMatchObject({ trial_end_at: null, first_charge_at: null, first_charge_amount: null });
  }, 60_000);

  it("active and entitled during the trial, no run; the trial end bills exactly one month; then monthly from there", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }], trial_days: 14 });
    expect(c).toMatchObject({
      state: "active",
      trial_start_at: T0,
      trial_end_at: TRIAL_END,
      trial_end_behavior: "cancel",
      next_billing_at: TRIAL_END,
      billing_anchor_at: TRIAL_END,
      service_active: true,
      service_state: "active",
    });
    await advance(w, "2026-01-23T23:00:00.000Z");
    expect(await runsOf(w, c.id)).toEqual([]);
    expect((await readContract(w, c.id)).service_active).toBe(true);
    await advance(w, TRIAL_END);
    expect((await runsOf(w, c.id)).map(brief)).toEqual([
      { state: "succeeded", start: TRIAL_END, end: "2026-02-24T00:00:00.000Z", total: "12.2760" },
    ]);
    expect(await readContract(w, c.id)).toMatchObject({ state: "active", next_billing_at: "2026-02-24T00:00:00.000Z" });
    await advance(w, "2026-02-24T00:00:00.000Z");
    expect((await runsOf(w, c.id)).map(brief)[1]).toEqual({
      state: "succeeded",
      start: "2026-02-24T00:00:00.000Z",
      end: "2026-03-24T00:00:00.000Z",
      total: "12.2760",
    });
    // the notices: 3 days before the end, and at the end (once each)
    const willEnd = await eventsOf(w, "subscription_contract.trial_will_end");
    const ended = await eventsOf(w, "subscription_contract.trial_ended");
    expect(willEnd.map((e) => e.createdAt.toISOString())).toEqual(["2026-01-21T00:00:00.000Z"]);
    expect(ended.map((e) => e.createdAt.toISOString())).toEqual([TRIAL_END]);
    expect((ended[0].payload as any).data).toMatchObject({ id: c.id, state: "active" });
  }, 60_000);

  it("trial_end_at works like trial_days", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }], trial_end_at: TRIAL_END });
    expect(c).toMatchObject({ trial_start_at: T0, trial_end_at: TRIAL_END, next_billing_at: TRIAL_END });
  }, 60_000);
});

describe("a trial with a fixed billing day (spec 4.9)", () => {
  it("the first period runs from the trial end to the fixed day, prorated; then whole months", async () => {
    // magazine: 12.00 EUR a month, inclusive tax, billed on the 1st. Trial Jan 10 → Jan 24; the first period
    // Jan 24 → Feb 1 is 8 of 31 days: factor 0.258065, 12 × 0.258065 = 3.09678 → 3.0968
    const w = await newWorld();
    at(T0);
    const body = { items: [{ price: w.ids.magazineMonthly }], trial_days: 14 };
    const q = ok(await w.post("/v2/subscription-offer-quotes/", body));
    expect(q).toMatchObject({ first_charge_at: TRIAL_END, first_charge_amount: "3.0968", total_amount: "0.0000" });
    expect(q.recurring_items[0]).toMatchObject({ proration_factor: "0.258065", line_total_amount: "3.0968" });
    const c = await createContract(w, body);
    await advance(w, TRIAL_END);
    expect((await runsOf(w, c.id)).map(brief)).toEqual([
      { state: "succeeded", start: TRIAL_END, end: "2026-02-01T00:00:00.000Z", total: "3.0968" },
    ]);
    await advance(w, "2026-02-01T00:00:00.000Z");
    expect((await runsOf(w, c.id)).map(brief)[1]).toEqual({
      state: "succeeded",
      start: "2026-02-01T00:00:00.000Z",
      end: "2026-03-01T00:00:00.000Z",
      total: "12.0000",
    });
  }, 60_000);
});

describe("a trial without a payment method", () => {
  it("cancel (the default): the contract ends at the trial end, nothing billed", async () => {
    const w = await newWorld();
    at(T0);
    // Carol has no card
    const c = await createContract(w, {
      customer_reference: "cust-1003",
      items: [{ price: w.ids.basicMonthly }],
      trial_days: 14,
    });
    await advance(w, "2026-02-10T00:00:00.000Z");
    expect(await readContract(w, c.id)).toMatchObject({
      state: "canceled",
      ended_at: TRIAL_END,
      next_billing_at: null,
      service_active: false,
    });
    expect(await runsOf(w, c.id)).toEqual([]);
    const types = (await db().outboxEvent.findMany({ where: { accountId: w.accountId }, orderBy: { id: "asc" } }))
      .map((e) => e.type)
      .filter((t) => t.startsWith("subscription_contract.") && t !== "subscription_contract.created");
    expect(types).toEqual([
      "subscription_contract.trial_will_end",
      "subscription_contract.canceled",
      "subscription_contract.trial_ended",
    ]);
  }, 60_000);

  it("pause: the contract pauses at the trial end; resuming after adding a card bills a month from then", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, {
      customer_reference: "cust-1003",
      items: [{ price: w.ids.basicMonthly }],
      trial_days: 14,
      trial_end_behavior: "pause",
    });
    await advance(w, "2026-02-01T00:00:00.000Z");
    expect(await readContract(w, c.id)).toMatchObject({
      state: "paused",
      service_active: false,
      next_billing_at: null,
    });
    expect(await runsOf(w, c.id)).toEqual([]);
    const carol = await db().customer.findFirstOrThrow({ where: { accountId: w.accountId, reference: "cust-1003" } });
    await db().paymentMethod.create({
      data: {
        accountId: w.accountId,
        customerId: carol.id,
        processorId: w.ids.cardProcessor,
        collectionMethod: "card",
        verified: true,
        state: "active",
        token: "tok_sandbox_4242424242424242",
      },
    });
    at("2026-02-01T00:00:00.000Z");
    ok(await w.post(`/v2/subscription-contracts/${c.id}/resume/`, {}));
    await advance(w, "2026-02-01T00:00:00.000Z");
    expect((await runsOf(w, c.id)).map(brief)).toEqual([
      { state: "succeeded", start: "2026-02-01T00:00:00.000Z", end: "2026-03-01T00:00:00.000Z", total: "12.2760" },
    ]);
    expect(await readContract(w, c.id)).toMatchObject({ state: "active", service_active: true });
  }, 60_000);
});

describe("cancel during the trial", () => {
  it("ends the contract with no run, no credit and no charge", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }], trial_days: 14 });
    at("2026-01-15T00:00:00.000Z");
    const canceled = ok(await w.post(`/v2/subscription-contracts/${c.id}/cancel/`, {}));
    expect(canceled).toMatchObject({
      state: "canceled",
      ended_at: "2026-01-15T00:00:00.000Z",
      credit_balance: "0.0000",
    });
    await advance(w, "2026-03-01T00:00:00.000Z");
    expect(await runsOf(w, c.id)).toEqual([]);
    expect(await db().pendingLine.count({ where: { contractId: c.id } })).toBe(0);
  }, 60_000);
});

describe("changes during the trial", () => {
  it("an item added during the trial is free until the trial end, then billed with the others (no proration)", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }], trial_days: 14 });
    at("2026-01-15T00:00:00.000Z");
    ok(await w.post(`/v2/subscription-contracts/${c.id}/items/add/`, { price: w.ids.basicMonthly, quantity: 2 }));
    expect(await db().pendingLine.count({ where: { contractId: c.id } })).toBe(0);
    await advance(w, "2026-01-23T00:00:00.000Z");
    expect(await runsOf(w, c.id)).toEqual([]);
    await advance(w, TRIAL_END);
    // 3 × 12.2760 = 36.8280
    expect((await runsOf(w, c.id)).map(brief)).toEqual([
      { state: "succeeded", start: TRIAL_END, end: "2026-02-24T00:00:00.000Z", total: "36.8280" },
    ]);
  }, 60_000);
});

describe("bad trial input → 400 in the spec's error shape", () => {
  it("negative days, both fields, an end in the past", async () => {
    const w = await newWorld();
    at(T0);
    const items = [{ price: w.ids.basicMonthly }];
    for (const path of ["/v2/subscription-offer-quotes/", "/v2/subscription-contracts/"]) {
      const base = path.includes("contracts") ? { customer_reference: "cust-1001", items } : { items };
      expect400(await w.post(path, { ...base, trial_days: -1 }), "trial_days");
      expect400(await w.post(path, { ...base, trial_days: 0 }), "trial_days");
      expect400(await w.post(path, { ...base, trial_days: 14, trial_end_at: TRIAL_END }), "trial_end_at");
      expect400(await w.post(path, { ...base, trial_end_at: "2026-01-01T00:00:00Z" }), "trial_end_at");
      expect400(await w.post(path, { ...base, trial_end_behavior: "explode", trial_days: 3 }), "trial_end_behavior");
    }
    expect(
      await db().subscriptionContract.count({ where: { accountId: w.accountId, trialEndAt: { not: null } } }),
    ).toBe(0);
  }, 60_000);
});

describe("a trial through a checkout", () => {
  const checkoutBody = (w: World, extra: Record<string, unknown>) => ({
    items: [{ price: w.ids.basicMonthly }],
    account_payment_processor: w.ids.cardProcessor,
    trial_days: 14,
    ...extra,
  });

  it("with a payment method up front (the default): nothing charged at finalize, the month at the trial end", async () => {
    const w = await newWorld();
    at(T0);
    const chk = ok(await w.post("/v2/checkouts/", checkoutBody(w, { customer_reference: "cust-1001" })), 201);
    expect(chk).toMatchObject({ total_amount: "0.0000" });
    expect(chk.quote_snapshot).toMatchObject({ trial_end_at: TRIAL_END, first_charge_amount: "12.2760" });
    const done = ok(await w.post(`/v2/checkouts/${chk.token}/finalize/`, {}));
    expect(done.status).toBe("succeeded");
    const c = await readContract(w, done.contract_id);
    expect(c).toMatchObject({ state: "active", trial_end_at: TRIAL_END, service_active: true });
    expect((await runsOf(w, c.id)).map(brief)).toEqual([{ state: "succeeded", start: T0, end: T0, total: "0.0000" }]);
    await advance(w, TRIAL_END);
    expect((await runsOf(w, c.id)).map(brief)[1]).toEqual({
      state: "succeeded",
      start: TRIAL_END,
      end: "2026-02-24T00:00:00.000Z",
      total: "12.2760",
    });
  }, 60_000);

  it("a customer without a method: 400 unless the seller waived it (trial_requires_payment_method: false)", async () => {
    const w = await newWorld();
    at(T0);
    const required = ok(await w.post("/v2/checkouts/", checkoutBody(w, { customer_reference: "cust-1003" })), 201);
    expect400(await w.post(`/v2/checkouts/${required.token}/finalize/`, {}), "payment_method");
    const waived = ok(
      await w.post(
        "/v2/checkouts/",
        checkoutBody(w, { customer_reference: "cust-1003", trial_requires_payment_method: false }),
      ),
      201,
    );
    const done = ok(await w.post(`/v2/checkouts/${waived.token}/finalize/`, {}));
    expect(await readContract(w, done.contract_id)).toMatchObject({ state: "active", trial_end_at: TRIAL_END });
  }, 60_000);
});
