// Registrations and finalize (spec 2.8, 3.2, 4.7 rules 3-5, 6.2, 7.4): every path of 3.2 with each
// sandbox processor — generic card form, vendor A (card encrypted in the "browser"), vendor B (drop-in,
// completed by the signed processor webhook), vendor C (synchronous) — declined and 3-D Secure cards,
// precondition failures that create nothing, zero-amount checkouts, and finalizing twice (sequentially
// and concurrently) which never creates a second contract.
import { describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { db, get, post, seed, setRequestTime, useSeed } from "@/tests/helpers";
import {
  card,
  counts,
  createCheckout,
  DECLINED,
  encryptCard,
  expect400,
  expectStatus,
  finalize,
  GOOD,
  newCustomer,
  OTHER_KEY,
  pmPath,
  readCheckout,
  readContract,
  readRun,
  register,
  registerCard,
  secretOf,
  sendProcessorWebhooksOurselves,
  sendWebhook,
  submitHosted,
  THREE_DS,
} from "./_flow";

let s: SeedResult;
let ids: Record<string, number>;
useSeed(seed, (r) => ((s = r), (ids = r.ids)));
sendProcessorWebhooksOurselves();

/** Streaming Basic 9.9000 + VAT 24 % 2.3760 = 12.2760 (no fixed billing day, so no first-period proration). */
const BASIC_TOTAL = "12.2760";

async function checkoutFor(processor: number, extra: Record<string, unknown> = {}) {
  const c = await newCustomer(s.accountId);
  const chk = await createCheckout({
    customer_reference: c.reference,
    items: [{ price: ids.basicMonthly }],
    account_payment_processor: processor,
    ...extra,
  });
  return { customer: c, chk };
}

/** The run and contract of a succeeded checkout: contract active, initial run succeeded for exactly the quoted total. */
async function expectSucceeded(view: any, chk: any) {
  expect(view).toMatchObject({
    id: chk.id,
    token: chk.token,
    status: "succeeded",
    fail_code: null,
    fail_message: null,
  });
  expect(Number.isInteger(view.contract_id)).toBe(true);
  expect(Number.isInteger(view.initial_billing_run_id)).toBe(true);
  expect(view.finalized_at).not.toBeNull();
  const contract = await readContract(view.contract_id);
  expect(contract).toMatchObject({
    id: view.contract_id,
    state: "active",
    customer_reference: chk.customer_reference,
    currency: chk.currency,
    payment_processor_override: chk.account_payment_processor_id,
  });
  const run = await readRun(view.initial_billing_run_id);
  expect(run).toMatchObject({
    contract_id: view.contract_id,
    kind: "initial",
    state: "succeeded",
    currency: chk.currency,
    subtotal_amount: chk.quote_snapshot.subtotal_amount,
    tax_amount: chk.quote_snapshot.tax_amount,
    total_amount: chk.quote_snapshot.total_amount,
  });
  expect(run.total_amount).toBe(chk.total_amount);
  expect(run.attempts).toHaveLength(1);
  // the processor is charged the total in the currency's minor units (12.2760 → 12.2800); the run shows the rounding
  const cents = (Math.round(Number(chk.total_amount) * 100) / 100).toFixed(4);
  expect(run).toMatchObject({ amount_due: chk.total_amount, charged_amount: cents });
  expect(run.attempts[0]).toMatchObject({ attempt_no: 1, state: "succeeded", amount: cents, fail_code: null });
  expect(run.attempts[0].transaction_id).toBeTruthy();
  expect(await readCheckout(chk.token)).toEqual(view);
  return { contract, run };
}

/** A finalize 400 for a failed payment (spec 3.2, 7.4). */
function expectPaymentFailed(r: { status: number; body: any }, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Array.isArray(r.body.payment) && r.body.payment.length > 0, JSON.stringify(r.body)).toBe(true);
  expect(r.body).toMatchObject({ code, status: "failed", fail_code: code });
  expect(Number.isInteger(r.body.contract_id)).toBe(true);
  expect(Number.isInteger(r.body.initial_billing_run_id)).toBe(true);
  return r.body;
}

describe("registrations (spec 4.7 rule 3)", () => {
  it("201 bound to the checkout and its processor, with a public hosted URL and a private status URL", async () => {
    const { chk } = await checkoutFor(ids.vendorC);
    const reg = await register(chk.token);
    expect(reg).toMatchObject({
      status: "pending",
      checkout_token: chk.token,
      account_payment_processor_id: ids.vendorC,
      render_mode: "vendor_c_checkout",
      payment_method_id: null,
      fail_code: null,
    });
    expect(reg.token).toMatch(/^pmr_/);
    expect(reg.hosted_url).toBe(`http://test.local/pay/registrations/${reg.token}`);
    expect(reg.status_url).toBe(`http://test.local/api/v2/payment-method-registrations/${reg.token}/`);
    expect(expectStatus(await get(new URL(reg.status_url).pathname.replace(/^\/api/, "")), 200)).toEqual(reg);
    // private: other account → 404, unknown → 404
    expect((await get(`/v2/payment-method-registrations/${reg.token}/`, { key: OTHER_KEY })).status).toBe(404);
    expect((await get("/v2/payment-method-registrations/pmr_unknown/")).status).toBe(404);
    expect((await post("/v2/checkouts/chk_unknown/payment-method-registrations/", {})).status).toBe(404);
  });

  it("the hosted form rejects invalid cards and unknown registrations; nothing is verified", async () => {
    const { customer, chk } = await checkoutFor(ids.cardProcessor);
    const reg = await register(chk.token);
    expect((await submitHosted(reg.token, { card: card("1234") })).status).toBe(400);
    expect((await submitHosted(reg.token, { card: card(GOOD, { exp_month: 13 }) })).status).toBe(400);
    expect((await submitHosted(reg.token, {})).status).toBe(400);
    expect((await submitHosted("pmr_unknown", { card: card(GOOD) })).status).toBe(404);
    expect(expectStatus(await get(`/v2/payment-method-registrations/${reg.token}/`), 200).status).toBe("pending");
    expect(await db().paymentMethod.count({ where: { customerId: customer.id } })).toBe(0);
  });

  it("an expired registration (1 h) refuses the card", async () => {
    const { customer, chk } = await checkoutFor(ids.vendorC);
    const reg = await register(chk.token);
    await db().paymentMethodRegistration.update({
      where: { token: reg.token },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect400(await submitHosted(reg.token, { card: card(GOOD) }), "non_field_errors");
    expect(await db().paymentMethod.count({ where: { customerId: customer.id } })).toBe(0);
  });

  it("the processor webhook: malformed JSON → 400; unknown processor → 401 like a bad signature; unknown transaction → ignored", async () => {
    const bad = await (await import("@/app/api/processors/sandbox/webhook/route")).POST(
      new Request("http://127.0.0.1:9/api/processors/sandbox/webhook/", {
        method: "POST",
        headers: { "x-sandbox-signature": "00" },
        body: "{not json",
      }),
    );
    expect(bad.status).toBe(400);
    expect(
      (
        await sendWebhook(
          { type: "payment.succeeded", account_payment_processor_id: 999_999, transaction_id: "txn_x" },
          { secret: await secretOf(ids.cardProcessor) },
        )
      ).status,
    ).toBe(401);
    expect(
      await sendWebhook({
        type: "payment.succeeded",
        account_payment_processor_id: ids.cardProcessor,
        transaction_id: "txn_unknown",
      }),
    ).toEqual({ status: 200, body: { handled: "ignored" } });
  });

  it("no registration for a checkout that is no longer pending", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor);
    await registerCard(chk.token, GOOD);
    expectStatus(await finalize(chk.token), 200);
    expect400(await post(`/v2/checkouts/${chk.token}/payment-method-registrations/`, {}), "non_field_errors");
  });
});

describe("generic card form (render_mode generic_card_form)", () => {
  it("registration → hosted submission → verified → finalize succeeded: contract active, initial run = quote total", async () => {
    const { customer, chk } = await checkoutFor(ids.cardProcessor);
    expect(chk.total_amount).toBe(BASIC_TOTAL);
    const reg = await register(chk.token);
    expect(reg.render_mode).toBe("generic_card_form");
    const sub = await submitHosted(reg.token, { card: card(GOOD) });
    expect(sub).toEqual({ status: 200, body: { status: "verified" } });
    const verified = expectStatus(await get(`/v2/payment-method-registrations/${reg.token}/`), 200);
    expect(verified).toMatchObject({ status: "verified", account_payment_processor_id: ids.cardProcessor });
    expect(Number.isInteger(verified.payment_method_id)).toBe(true);
    const methods = expectStatus(await get(pmPath(customer.reference)), 200);
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({
      id: verified.payment_method_id,
      account_payment_processor_id: ids.cardProcessor,
      state: "active",
      verified: true,
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2031 },
    });
    expect(JSON.stringify(methods)).not.toMatch(/4242424242424242|tok_/);
    // submitting again is harmless
    expect((await submitHosted(reg.token, { card: card(GOOD) })).body).toEqual({ status: "verified" });
    expect(expectStatus(await get(pmPath(customer.reference)), 200)).toHaveLength(1);

    const before = await counts(s.accountId);
    const view = expectStatus(await finalize(chk.token), 200);
    expect(view.payment_method_id).toBe(verified.payment_method_id);
    const { run } = await expectSucceeded(view, chk);
    expect(run.total_amount).toBe(BASIC_TOTAL);
    expect(await counts(s.accountId)).toEqual({
      contracts: before.contracts + 1,
      runs: before.runs + 1,
      attempts: before.attempts + 1,
    });
  });

  it("cust-1001's seeded 4242 card at the generic processor is enough: finalize without a registration", async () => {
    const chk = await createCheckout({
      customer_reference: "cust-1001",
      items: [{ price: ids.basicMonthly }],
      account_payment_processor: ids.cardProcessor,
    });
    const view = expectStatus(await finalize(chk.token), 200);
    expect(view.payment_method_id).toBe(ids.goodCard);
    await expectSucceeded(view, chk);
  });
});

describe("vendor A (render_mode vendor_a_encrypted_card, USD)", () => {
  it("the card encrypted with the public key of the processor options → verified → finalize succeeded in USD", async () => {
    const options = expectStatus(
      await post("/v2/payment-processor-options/", { items: [{ price: ids.basicUsd }] }),
      200,
    );
    const option = options.results[0];
    expect(option).toMatchObject({ account_payment_processor_id: ids.vendorA, render_mode: "vendor_a_encrypted_card" });
    const c = await newCustomer(s.accountId);
    // the one eligible USD processor is the default
    const chk = await createCheckout({ customer_reference: c.reference, items: [{ price: ids.basicUsd }] });
    expect(chk).toMatchObject({ account_payment_processor_id: ids.vendorA, currency: "USD", total_amount: "13.5160" });
    const reg = await register(chk.token);
    expect(reg.render_mode).toBe("vendor_a_encrypted_card");
    // a plain card or an undecryptable blob is refused
    expect400(await submitHosted(reg.token, { card: card(GOOD) }), "encrypted_card");
    expect400(
      await submitHosted(reg.token, { encrypted_card: Buffer.from("not encrypted").toString("base64") }),
      "encrypted_card",
    );
    expect(expectStatus(await get(`/v2/payment-method-registrations/${reg.token}/`), 200).status).toBe("pending");

    const encrypted = encryptCard(option.public_registration_config.public_key, card("5555555555554444"));
    expect(await submitHosted(reg.token, { encrypted_card: encrypted })).toEqual({
      status: 200,
      body: { status: "verified" },
    });
    const verified = expectStatus(await get(`/v2/payment-method-registrations/${reg.token}/`), 200);
    expect(verified.status).toBe("verified");
    expect(expectStatus(await get(pmPath(c.reference, verified.payment_method_id)), 200)).toMatchObject({
      account_payment_processor_id: ids.vendorA,
      card: { brand: "mastercard", last4: "4444" },
    });

    const view = expectStatus(await finalize(chk.token), 200);
    const { run } = await expectSucceeded(view, chk);
    expect(run).toMatchObject({ currency: "USD", total_amount: "13.5160" });
  });
});

describe("vendor B (render_mode vendor_b_checkout, webhook completion)", () => {
  it("submission → processing; bad signatures → 401; the signed tokenization.completed → verified; then finalize succeeded", async () => {
    const { customer, chk } = await checkoutFor(ids.vendorB);
    const reg = await register(chk.token);
    expect(reg.render_mode).toBe("vendor_b_checkout");
    const sub = await submitHosted(reg.token, { card: card(GOOD) });
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual({ status: "processing" });
    expect(expectStatus(await get(`/v2/payment-method-registrations/${reg.token}/`), 200)).toMatchObject({
      status: "processing",
      payment_method_id: null,
    });

    // not verified yet: finalize is a precondition failure that creates nothing
    const before = await counts(s.accountId);
    expect400(await finalize(chk.token), "payment_method");
    expect(await counts(s.accountId)).toEqual(before);

    const session = (await db().paymentMethodRegistration.findUniqueOrThrow({ where: { token: reg.token } }))
      .processorSession;
    expect(session).toBeTruthy();
    const event = {
      type: "tokenization.completed",
      account_payment_processor_id: ids.vendorB,
      session,
      card: card(GOOD),
    };
    // bad signatures: garbage, signed with another processor's secret, missing, signed over another body
    expect((await sendWebhook(event, { signature: "deadbeef" })).status).toBe(401);
    expect((await sendWebhook(event, { secret: await secretOf(ids.cardProcessor) })).status).toBe(401);
    expect((await sendWebhook(event, { signature: null })).status).toBe(401);
    const { signProcessorWebhook } = await import("@/server/domain/payments/processorEvents");
    expect(
      (
        await sendWebhook(event, {
          signature: signProcessorWebhook(await secretOf(ids.vendorB), JSON.stringify({ ...event, session: "other" })),
        })
      ).status,
    ).toBe(401);
    expect(expectStatus(await get(`/v2/payment-method-registrations/${reg.token}/`), 200).status).toBe("processing");
    expect(await db().paymentMethod.count({ where: { customerId: customer.id } })).toBe(0);
    // an unknown session → 404
    expect((await sendWebhook({ ...event, session: "vbs_unknown" })).status).toBe(404);

    const ok = await sendWebhook(event);
    expect(ok).toEqual({ status: 200, body: { handled: "tokenization.completed" } });
    const verified = expectStatus(await get(`/v2/payment-method-registrations/${reg.token}/`), 200);
    expect(verified.status).toBe("verified");
    expect(
      expectStatus(await get(pmPath(customer.reference)), 200).map((m: any) => [m.id, m.account_payment_processor_id]),
    ).toEqual([[verified.payment_method_id, ids.vendorB]]);
    // a redelivery (signed anew) changes nothing
    expect(await sendWebhook(event, { at: new Date(Date.now() + 1000) })).toEqual({
      status: 200,
      body: { handled: "duplicate" },
    });
    expect(await db().paymentMethod.count({ where: { customerId: customer.id } })).toBe(1);

    const view = expectStatus(await finalize(chk.token), 200);
    expect(view.payment_method_id).toBe(verified.payment_method_id);
    await expectSucceeded(view, chk);
  });
});

describe("vendor C (render_mode vendor_c_checkout, synchronous)", () => {
  it("submission verifies at once; finalize succeeded; the shipping selection is stored on the contract", async () => {
    const c = await newCustomer(s.accountId);
    const shipping = {
      option: ids.locker,
      location_id: "LCK-7",
      location_name: "Locker 7",
      location_address: "Station Sq 1",
    };
    const chk = await createCheckout({
      customer_reference: c.reference,
      items: [{ price: ids.magazineMonthly }],
      account_payment_processor: ids.vendorC,
      shipping,
    });
    expect(chk.shipping_selection).toMatchObject({
      option_id: ids.locker,
      location_id: "LCK-7",
      price_amount: "3.9000",
    });
    const reg = await register(chk.token);
    expect(reg.render_mode).toBe("vendor_c_checkout");
    expect(await submitHosted(reg.token, { card: card(GOOD) })).toEqual({ status: 200, body: { status: "verified" } });
    expect(expectStatus(await get(`/v2/payment-method-registrations/${reg.token}/`), 200).status).toBe("verified");
    const view = expectStatus(await finalize(chk.token), 200);
    const { contract, run } = await expectSucceeded(view, chk);
    expect(contract.shipping_selection).toEqual(chk.shipping_selection);
    // the shipping price is recorded only, never billed
    expect(run.lines.map((l: any) => l.price_id)).toEqual([ids.magazineMonthly]);
  });
});

describe("invoice collection (no card registration)", () => {
  it("a verified invoice setup at the invoice processor: finalize succeeded; a card elsewhere does not count", async () => {
    const c = await newCustomer(s.accountId);
    expectStatus(
      await post(pmPath(c.reference), {
        account_payment_processor: ids.cardProcessor,
        collection_method: "card",
        card: { number: GOOD, exp_month: 1, exp_year: 2030 },
      }),
      201,
    );
    const chk = await createCheckout({
      customer_reference: c.reference,
      items: [{ price: ids.basicMonthly }],
      collection_method: "invoice",
    });
    expect(chk).toMatchObject({ account_payment_processor_id: ids.invoiceProcessor, collection_method: "invoice" });
    const before = await counts(s.accountId);
    expect400(await finalize(chk.token), "payment_method");
    expect(await counts(s.accountId)).toEqual(before);
    const inv = expectStatus(
      await post(pmPath(c.reference), {
        account_payment_processor: ids.invoiceProcessor,
        collection_method: "invoice",
        billing_email: "ap@example.com",
      }),
      201,
    );
    const view = expectStatus(await finalize(chk.token), 200);
    expect(view.payment_method_id).toBe(inv.id);
    await expectSucceeded(view, chk);
  });
});

describe("failed payment (spec 3.2 row 3)", () => {
  it("declined card (vendor C): 400 with payment, code, status failed, contract_id, initial_billing_run_id; contract inactive; finalizing again changes nothing", async () => {
    const { chk } = await checkoutFor(ids.vendorC);
    await registerCard(chk.token, DECLINED);
    const before = await counts(s.accountId);
    const body = expectPaymentFailed(await finalize(chk.token), "card_declined");
    expect(await counts(s.accountId)).toEqual({
      contracts: before.contracts + 1,
      runs: before.runs + 1,
      attempts: before.attempts + 1,
    });
    expect((await readContract(body.contract_id)).state).toBe("inactive");
    const run = await readRun(body.initial_billing_run_id);
    expect(run).toMatchObject({
      contract_id: body.contract_id,
      kind: "initial",
      state: "failed",
      total_amount: BASIC_TOTAL,
    });
    expect(run.attempts).toHaveLength(1);
    expect(run.attempts[0]).toMatchObject({ state: "failed", fail_code: "card_declined" });
    expect(await readCheckout(chk.token)).toMatchObject({
      status: "failed",
      fail_code: "card_declined",
      contract_id: body.contract_id,
      initial_billing_run_id: body.initial_billing_run_id,
    });
    // again: the same failure, no second contract or attempt
    const again = expectPaymentFailed(await finalize(chk.token), "card_declined");
    expect(again.contract_id).toBe(body.contract_id);
    expect(await counts(s.accountId)).toEqual({
      contracts: before.contracts + 1,
      runs: before.runs + 1,
      attempts: before.attempts + 1,
    });
  });

  it("cust-1002's seeded declining card at the generic processor", async () => {
    const chk = await createCheckout({
      customer_reference: "cust-1002",
      items: [{ price: ids.basicMonthly }],
      account_payment_processor: ids.cardProcessor,
    });
    const body = expectPaymentFailed(await finalize(chk.token), "card_declined");
    expect((await readContract(body.contract_id)).state).toBe("inactive");
  });

  it("insufficient funds (generic form): the fail code is passed through", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor);
    await registerCard(chk.token, "4000000000009995");
    expectPaymentFailed(await finalize(chk.token), "insufficient_funds");
  });
});

describe("3-D Secure (spec 3.2 row 2: pending_external)", () => {
  it("4000000000003220: 200 pending_external, then the signed payment.succeeded → checkout succeeded, contract active", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor);
    await registerCard(chk.token, THREE_DS);
    const before = await counts(s.accountId);
    const pending = expectStatus(await finalize(chk.token), 200);
    expect(pending).toMatchObject({ status: "pending_external", fail_code: null });
    expect(Number.isInteger(pending.contract_id)).toBe(true);
    expect(Number.isInteger(pending.initial_billing_run_id)).toBe(true);
    expect((await readContract(pending.contract_id)).state).toBe("inactive");
    const run = await readRun(pending.initial_billing_run_id);
    expect(run.state).toBe("pending_external");
    expect(run.attempts).toHaveLength(1);
    expect(run.attempts[0].state).toBe("pending_external");
    const transactionId = run.attempts[0].transaction_id;
    expect(transactionId).toBeTruthy();
    expect((await db().billingAttempt.findUniqueOrThrow({ where: { id: run.attempts[0].id } })).transactionId).toBe(
      transactionId,
    );

    // finalizing again reports the same state and creates nothing
    expect(expectStatus(await finalize(chk.token), 200)).toMatchObject({
      status: "pending_external",
      contract_id: pending.contract_id,
    });
    expect(await counts(s.accountId)).toEqual({
      contracts: before.contracts + 1,
      runs: before.runs + 1,
      attempts: before.attempts + 1,
    });

    const event = {
      type: "payment.succeeded",
      account_payment_processor_id: ids.cardProcessor,
      transaction_id: transactionId,
    };
    expect((await sendWebhook(event, { secret: await secretOf(ids.vendorB) })).status).toBe(401);
    expect((await readCheckout(chk.token)).status).toBe("pending_external");
    expect(await sendWebhook(event)).toEqual({ status: 200, body: { handled: "payment.succeeded" } });

    const view = await readCheckout(chk.token);
    expect(view).toMatchObject({
      status: "succeeded",
      contract_id: pending.contract_id,
      initial_billing_run_id: pending.initial_billing_run_id,
    });
    await expectSucceeded(view, chk);
    // redelivery (signed anew) is ignored
    expect(await sendWebhook(event, { at: new Date(Date.now() + 1000) })).toEqual({
      status: 200,
      body: { handled: "ignored" },
    });
    expect(expectStatus(await finalize(chk.token), 200).status).toBe("succeeded");
    expect(await counts(s.accountId)).toEqual({
      contracts: before.contracts + 1,
      runs: before.runs + 1,
      attempts: before.attempts + 1,
    });
  });

  it("pending_external then payment.failed (vendor C): checkout failed, contract stays inactive", async () => {
    const { chk } = await checkoutFor(ids.vendorC);
    await registerCard(chk.token, THREE_DS);
    const pending = expectStatus(await finalize(chk.token), 200);
    expect(pending.status).toBe("pending_external");
    const run = await readRun(pending.initial_billing_run_id);
    const res = await sendWebhook({
      type: "payment.failed",
      account_payment_processor_id: ids.vendorC,
      transaction_id: run.attempts[0].transaction_id,
      fail_code: "authentication_failed",
    });
    expect(res).toEqual({ status: 200, body: { handled: "payment.failed" } });
    expect(await readCheckout(chk.token)).toMatchObject({
      status: "failed",
      fail_code: "authentication_failed",
      contract_id: pending.contract_id,
    });
    expect((await readContract(pending.contract_id)).state).toBe("inactive");
    expectPaymentFailed(await finalize(chk.token), "authentication_failed");
  });

  it("an account on a test clock: the webhook settles the payment at the account's time, not the wall clock", async () => {
    const clockAt = new Date(Date.now() + 10 * 86_400_000);
    await db().account.update({ where: { id: s.accountId }, data: { testClockAt: clockAt } });
    try {
      const { chk } = await checkoutFor(ids.cardProcessor);
      expect(new Date(chk.created_at).getTime()).toBeGreaterThanOrEqual(clockAt.getTime());
      await registerCard(chk.token, THREE_DS);
      const pending = expectStatus(await finalize(chk.token), 200);
      const run = await readRun(pending.initial_billing_run_id);
      expect(
        await sendWebhook({
          type: "payment.succeeded",
          account_payment_processor_id: ids.cardProcessor,
          transaction_id: run.attempts[0].transaction_id,
        }),
      ).toEqual({ status: 200, body: { handled: "payment.succeeded" } });
      const contract = await readContract(pending.contract_id);
      expect(contract.state).toBe("active");
      expect(new Date(contract.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(contract.created_at).getTime());
      const activated = await db().outboxEvent.findFirstOrThrow({
        where: { accountId: s.accountId, type: "subscription_contract.activated" },
        orderBy: { id: "desc" },
      });
      expect(activated.createdAt.getTime()).toBeGreaterThanOrEqual(clockAt.getTime());
    } finally {
      await db().account.update({ where: { id: s.accountId }, data: { testClockAt: null } });
    }
  });

  it("a payment webhook of another account's processor does not settle this account's attempt", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor);
    await registerCard(chk.token, THREE_DS);
    const pending = expectStatus(await finalize(chk.token), 200);
    const run = await readRun(pending.initial_billing_run_id);
    const foreign = await db().accountPaymentProcessor.create({
      data: {
        accountId: s.otherAccountId,
        displayName: "Foreign",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "EUR",
      },
    });
    expect(
      await sendWebhook({
        type: "payment.succeeded",
        account_payment_processor_id: foreign.id,
        transaction_id: run.attempts[0].transaction_id,
      }),
    ).toEqual({ status: 200, body: { handled: "ignored" } });
    expect((await readCheckout(chk.token)).status).toBe("pending_external");
    expect((await readContract(pending.contract_id)).state).toBe("inactive");
  });
});

describe("precondition failures (spec 3.2 row 4, 4.7 rule 4): 400, nothing created, checkout unchanged", () => {
  it("no payment method → 400 payment_method; after registering a card the same checkout succeeds", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor);
    const before = await counts(s.accountId);
    expect400(await finalize(chk.token), "payment_method");
    expect(await counts(s.accountId)).toEqual(before);
    expect(await readCheckout(chk.token)).toMatchObject({
      status: "pending",
      contract_id: null,
      initial_billing_run_id: null,
      finalized_at: null,
    });
    await registerCard(chk.token, GOOD);
    await expectSucceeded(expectStatus(await finalize(chk.token), 200), chk);
  });

  it("a verified card at another processor, or a canceled card at this one, does not count", async () => {
    const { customer, chk } = await checkoutFor(ids.vendorC);
    expectStatus(
      await post(pmPath(customer.reference), {
        account_payment_processor: ids.cardProcessor,
        collection_method: "card",
        card: { number: GOOD, exp_month: 1, exp_year: 2030 },
      }),
      201,
    );
    const atC = expectStatus(
      await post(pmPath(customer.reference), {
        account_payment_processor: ids.vendorC,
        collection_method: "card",
        card: { number: GOOD, exp_month: 1, exp_year: 2030 },
      }),
      201,
    );
    expectStatus(await get(pmPath(customer.reference, atC.id)), 200);
    await (await import("@/tests/helpers")).del(pmPath(customer.reference, atC.id));
    const before = await counts(s.accountId);
    expect400(await finalize(chk.token), "payment_method");
    expect(await counts(s.accountId)).toEqual(before);
  });

  it("an expired checkout (older than 24 h) → 400, nothing created", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor);
    await registerCard(chk.token, GOOD);
    setRequestTime(new Date(new Date(chk.expires_at).getTime() + 1000));
    const before = await counts(s.accountId);
    const r = await finalize(chk.token);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(await counts(s.accountId)).toEqual(before);
    expect((await readCheckout(chk.token)).contract_id).toBeNull();
  });

  it("the selected processor was deactivated → 400 account_payment_processor, nothing created", async () => {
    const p = await db().accountPaymentProcessor.create({
      data: {
        accountId: s.accountId,
        displayName: "Temporary EUR",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "EUR",
      },
    });
    try {
      const { chk } = await checkoutFor(p.id);
      await registerCard(chk.token, GOOD);
      await db().accountPaymentProcessor.update({ where: { id: p.id }, data: { active: false } });
      const before = await counts(s.accountId);
      expect400(await finalize(chk.token), "account_payment_processor");
      expect(await counts(s.accountId)).toEqual(before);
      expect((await readCheckout(chk.token)).status).toBe("pending");
    } finally {
      await db().accountPaymentProcessor.update({ where: { id: p.id }, data: { active: false } });
    }
  });

  it("unknown token or another account's checkout → 404", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor);
    expect((await finalize("chk_unknown")).status).toBe(404);
    expect((await post(`/v2/checkouts/${chk.token}/finalize/`, {}, { key: OTHER_KEY })).status).toBe(404);
    expect((await readCheckout(chk.token)).status).toBe("pending");
  });
});

describe("zero-amount checkout (spec 1 prerequisite 3, 4.7 rule 4)", () => {
  it("the preflight does not ask a zero-amount checkout for a payment method: the contract and initial run are created", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor, {
      items: [{ price: ids.basicMonthly, discount_percent: "100" }],
    });
    const before = await counts(s.accountId);
    const r = await finalize(chk.token);
    expect(r.body, JSON.stringify(r.body)).not.toHaveProperty("payment_method");
    expect((await counts(s.accountId)).contracts).toBe(before.contracts + 1);
    expect((await readCheckout(chk.token)).contract_id).not.toBeNull();
  });

  // zero due: no charge attempt, no payment method needed
  it("100 % discount: finalizes without any payment method; contract active, initial run of 0.0000 succeeded", async () => {
    const { customer, chk } = await checkoutFor(ids.vendorB, {
      items: [{ price: ids.basicMonthly, discount_percent: "100" }],
    });
    expect(chk.total_amount).toBe("0.0000");
    expect(await db().paymentMethod.count({ where: { customerId: customer.id } })).toBe(0);
    const view = expectStatus(await finalize(chk.token), 200);
    expect(view).toMatchObject({ status: "succeeded", payment_method_id: null });
    expect((await readContract(view.contract_id)).state).toBe("active");
    const run = await readRun(view.initial_billing_run_id);
    expect(run).toMatchObject({ kind: "initial", state: "succeeded", total_amount: "0.0000" });
    // nothing to collect: no charge attempt
    expect(run.attempts).toEqual([]);
  });
});

describe("finalizing twice never creates a second contract (spec 3.2)", () => {
  it("sequentially: the second finalize returns the same succeeded checkout", async () => {
    const { chk } = await checkoutFor(ids.vendorC);
    await registerCard(chk.token, GOOD);
    const before = await counts(s.accountId);
    const first = expectStatus(await finalize(chk.token), 200);
    const second = expectStatus(await finalize(chk.token), 200);
    expect(second).toEqual(first);
    expect(await counts(s.accountId)).toEqual({
      contracts: before.contracts + 1,
      runs: before.runs + 1,
      attempts: before.attempts + 1,
    });
  });

  it("concurrently (Promise.all): every call reports the one contract", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor);
    await registerCard(chk.token, GOOD);
    const before = await counts(s.accountId);
    const results = await Promise.all([
      finalize(chk.token),
      finalize(chk.token),
      finalize(chk.token),
      finalize(chk.token),
    ]);
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const contractIds = new Set(results.map((r) => r.body.contract_id));
    expect(contractIds.size).toBe(1);
    for (const r of results) expect(r.body.status).toBe("succeeded");
    expect(await counts(s.accountId)).toEqual({
      contracts: before.contracts + 1,
      runs: before.runs + 1,
      attempts: before.attempts + 1,
    });
    expect(await db().subscriptionContract.count({ where: { id: { in: [...contractIds] } } })).toBe(1);
  });

  it("concurrently with a declined card: every call is the same 400 failure with the one contract", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor);
    await registerCard(chk.token, DECLINED);
    const before = await counts(s.accountId);
    const results = await Promise.all([finalize(chk.token), finalize(chk.token), finalize(chk.token)]);
    const bodies = results.map((r) => expectPaymentFailed(r, "card_declined"));
    expect(new Set(bodies.map((b) => b.contract_id)).size).toBe(1);
    expect(await counts(s.accountId)).toEqual({
      contracts: before.contracts + 1,
      runs: before.runs + 1,
      attempts: before.attempts + 1,
    });
  });

  it("concurrently without a payment method: every call is the precondition 400, nothing created", async () => {
    const { chk } = await checkoutFor(ids.cardProcessor);
    const before = await counts(s.accountId);
    const results = await Promise.all([finalize(chk.token), finalize(chk.token), finalize(chk.token)]);
    for (const r of results) expect400(r, "payment_method");
    expect(await counts(s.accountId)).toEqual(before);
    expect((await readCheckout(chk.token)).status).toBe("pending");
  });
});
