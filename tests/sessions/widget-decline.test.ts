// One purchase, one contract, one charge: a declined card in the widget, then "Try another card" with a good
// one, pays the same checkout's same initial run; a checkout never paid is closed when its session expires
// (run voided, contract ended with a reason, nothing retryable, no billing attention); the REST checkout
// takes another card the same way.
import { beforeAll, describe, expect, it } from "vitest";
import { calendarPass } from "@/server/domain/billing/calendarPass";
import { payRunNow } from "@/server/domain/billing/runs";
import { SESSION_TTL_MS } from "@/server/domain/sessions/sessions";
import { ctxFor, db, get, post, seed } from "@/tests/helpers";
import {
  createChannel,
  createSession,
  DECLINED,
  expect400,
  expectStatus,
  freshRef,
  GOOD,
  submitCard,
  widget,
} from "./_widget";

let ids: Record<string, number>;
let accountId: number;

beforeAll(async () => {
  const seeded = await seed();
  ids = seeded.ids;
  accountId = seeded.accountId;
});

async function openSession() {
  const ch = await createChannel();
  return createSession({ sales_channel: ch.id });
}

/** Everything the customer's purchases left: contracts, their runs and every charge attempt. */
async function customerFootprint(reference: string) {
  const customer = await db().customer.findFirstOrThrow({ where: { accountId, reference } });
  const contracts = await db().subscriptionContract.findMany({ where: { customerId: customer.id } });
  const runs = await db().billingRun.findMany({
    where: { customerId: customer.id },
    include: { attempts: { orderBy: { attemptNo: "asc" } } },
  });
  const methods = await db().paymentMethod.findMany({ where: { customerId: customer.id, state: "active" } });
  return { customer, contracts, runs, attempts: runs.flatMap((r) => r.attempts), methods };
}

/** A session whose first card was declined: the widget's state after "Pay" with 4000 0000 0000 0002. */
async function declinedSession() {
  const session = await openSession();
  const reference = freshRef("decline");
  const co = expectStatus(await widget.checkout(session.token, { customer: { reference } }), 200);
  expect((await submitCard(co.registration.token, DECLINED)).status).toBe(200);
  const failed = await widget.finalize(session.token);
  expect(failed.status, JSON.stringify(failed.body)).toBe(400);
  expect(failed.body).toMatchObject({ status: "failed", fail_code: "card_declined" });
  return { session, reference, co, contractId: failed.body.contract_id as number };
}

describe("declined, then another card in the same session", () => {
  it("pays the same initial run: one contract, active, one successful charge, nothing retryable, no declined card on file", async () => {
    const { session, reference, co, contractId } = await declinedSession();
    // "Try another card": the same checkout, a new registration
    const again = expectStatus(await widget.checkout(session.token, { customer: { reference } }), 200);
    expect(again.checkout_token).toBe(co.checkout_token);
    expect(again.total_amount).toBe(co.total_amount);
    expect((await submitCard(again.registration.token, GOOD)).status).toBe(200);
    const paid = expectStatus(await widget.finalize(session.token), 200);
    expect(paid).toMatchObject({ status: "succeeded", contract_id: contractId, session_status: "completed" });

    const after = await customerFootprint(reference);
    expect(after.contracts.map((c) => [c.id, c.state, c.billingAttentionRequired])).toEqual([
      [contractId, "active", false],
    ]);
    expect(after.runs).toHaveLength(1);
    expect(after.runs[0]).toMatchObject({ kind: "initial", state: "succeeded", nextAttemptAt: null });
    expect(after.attempts.map((a) => a.state)).toEqual(["failed", "succeeded"]);
    // the charge equals the quote shown before either card
    expect(after.attempts[1].amount.toFixed(2)).toBe(Number(co.total_amount).toFixed(2));
    expect(after.methods.map((m) => m.cardLast4)).toEqual(["4242"]);

    // nothing left to retry: the console's retry is refused, the API lists no failed run
    const retry = await post(`/v2/billing-runs/${after.runs[0].id}/retry/`, { reason: "customer called" });
    expect400(retry, "non_field_errors");
    const failedRuns = expectStatus(await get(`/v2/billing-runs/?contract=${contractId}&state=failed`), 200);
    expect(Array.isArray(failedRuns) ? failedRuns.length : failedRuns.count).toBe(0);
  });

  it("finalize again without a new card reports the same failure and charges nothing", async () => {
    const { session, reference, contractId } = await declinedSession();
    const before = await customerFootprint(reference);
    const again = await widget.finalize(session.token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ status: "failed", contract_id: contractId });
    const after = await customerFootprint(reference);
    expect(after.attempts).toHaveLength(before.attempts.length);
    // the declined card was this purchase's: it is not kept on file
    expect(after.methods).toHaveLength(0);
  });

  it("a seller's retry of the unpaid first run while the customer tries again still charges once", async () => {
    const { session, reference, contractId } = await declinedSession();
    const again = expectStatus(await widget.checkout(session.token, {}), 200);
    expect((await submitCard(again.registration.token, GOOD)).status).toBe(200);
    const run = (await customerFootprint(reference)).runs[0];
    // both at once: the customer's finalize and a payment of the same run (e.g. Pay now)
    const [finalized, payNow] = await Promise.allSettled([
      widget.finalize(session.token),
      payRunNow(ctxFor(accountId), contractId, run.id),
    ]);
    expect(finalized.status).toBe("fulfilled");
    expect(payNow.status === "fulfilled" || payNow.status === "rejected").toBe(true);
    const after = await customerFootprint(reference);
    expect(after.attempts.filter((a) => a.state === "succeeded")).toHaveLength(1);
    expect(after.contracts).toHaveLength(1);
    expect(after.contracts[0].state).toBe("active");
  });
});

describe("a checkout never paid", () => {
  it("is closed when its session expires: run voided, contract ended (unpaid_checkout), no attention, not retryable", async () => {
    const { session, reference, contractId } = await declinedSession();
    const before = await customerFootprint(reference);
    expect(before.contracts[0]).toMatchObject({ state: "inactive", billingAttentionRequired: true });

    // the worker's calendar pass, just before and just after the session's end
    const expiresAt = new Date(session.expires_at).getTime();
    await calendarPass(ctxFor(accountId, new Date(expiresAt - 1000)));
    expect((await customerFootprint(reference)).runs[0].state).toBe("failed");
    await calendarPass(ctxFor(accountId, new Date(expiresAt + 1000)));

    const after = await customerFootprint(reference);
    expect(after.contracts[0]).toMatchObject({
      id: contractId,
      state: "ended",
      endedReason: "unpaid_checkout",
      billingAttentionRequired: false,
      nextBillingAt: null,
    });
    expect(after.runs[0]).toMatchObject({ state: "voided", nextAttemptAt: null });
    // never active, so never in MRR: ending it adds no span
    const spans = await db().$queryRaw<
      { n: number }[]
    >`select count(*)::int as n from mrr_spans where contract_id = ${contractId}`;
    expect(spans[0].n).toBe(0);
    expect(after.attempts).toHaveLength(before.attempts.length);
    expect400(await post(`/v2/billing-runs/${after.runs[0].id}/retry/`, { reason: "try" }), "non_field_errors");
    const contract = expectStatus(await get(`/v2/subscription-contracts/${contractId}/`), 200);
    expect(contract).toMatchObject({
      state: "ended",
      ended_reason: "unpaid_checkout",
      billing_attention_required: false,
    });
    const events = await db().outboxEvent.findMany({
      where: { accountId, type: { in: ["billing_run.voided", "subscription_contract.ended"] } },
    });
    const mine = events.filter(
      (e) =>
        JSON.stringify(e.payload).includes(`"id":${contractId}`) ||
        JSON.stringify(e.payload).includes(`"contract_id":${contractId}`),
    );
    expect(mine.map((e) => e.type).sort()).toEqual(["billing_run.voided", "subscription_contract.ended"]);
    // a second pass finds nothing more to close
    await calendarPass(ctxFor(accountId, new Date(expiresAt + 2 * SESSION_TTL_MS)));
    expect((await customerFootprint(reference)).contracts[0].contractVersion).toBe(after.contracts[0].contractVersion);
  });

  it("the widget cannot pay it once the session has expired", async () => {
    const { session } = await declinedSession();
    await calendarPass(ctxFor(accountId, new Date(new Date(session.expires_at).getTime() + 1000)));
    const view = expectStatus(await get(`/v2/checkout-sessions/${session.token}/`), 200);
    expect(view.checkout_status).toBe("expired");
  });
});

describe("REST checkouts", () => {
  it("a failed checkout takes another card (a new registration) and finalize pays the same run", async () => {
    const reference = freshRef("rest");
    expectStatus(await post("/v2/customers/", { reference }), 201);
    const chk = expectStatus(
      await post("/v2/checkouts/", {
        customer_reference: reference,
        items: [{ price: ids.basicMonthly }],
        account_payment_processor: ids.cardProcessor,
      }),
      201,
    );
    const reg1 = expectStatus(await post(`/v2/checkouts/${chk.token}/payment-method-registrations/`, {}), 201);
    expect((await submitCard(reg1.token, DECLINED)).status).toBe(200);
    const failed = await post(`/v2/checkouts/${chk.token}/finalize/`, {});
    expect(failed.status).toBe(400);
    const reg2 = expectStatus(await post(`/v2/checkouts/${chk.token}/payment-method-registrations/`, {}), 201);
    expect((await submitCard(reg2.token, GOOD)).status).toBe(200);
    const paid = expectStatus(await post(`/v2/checkouts/${chk.token}/finalize/`, {}), 200);
    expect(paid).toMatchObject({
      status: "succeeded",
      contract_id: failed.body.contract_id,
      initial_billing_run_id: failed.body.initial_billing_run_id,
    });
    const after = await customerFootprint(reference);
    expect(after.contracts.map((c) => c.state)).toEqual(["active"]);
    expect(after.attempts.map((a) => a.state)).toEqual(["failed", "succeeded"]);
  });
});
