// Void, mark paid, write off and disputes through the REST interface, and vendor B's asynchronous refunds:
//   Streaming Basic monthly 9.90 EUR + VAT 24 % = 12.276 per run, charged 12.28.
import { afterEach, describe, expect, it } from "vitest";
import { advance, at, createContract, newWorld, ok, runDetail, runsOf, type World } from "@/tests/billing/_world";
import { sendProcessorWebhooksOurselves, sendWebhook } from "@/tests/checkout/_flow";
import { db } from "@/tests/helpers";

const T0 = "2026-01-10T00:00:00.000Z";
const FEB10 = "2026-02-10T00:00:00.000Z";
afterEach(() => at(null));
sendProcessorWebhooksOurselves();

async function firstRun(w: World, customer: string, until = FEB10) {
  at(T0);
  const contract = await createContract(w, { customer_reference: customer, items: [{ price: w.ids.basicMonthly }] });
  await advance(w, until);
  const [run] = await runsOf(w, contract.id);
  return { contract, run };
}
const attention = async (contractId: number) =>
  (await db().subscriptionContract.findUniqueOrThrow({ where: { id: contractId } })).billingAttentionRequired;

describe("void", () => {
  it("a failed run voided: never charged again, no receipt, attention cleared, the contract stays active and bills on", async () => {
    const w = await newWorld();
    const { contract, run } = await firstRun(w, "cust-1002"); // Bob's card declines
    expect(run.state).toBe("failed");
    expect(await attention(contract.id)).toBe(true);
    const voided = ok(await w.post(`/v2/billing-runs/${run.id}/void/`, { reason: "billed by mistake" }));
    expect(voided.state).toBe("voided");
    expect((await w.get(`/v2/billing-runs/${run.id}/receipt/`)).status).toBe(404);
    expect(await attention(contract.id)).toBe(false);
    await advance(w, "2026-03-11T00:00:00.000Z");
    const after = await runDetail(w, run.id);
    expect([after.state, after.attempt_count]).toEqual(["voided", 1]);
    const runs = await runsOf(w, contract.id);
    expect(runs.map((r) => r.period_start_at)).toEqual([FEB10, "2026-03-10T00:00:00.000Z"]);
    expect(ok(await w.get(`/v2/subscription-contracts/${contract.id}/`)).state).toBe("active");
    // nothing to pay, retry or void twice
    expect((await w.post(`/v2/billing-runs/${run.id}/retry/`, { reason: "x" })).status).toBe(400);
    expect((await w.post(`/v2/billing-runs/${run.id}/void/`, { reason: "x" })).status).toBe(400);
    expect((await w.post(`/v2/billing-runs/${run.id}/mark-paid/`, { method: "cash" })).status).toBe(400);
    const events = await db().outboxEvent.findMany({ where: { accountId: w.accountId, type: "billing_run.voided" } });
    expect(events).toHaveLength(1);
  });

  it("a paid run cannot be voided (refund it instead); another account's run is a 404", async () => {
    const w = await newWorld();
    const { run } = await firstRun(w, "cust-1001");
    expect((await w.post(`/v2/billing-runs/${run.id}/void/`, { reason: "x" })).status).toBe(400);
    const other = await newWorld();
    expect((await other.post(`/v2/billing-runs/${run.id}/void/`, { reason: "x" })).status).toBe(404);
    expect((await other.post(`/v2/billing-runs/${run.id}/refunds/`, { amount: "1.00", reason: "x" })).status).toBe(404);
  });
});

describe("write off and mark paid", () => {
  it("an exhausted run written off leaves attention; paid later by bank transfer it gets a receipt saying so", async () => {
    const w = await newWorld();
    const { contract, run } = await firstRun(w, "cust-1003", "2026-02-20T00:00:00.000Z"); // Carol: no card
    expect(run.state).toBe("exhausted");
    const written = ok(await w.post(`/v2/billing-runs/${run.id}/write-off/`, { reason: "customer unreachable" }));
    expect(written.state).toBe("written_off");
    expect(await attention(contract.id)).toBe(false);
    const bad = await w.post(`/v2/billing-runs/${run.id}/mark-paid/`, { method: "wire" });
    expect([bad.status, Object.keys(bad.body)]).toEqual([400, ["method"]]);
    const future = await w.post(`/v2/billing-runs/${run.id}/mark-paid/`, {
      method: "bank_transfer",
      paid_at: "2027-01-01T00:00:00.000Z",
    });
    expect(future.status).toBe(400);
    const paid = ok(
      await w.post(`/v2/billing-runs/${run.id}/mark-paid/`, {
        method: "bank_transfer",
        reference: "TRF-77",
        paid_at: "2026-02-18T09:30:00.000Z",
      }),
    );
    expect(paid).toMatchObject({ state: "succeeded", charged_amount: "12.2800" });
    expect(paid.attempts.at(-1)).toMatchObject({
      state: "succeeded",
      amount: "12.2800",
      method: "bank_transfer",
      reference: "TRF-77",
      paid_at: "2026-02-18T09:30:00.000Z",
    });
    const receipt = ok(await w.get(`/v2/billing-runs/${run.id}/receipt/`));
    expect(receipt.payments).toEqual([
      {
        transaction_id: null,
        paid_at: "2026-02-18T09:30:00.000Z",
        amount: "12.2800",
        method: "bank_transfer",
        reference: "TRF-77",
      },
    ]);
    // paid outside the processor: a refund goes back outside it too
    const refund = ok(await w.post(`/v2/billing-runs/${run.id}/refunds/`, { amount: "2.28", reason: "discount" }), 201);
    expect(refund.refunds).toMatchObject([{ method: "outside", state: "succeeded", amount: "2.2800" }]);
    const corrected = ok(await w.get(`/v2/billing-runs/${run.id}/receipt/`));
    expect(corrected.credit_notes).toEqual([
      {
        id: refund.id,
        number: "CN-000001",
        issued_at: "2026-02-20T00:00:00.000Z",
        reason: "discount",
        total_amount: "2.2800",
        refund_amount: "2.2800",
        credit_amount: "0.0000",
        refunded_amount: "2.2800",
      },
    ]);
    const viaProcessor = await w.post(`/v2/billing-runs/${run.id}/refunds/`, {
      amount: "1.00",
      reason: "x",
      refund_method: "processor",
    });
    expect(viaProcessor.status).toBe(400);
  });

  it("a paid run cannot be written off or marked paid", async () => {
    const w = await newWorld();
    const { run } = await firstRun(w, "cust-1001");
    expect((await w.post(`/v2/billing-runs/${run.id}/write-off/`, { reason: "x" })).status).toBe(400);
    expect((await w.post(`/v2/billing-runs/${run.id}/mark-paid/`, { method: "cash" })).status).toBe(400);
  });
});

describe("disputes", () => {
  it("opened: the amount is held; lost: a chargeback credit note; won: nothing more", async () => {
    const w = await newWorld();
    const { run } = await firstRun(w, "cust-1001");
    const dispute = ok(await w.post(`/v2/billing-runs/${run.id}/disputes/`, { amount: "5.00" }), 201);
    expect(dispute).toMatchObject({ state: "open", amount: "5.0000", credit_note_id: null });
    expect(await runDetail(w, run.id)).toMatchObject({ disputed_amount: "5.0000" });
    // 12.28 paid, 5.00 held: at most 7.28 refundable
    const over = await w.post(`/v2/billing-runs/${run.id}/refunds/`, { amount: "7.29", reason: "x" });
    expect(JSON.stringify(over.body)).toContain("7.2800 EUR");
    const lost = ok(await w.post(`/v2/disputes/${dispute.id}/close/`, { outcome: "lost" }));
    expect(lost.state).toBe("lost");
    const note = ok(await w.get(`/v2/credit-notes/${lost.credit_note_id}/`));
    expect(note).toMatchObject({ kind: "dispute", total_amount: "5.0000", refunded_amount: "5.0000" });
    expect(note.refunds).toMatchObject([{ method: "chargeback", state: "succeeded" }]);
    expect(await runDetail(w, run.id)).toMatchObject({ refunded_amount: "5.0000", disputed_amount: "0.0000" });
    // closing again changes nothing
    ok(await w.post(`/v2/disputes/${dispute.id}/close/`, { outcome: "won" }));
    expect(await db().creditNote.count({ where: { accountId: w.accountId } })).toBe(1);

    const second = ok(await w.post(`/v2/billing-runs/${run.id}/disputes/`, {}), 201);
    expect(second.amount).toBe("7.2800");
    const won = ok(await w.post(`/v2/disputes/${second.id}/close/`, { outcome: "won" }));
    expect([won.state, won.credit_note_id]).toEqual(["won", null]);
    expect((await runDetail(w, run.id)).refunded_amount).toBe("5.0000");
    const types = (await db().outboxEvent.findMany({ where: { accountId: w.accountId }, orderBy: { id: "asc" } })).map(
      (e) => e.type,
    );
    expect(types.filter((t) => t.startsWith("dispute."))).toEqual([
      "dispute.created",
      "dispute.closed",
      "dispute.created",
      "dispute.closed",
    ]);
  });

  it("the processor's signed dispute.created webhook opens one on the payment it names", async () => {
    const w = await newWorld();
    const { run } = await firstRun(w, "cust-1001");
    const detail = await runDetail(w, run.id);
    const txn = detail.attempts.find((a: any) => a.state === "succeeded").transaction_id;
    const event = {
      type: "dispute.created",
      account_payment_processor_id: w.ids.cardProcessor,
      dispute_id: "dp_test_1",
      transaction_id: txn,
      reason: "fraudulent",
    };
    expect((await sendWebhook(event)).status).toBe(200);
    const [dispute] = ok(await w.get(`/v2/disputes/?billing_run=${run.id}`));
    expect(dispute).toMatchObject({ state: "open", amount: "12.2800", processor_dispute_id: "dp_test_1" });
  });
});

describe("vendor B refunds are asynchronous", () => {
  it("pending until the processor's signed webhook says succeeded (or failed)", async () => {
    const w = await newWorld();
    const customer = await db().customer.findFirstOrThrow({
      where: { accountId: w.accountId, reference: "cust-1001" },
    });
    await db().paymentMethod.updateMany({ where: { customerId: customer.id }, data: { processorId: w.ids.vendorB } });
    const { run } = await firstRun(w, "cust-1001");
    expect(run.state).toBe("succeeded");
    const first = ok(await w.post(`/v2/billing-runs/${run.id}/refunds/`, { amount: "2.00", reason: "a" }), 201);
    const second = ok(await w.post(`/v2/billing-runs/${run.id}/refunds/`, { amount: "3.00", reason: "b" }), 201);
    expect(first.refunds[0].state).toBe("pending");
    expect(first.refunded_amount).toBe("0.0000");
    // a pending refund counts against what can still be refunded: 12.28 − 5.00
    const over = await w.post(`/v2/billing-runs/${run.id}/refunds/`, { amount: "7.29", reason: "x" });
    expect(JSON.stringify(over.body)).toContain("7.2800 EUR");
    const webhook = (type: string, refund: any) => ({
      type,
      account_payment_processor_id: w.ids.vendorB,
      refund_id: refund.refunds[0].transaction_id,
    });
    expect((await sendWebhook(webhook("refund.succeeded", first))).status).toBe(200);
    expect((await sendWebhook(webhook("refund.failed", second))).status).toBe(200);
    expect(ok(await w.get(`/v2/credit-notes/${first.id}/`)).refunds[0].state).toBe("succeeded");
    expect(ok(await w.get(`/v2/credit-notes/${second.id}/`)).refunds[0]).toMatchObject({ state: "failed" });
    expect((await runDetail(w, run.id)).refunded_amount).toBe("2.0000");
    const types = (await db().outboxEvent.findMany({ where: { accountId: w.accountId }, orderBy: { id: "asc" } })).map(
      (e) => e.type,
    );
    expect(types.filter((t) => t.includes("refund"))).toEqual(["billing_run.refunded", "billing_run.refund_failed"]);
  });
});

describe("the dashboard's money figures", () => {
  it("collected moves by exactly a refund and a bank transfer; refunded, written off and disputed per currency", async () => {
    const { billedAndCollected, runsNeedingAttention } = await import("@/server/domain/dashboard/figures");
    const { ctxFor } = await import("@/tests/helpers");
    const w = await newWorld();
    at(T0);
    const paidContract = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    const carol = await createContract(w, { customer_reference: "cust-1003", items: [{ price: w.ids.basicMonthly }] });
    await advance(w, "2026-02-20T00:00:00.000Z");
    const [paid] = await runsOf(w, paidContract.id);
    const [unpaid] = await runsOf(w, carol.id);
    const figures = async () => {
      const f = await billedAndCollected(ctxFor(w.accountId, "2026-02-20T00:00:00.000Z"));
      const eur = (list: { currency: string; amount: string }[]) => list.find((x) => x.currency === "EUR")?.amount;
      return {
        collected: eur(f.collected),
        refunded: eur(f.refunded),
        writtenOff: eur(f.written_off),
        disputed: eur(f.disputed),
      };
    };
    expect(await figures()).toEqual({
      collected: "12.2800",
      refunded: undefined,
      writtenOff: undefined,
      disputed: undefined,
    });
    ok(await w.post(`/v2/billing-runs/${paid.id}/refunds/`, { amount: "6.14", reason: "half" }), 201);
    ok(await w.post(`/v2/billing-runs/${unpaid.id}/write-off/`, { reason: "unreachable" }));
    ok(await w.post(`/v2/billing-runs/${paid.id}/disputes/`, { amount: "1.00" }), 201);
    expect(await figures()).toEqual({
      collected: "6.1400",
      refunded: "6.1400",
      writtenOff: "12.2760",
      disputed: "1.0000",
    });
    const attention = await runsNeedingAttention(ctxFor(w.accountId, "2026-02-20T00:00:00.000Z"));
    expect(attention.find((a) => a.state === "disputed")).toMatchObject({ count: 1, filter: { disputed: "open" } });
    ok(await w.post(`/v2/billing-runs/${unpaid.id}/mark-paid/`, { method: "bank_transfer", reference: "TRF-1" }));
    // 6.14 kept of the card payment + 12.28 by bank transfer
    expect(await figures()).toMatchObject({ collected: "18.4200", writtenOff: undefined });
  });
});
