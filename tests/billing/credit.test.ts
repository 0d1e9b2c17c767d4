// Contract credit (spec 4.6): recorded, never used automatically; used explicitly through the extension
// POST /v2/billing-runs/{id}/apply-credit/ (after taxes and line totals, before the processor charge,
// partially or fully, no processor charge when it covers the run, never by the run that granted it);
// contracts created with auto_apply_credit=true keep the automatic use.
//   Streaming Basic monthly 9.9000 + VAT 24 % → 12.2760 a month; a processor is charged 12.28 (cents).
import { afterEach, describe, expect, it } from "vitest";
import { db, get, post } from "@/tests/helpers";
import {
  addCard,
  advance,
  at,
  createContract,
  newWorld,
  ok,
  readContract,
  runDetail,
  runsOf,
  type World,
} from "./_world";

const T0 = "2026-01-10T00:00:00.000Z";
afterEach(() => at(null));

const apply = (w: World, runId: number, body?: unknown, headers?: Record<string, string>) =>
  post(`/v2/billing-runs/${runId}/apply-credit/`, body, { key: w.key, headers });
const money = (r: any) => [
  r.total_amount,
  r.credit_applied_amount,
  r.amount_due,
  r.rounding_adjustment_amount,
  r.charged_amount,
];
/** total − credit − rounding = charged, exactly (four-digit strings as integers of 1/10 000) */
const reconciles = (r: any) => {
  const n = (s: string) => Math.round(Number(s) * 10_000);
  return n(r.total_amount) - n(r.credit_applied_amount) - n(r.rounding_adjustment_amount) === n(r.charged_amount);
};

const FEB10 = "2026-02-10T00:00:00.000Z";
/** a pause [Feb 10, Feb 17) of the billed [Feb 10, Mar 10): 7/28 = 0.25; 9.9 × 0.25 = 2.4750; tax 0.5940 → credit 3.0690 */
const SEVEN_DAYS = "2026-02-17T00:00:00.000Z";

/** Bob (cust-1002, declining card): the Feb 10 run fails; a pause from Feb 10 with proration credits it in part or whole. */
async function failedRunWithCredit(pauseEnd: string) {
  const w = await newWorld();
  at(T0);
  const c = await createContract(w, { customer_reference: "cust-1002", items: [{ price: w.ids.basicMonthly }] });
  await advance(w, FEB10);
  ok(
    await w.post(`/v2/subscription-contracts/${c.id}/pause/`, {
      start_date: FEB10,
      end_date: pauseEnd,
      proration_behavior: "create_prorations",
    }),
  );
  const [run] = await runsOf(w, c.id);
  expect(run).toMatchObject({ state: "failed", total_amount: "12.2760", credit_applied_amount: "0.0000" });
  return { w, c, run };
}

describe("credit is recorded, not used automatically (default)", () => {
  it("a pause credit stays on the contract while the next runs charge in full", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    expect(c.auto_apply_credit).toBe(false);
    await advance(w, "2026-02-24T00:00:00.000Z");
    ok(
      await w.post(`/v2/subscription-contracts/${c.id}/pause/`, {
        start_date: "2026-02-24T00:00:00.000Z",
        end_date: "2026-03-03T00:00:00.000Z",
        proration_behavior: "create_prorations",
      }),
    );
    // credit for [Feb 24, Mar 3) of [Feb 10, Mar 10): 7/28 = 0.25; 9.9 × 0.25 = 2.4750; tax 0.5940 → 3.0690
    expect((await readContract(w, c.id)).credit_balance).toBe("3.0690");
    await advance(w, "2026-04-10T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    expect(
      runs.map((r) => [r.period_start_at.slice(0, 10), ...money(r), r.attempts.map((a: any) => a.amount)]),
    ).toEqual([
      ["2026-02-10", "12.2760", "0.0000", "12.2760", "-0.0040", "12.2800", ["12.2800"]],
      ["2026-03-10", "12.2760", "0.0000", "12.2760", "-0.0040", "12.2800", ["12.2800"]],
      ["2026-04-10", "12.2760", "0.0000", "12.2760", "-0.0040", "12.2800", ["12.2800"]],
    ]);
    expect((await readContract(w, c.id)).credit_balance).toBe("3.0690");
    expect((await db().contractCredit.findMany({ where: { contractId: c.id } })).map((x) => x.kind)).toEqual(["grant"]);
  });

  it("a downgrade settled as credit_balance: the next run charges the full 12.2760 and the credit remains", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.premiumMonthly }] });
    at("2026-01-20T00:00:00.000Z");
    const u = ok(
      await w.post(`/v2/subscription-contracts/${c.id}/items/update/`, {
        contract_item: c.items[0].id,
        price: w.ids.basicMonthly,
        settlement_behavior: "credit_balance",
      }),
    );
    // (14.9 − 9.9) × 21/31 = 5 × 0.677419 = 3.3871; VAT 0.8129 → 4.2000
    expect(u.contract.credit_balance).toBe("4.2000");
    await advance(w, "2026-02-10T00:00:00.000Z");
    const [run] = await runsOf(w, c.id);
    expect([run.state, ...money(run)]).toEqual(["succeeded", "12.2760", "0.0000", "12.2760", "-0.0040", "12.2800"]);
    expect((await readContract(w, c.id)).credit_balance).toBe("4.2000");
  });
});

describe("POST /v2/billing-runs/{id}/apply-credit/", () => {
  it("partially, then the rest; the retry charges what is left in cents; every step reconciles", async () => {
    const { w, c, run } = await failedRunWithCredit(SEVEN_DAYS);
    let r = ok(await apply(w, run.id, { amount: "1.0000", reason: "goodwill" }));
    expect(money(r)).toEqual(["12.2760", "1.0000", "11.2760", "-0.0040", "11.2800"]);
    expect(r).toMatchObject({ state: "failed", attempt_count: 1 });
    expect(reconciles(r)).toBe(true);
    expect((await readContract(w, c.id)).credit_balance).toBe("2.0690");
    // without an amount: as much as there is (2.0690 < 11.2760 due)
    r = ok(await apply(w, run.id, {}));
    // 9.2070 due → 9.21 charged (half-up), rounding −0.0030
    expect(money(r)).toEqual(["12.2760", "3.0690", "9.2070", "-0.0030", "9.2100"]);
    expect(reconciles(r)).toBe(true);
    expect(r.transactions.filter((t: any) => t.type === "credit_applied").map((t: any) => t.amount)).toEqual([
      "1.0000",
      "2.0690",
    ]);
    expect(r.metadata.credit_applications.map((a: any) => [a.amount, a.reason])).toEqual([
      ["1.0000", "goodwill"],
      ["2.0690", null],
    ]);
    expect((await readContract(w, c.id)).credit_balance).toBe("0.0000");
    // nothing left to use
    expect(Object.keys(ok(await apply(w, run.id, {}), 400))).toEqual(["non_field_errors"]);
    // the Feb 11 retry charges what is left, 9.21, to a good card
    await addCard(w, w.ids.bob, "4242424242424242");
    await advance(w, "2026-02-11T00:00:00.000Z");
    const d = await runDetail(w, run.id);
    expect(d.state).toBe("succeeded");
    expect(d.attempts.map((a: any) => [a.attempt_no, a.state, a.amount])).toEqual([
      [1, "failed", "12.2800"],
      [2, "succeeded", "9.2100"],
    ]);
  });

  it("credit covering the whole run: the run succeeds at once with no processor attempt", async () => {
    // a pause over the whole billed period [Feb 10, Mar 10) credits all of it: 12.2760
    const { w, c, run } = await failedRunWithCredit("2026-03-10T00:00:00.000Z");
    expect((await readContract(w, c.id)).credit_balance).toBe("12.2760");
    const r = ok(await apply(w, run.id));
    expect(money(r)).toEqual(["12.2760", "12.2760", "0.0000", "0.0000", "0.0000"]);
    expect(r).toMatchObject({ state: "succeeded", attempt_count: 1, next_attempt_at: null });
    expect(r.attempts.map((a: any) => a.state)).toEqual(["failed"]);
    expect(await readContract(w, c.id)).toMatchObject({ credit_balance: "0.0000", billing_attention_required: false });
    // a settled run takes no more credit and no retry
    expect(ok(await apply(w, run.id, { amount: "0.0001" }), 400)).toHaveProperty("non_field_errors");
  });

  it("amounts above the credit or the amount due, and zero, are 400 `amount`; nothing is recorded", async () => {
    const { w, run } = await failedRunWithCredit(SEVEN_DAYS);
    for (const amount of ["3.0691", "0", "abc", "1.00001"])
      expect(Object.keys(ok(await apply(w, run.id, { amount }), 400))).toEqual(["amount"]);
    expect((await runDetail(w, run.id)).credit_applied_amount).toBe("0.0000");
  });

  it("refused for the run that granted the credit; 400 for a succeeded run; 404 for another account's run or an unknown id", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, {
      customer_reference: "cust-1002",
      items: [{ price: w.ids.basicMonthly }],
      initial_billing_mode: "create_initial_run",
    });
    const initialId = c.initial_billing_run.id;
    await advance(w, "2026-01-10T01:00:00.000Z");
    expect((await runDetail(w, initialId)).state).toBe("failed");
    await db().contractCredit.create({
      data: {
        accountId: w.accountId,
        contractId: c.id,
        amount: "5.0000",
        currency: "EUR",
        kind: "grant",
        reason: "granted by the initial run",
        billingRunId: initialId,
        createdAt: new Date(T0),
      },
    });
    expect(ok(await apply(w, initialId), 400).non_field_errors[0]).toMatch(/same run/);
    expect(await runDetail(w, initialId)).toMatchObject({ credit_applied_amount: "0.0000", state: "failed" });
    // a succeeded run (Alice's) cannot take credit
    const a = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    await db().contractCredit.create({
      data: {
        accountId: w.accountId,
        contractId: a.id,
        amount: "5.0000",
        currency: "EUR",
        kind: "grant",
        reason: "test",
        createdAt: new Date(T0),
      },
    });
    await advance(w, "2026-02-10T01:00:00.000Z");
    const [paid] = (await runsOf(w, a.id)).filter((r) => r.state === "succeeded");
    expect(paid.credit_applied_amount).toBe("0.0000");
    expect(ok(await apply(w, paid.id), 400).non_field_errors[0]).toMatch(/succeeded/);
    expect((await post(`/v2/billing-runs/${initialId}/apply-credit/`, {}, { key: w.keys.otherSecret })).status).toBe(
      404,
    );
    expect((await apply(w, 99_999_999)).status).toBe(404);
    expect((await get(`/v2/billing-runs/${initialId}/`, { key: w.keys.otherSecret })).status).toBe(404);
  });

  it("is idempotent under an Idempotency-Key: the replay returns the first response and uses no more credit", async () => {
    const { w, c, run } = await failedRunWithCredit(SEVEN_DAYS);
    const first = await apply(w, run.id, { amount: "1.5000" }, { "Idempotency-Key": "apply-1" });
    const again = await apply(w, run.id, { amount: "1.5000" }, { "Idempotency-Key": "apply-1" });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await runDetail(w, run.id)).credit_applied_amount).toBe("1.5000");
    expect((await readContract(w, c.id)).credit_balance).toBe("1.5690");
    // the key's outcome was stored with the credit use, in its transaction (a crash cannot separate them)
    expect(
      await db().idempotencyRecord.findFirstOrThrow({
        where: { accountId: w.accountId, key: "apply-1" },
        select: { state: true, resourceType: true, resourceId: true, responseBody: true },
      }),
    ).toEqual({ state: "done", resourceType: "billing_run", resourceId: run.id, responseBody: first.body });
  });

  it("a scheduled adjustment run takes credit before the worker charges it", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    await db().contractCredit.create({
      data: {
        accountId: w.accountId,
        contractId: c.id,
        amount: "2.0000",
        currency: "EUR",
        kind: "grant",
        reason: "test",
        createdAt: new Date(T0),
      },
    });
    at("2026-01-20T00:00:00.000Z");
    const u = ok(
      await w.post(`/v2/subscription-contracts/${c.id}/items/add/`, {
        price: w.ids.sportsMonthly,
        settlement_behavior: "invoice_now",
      }),
    );
    const adj = await runDetail(w, u.adjustment_billing_run_id);
    expect(adj.state).toBe("scheduled");
    const r = ok(await apply(w, adj.id));
    expect(r).toMatchObject({ state: "scheduled", credit_applied_amount: "2.0000" });
    expect(reconciles(r)).toBe(true);
    await advance(w, "2026-01-20T00:00:01.000Z");
    const d = await runDetail(w, adj.id);
    expect(d.state).toBe("succeeded");
    expect(d.attempts.map((a: any) => a.amount)).toEqual([d.charged_amount]);
    expect(reconciles(d)).toBe(true);
  });
});

describe("auto_apply_credit=true (extension): the former automatic use", () => {
  it("the next run applies the credit and charges the rest", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }], auto_apply_credit: true });
    expect(c.auto_apply_credit).toBe(true);
    await advance(w, "2026-02-24T00:00:00.000Z");
    ok(
      await w.post(`/v2/subscription-contracts/${c.id}/pause/`, {
        start_date: "2026-02-24T00:00:00.000Z",
        end_date: "2026-03-03T00:00:00.000Z",
        proration_behavior: "create_prorations",
      }),
    );
    await advance(w, "2026-04-10T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    expect(
      runs.map((r) => [r.period_start_at.slice(0, 10), ...money(r), r.attempts.map((a: any) => a.amount)]),
    ).toEqual([
      ["2026-02-10", "12.2760", "0.0000", "12.2760", "-0.0040", "12.2800", ["12.2800"]],
      // 12.2760 − 3.0690 = 9.2070 due → 9.21 charged
      ["2026-03-10", "12.2760", "3.0690", "9.2070", "-0.0030", "9.2100", ["9.2100"]],
      ["2026-04-10", "12.2760", "0.0000", "12.2760", "-0.0040", "12.2800", ["12.2800"]],
    ]);
    expect((await readContract(w, c.id)).credit_balance).toBe("0.0000");
  });

  it("credit covering the whole run: no processor attempt; credit a run granted is not used by it", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, {
      items: [{ price: w.ids.basicMonthly }],
      auto_apply_credit: true,
      initial_billing_mode: "create_initial_run",
    });
    const initialId = c.initial_billing_run.id;
    await db().contractCredit.create({
      data: {
        accountId: w.accountId,
        contractId: c.id,
        amount: "5.0000",
        currency: "EUR",
        kind: "grant",
        reason: "granted by the initial run",
        billingRunId: initialId,
        createdAt: new Date(T0),
      },
    });
    await advance(w, "2026-02-10T00:00:00.000Z");
    ok(
      await w.post(`/v2/subscription-contracts/${c.id}/pause/`, {
        start_date: "2026-02-10T00:00:00.000Z",
        end_date: "2026-03-10T00:00:00.000Z",
        proration_behavior: "create_prorations",
      }),
    );
    await advance(w, "2026-03-10T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    expect(runs.map((r) => [r.kind, ...money(r), r.attempt_count])).toEqual([
      ["initial", "12.2760", "0.0000", "12.2760", "-0.0040", "12.2800", 1],
      // Feb 10: the initial run's 5.0000 → 7.2760 due
      ["regular", "12.2760", "5.0000", "7.2760", "-0.0040", "7.2800", 1],
      // Mar 10: the pause credited the whole February period (12.2760): nothing charged
      ["regular", "12.2760", "12.2760", "0.0000", "0.0000", "0.0000", 0],
    ]);
    expect(runs[2].state).toBe("succeeded");
  });
});
