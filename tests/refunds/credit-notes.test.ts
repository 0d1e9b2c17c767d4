// Money flowing back through the REST interface, every amount computed here by hand:
//   Streaming Basic monthly 9.90 EUR + VAT 24 % = 12.276, charged 12.28 (the run's total in cents).
//   A full refund is 12.28 (tax 2.38 = 12.28 × 2.376 / 12.276, rounded to the cent).
//   The first run bills Feb 10 – Mar 10 (28 days); half of it, Feb 10 – Feb 24, is a share of 1/2:
//   subtotal 9.90 / 2 = 4.95, tax 2.376 / 2 = 1.188 → 1.19, total 6.14.
import { afterEach, describe, expect, it } from "vitest";
import { advance, at, createContract, newWorld, ok, runDetail, runsOf, type World } from "@/tests/billing/_world";
import { db } from "@/tests/helpers";

const T0 = "2026-01-10T00:00:00.000Z";
const FEB10 = "2026-02-10T00:00:00.000Z";
afterEach(() => at(null));

/** A world with one Streaming Basic contract for `customer` and its first paid (or failed) run. */
async function paidRun(customer = "cust-1001") {
  const w = await newWorld();
  at(T0);
  const contract = await createContract(w, { customer_reference: customer, items: [{ price: w.ids.basicMonthly }] });
  await advance(w, FEB10);
  const [run] = await runsOf(w, contract.id);
  return { w, contract, run: await runDetail(w, run.id) };
}

const refund = (w: World, runId: number, body: unknown) => w.post(`/v2/billing-runs/${runId}/refunds/`, body);
const creditNote = (w: World, runId: number, body: unknown) => w.post(`/v2/billing-runs/${runId}/credit-notes/`, body);

describe("refunds", () => {
  it("a full refund by amount: one credit note CN-000001, refunded to the card at once, nothing left to refund", async () => {
    const { w, run } = await paidRun();
    expect([run.state, run.total_amount]).toEqual(["succeeded", "12.2760"]);
    const note = ok(await refund(w, run.id, { amount: "12.28", reason: "customer asked" }), 201);
    expect(note).toMatchObject({
      number: "CN-000001",
      kind: "refund",
      billing_run_id: run.id,
      receipt_number: expect.any(String),
      currency: "EUR",
      subtotal_amount: "9.9000",
      tax_amount: "2.3800",
      total_amount: "12.2800",
      refund_amount: "12.2800",
      credit_amount: "0.0000",
      refunded_amount: "12.2800",
    });
    expect(note.refunds).toMatchObject([{ amount: "12.2800", state: "succeeded", method: "processor" }]);
    expect(await runDetail(w, run.id)).toMatchObject({ state: "succeeded", refunded_amount: "12.2800" });
    const again = await refund(w, run.id, { amount: "0.01", reason: "again" });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain("0.0000 EUR");
    expect(await db().creditNote.count({ where: { accountId: w.accountId } })).toBe(1);
  });

  it("a partial refund by line (half the period) and the rest by amount, numbered in order", async () => {
    const { w, run } = await paidRun();
    const line = run.lines[0];
    const half = ok(
      await refund(w, run.id, {
        lines: [{ line_id: line.id, period_start_at: FEB10, period_end_at: "2026-02-24T00:00:00.000Z" }],
        reason: "service outage",
      }),
      201,
    );
    expect(half).toMatchObject({
      number: "CN-000001",
      subtotal_amount: "4.9500",
      tax_amount: "1.1900",
      total_amount: "6.1400",
      refund_amount: "6.1400",
    });
    expect(half.lines).toMatchObject([{ billing_run_line_id: line.id, quantity: 1, total_amount: "6.1400" }]);
    const over = await refund(w, run.id, { amount: "6.15", reason: "too much" });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain("6.1400 EUR");
    const rest = ok(await refund(w, run.id, { amount: "6.14", reason: "the rest" }), 201);
    // by amount: tax in proportion, 6.14 × 2.376 / 12.276 = 1.1884 → 1.19
    expect(rest).toMatchObject({ number: "CN-000002", tax_amount: "1.1900", subtotal_amount: "4.9500" });
    expect((await runDetail(w, run.id)).refunded_amount).toBe("12.2800");
  });

  it("refunds sent at once never take back more than was paid", async () => {
    const { w, run } = await paidRun();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, k) => refund(w, run.id, { amount: "5.00", reason: `parallel ${k}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    const notes = await db().creditNote.findMany({ where: { accountId: w.accountId }, orderBy: { number: "asc" } });
    expect(notes.map((n) => n.number)).toEqual([1, 2]);
    expect((await runDetail(w, run.id)).refunded_amount).toBe("10.0000");
  });

  it("Idempotency-Key: the same refund sent twice is one credit note and one refund", async () => {
    const { w, run } = await paidRun();
    const { post } = await import("@/tests/helpers");
    const send = () =>
      post(
        `/v2/billing-runs/${run.id}/refunds/`,
        { amount: "3.00", reason: "twice" },
        { key: w.key, headers: { "Idempotency-Key": "refund-once-1" } },
      );
    const first = ok(await send(), 201);
    const second = ok(await send(), 201);
    expect(second.id).toBe(first.id);
    expect(await db().refund.count({ where: { accountId: w.accountId } })).toBe(1);
  });

  it("bad input is a 400 that changes nothing: both amount and lines, three decimals, an unknown line", async () => {
    const { w, run } = await paidRun();
    const both = await refund(w, run.id, { amount: "1.00", lines: [{ line_id: run.lines[0].id }], reason: "x" });
    const cents = await refund(w, run.id, { amount: "1.005", reason: "x" });
    const line = await refund(w, run.id, { lines: [{ line_id: 999999 }], reason: "x" });
    const noReason = await refund(w, run.id, { amount: "1.00" });
    expect([both.status, cents.status, line.status, noReason.status]).toEqual([400, 400, 400, 400]);
    expect(cents.body.amount).toBeDefined();
    expect(noReason.body.reason).toBeDefined();
    expect(await db().creditNote.count({ where: { accountId: w.accountId } })).toBe(0);
  });

  it("a refund the processor refuses is failed and does not count as refunded", async () => {
    const w = await newWorld();
    const customer = await db().customer.findFirstOrThrow({
      where: { accountId: w.accountId, reference: "cust-1001" },
    });
    await db().paymentMethod.updateMany({
      where: { customerId: customer.id },
      data: { token: "tok_sandbox_4000000000005126", cardLast4: "5126" },
    });
    at(T0);
    const contract = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    await advance(w, FEB10);
    const [run] = await runsOf(w, contract.id);
    expect(run.state).toBe("succeeded");
    const note = ok(await refund(w, run.id, { amount: "2.00", reason: "refused" }), 201);
    expect(note.refunds).toMatchObject([{ state: "failed", fail_code: "refund_declined" }]);
    expect(note.refunded_amount).toBe("0.0000");
    expect((await runDetail(w, run.id)).refunded_amount).toBe("0.0000");
  });
});

describe("credit notes to the contract's balance", () => {
  it("credited, not used until asked; then applied to a later run, which charges the rest", async () => {
    const { w, contract, run } = await paidRun();
    const note = ok(await creditNote(w, run.id, { amount: "5.00", reason: "goodwill" }), 201);
    expect(note).toMatchObject({ kind: "credit", refund_amount: "0.0000", credit_amount: "5.0000", refunds: [] });
    const balance = async () => ok(await w.get(`/v2/subscription-contracts/${contract.id}/`)).credit_balance;
    expect(await balance()).toBe("5.0000");
    const both = ok(await creditNote(w, run.id, { amount: "4.00", refund_amount: "1.50", reason: "split" }), 201);
    expect(both).toMatchObject({ number: "CN-000002", refund_amount: "1.5000", credit_amount: "2.5000" });
    expect(await balance()).toBe("7.5000");
    // 12.28 paid, 9.00 credited so far: at most 3.28 more
    const over = await creditNote(w, run.id, { amount: "3.29", reason: "too much" });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain("3.2800 EUR");

    // the next run is charged in full: credit is used only on request (spec 4.6)
    await advance(w, "2026-03-10T00:00:00.000Z");
    const march = (await runsOf(w, contract.id)).at(-1);
    expect([march.state, march.credit_applied_amount, march.charged_amount]).toEqual([
      "succeeded",
      "0.0000",
      "12.2800",
    ]);
    expect(await balance()).toBe("7.5000");

    // a declined April run takes the 7.50 on request, and the retry charges 12.276 − 7.50 = 4.776 → 4.78
    const customer = await db().customer.findFirstOrThrow({
      where: { accountId: w.accountId, reference: "cust-1001" },
    });
    await db().paymentMethod.updateMany({
      where: { customerId: customer.id },
      data: { token: "tok_sandbox_4000000000000002" },
    });
    await advance(w, "2026-04-10T00:00:00.000Z");
    const april = (await runsOf(w, contract.id)).at(-1);
    expect(april.state).toBe("failed");
    const applied = ok(await w.post(`/v2/billing-runs/${april.id}/apply-credit/`, {}));
    expect([applied.credit_applied_amount, applied.amount_due]).toEqual(["7.5000", "4.7760"]);
    expect(await balance()).toBe("0.0000");
    // the customer pays the rest by bank transfer
    const paid = ok(
      await w.post(`/v2/billing-runs/${april.id}/mark-paid/`, { method: "bank_transfer", reference: "TRF-2026-0412" }),
    );
    expect([paid.state, paid.charged_amount]).toEqual(["succeeded", "4.7800"]);
    expect(paid.attempts.at(-1)).toMatchObject({
      state: "succeeded",
      method: "bank_transfer",
      reference: "TRF-2026-0412",
    });
    // the April run can give back what was paid plus the credit it used: 4.78 + 7.50
    const cap = await creditNote(w, april.id, { amount: "12.29", reason: "over" });
    expect(JSON.stringify(cap.body)).toContain("12.2800 EUR");
  });
});
