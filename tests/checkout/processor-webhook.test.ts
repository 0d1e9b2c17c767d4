// The inbound processor webhook's authentication: per-processor random secrets (no shared default),
// a signed timestamp refused beyond 5 minutes of real time, replays refused, and an unknown processor id
// answered exactly like a wrong signature. The attack: a forged payment.succeeded settling a pending
// 3-D Secure run and activating its contract.
import { describe, expect, it } from "vitest";
import { signProcessorWebhook } from "@/server/domain/payments/processorEvents";
import type { SeedResult } from "@/server/seed/demo";
import { db, seed, setRequestTime, useSeed } from "@/tests/helpers";
import {
  createCheckout,
  expectStatus,
  finalize,
  newCustomer,
  readCheckout,
  readContract,
  readRun,
  registerCard,
  secretOf,
  sendProcessorWebhooksOurselves,
  sendWebhook,
  THREE_DS,
} from "./_flow";

let s: SeedResult;
let ids: Record<string, number>;
useSeed(seed, (r) => ((s = r), (ids = r.ids)));
sendProcessorWebhooksOurselves();

const REFUSED = { status: 401, body: { detail: "Invalid processor signature." } };

/** A checkout waiting for the processor's payment.succeeded (3-D Secure card at the generic processor). */
async function pendingPayment() {
  const c = await newCustomer(s.accountId, "whk");
  const chk = await createCheckout({
    customer_reference: c.reference,
    items: [{ price: ids.basicMonthly }],
    account_payment_processor: ids.cardProcessor,
  });
  await registerCard(chk.token, THREE_DS);
  const pending = expectStatus(await finalize(chk.token), 200);
  expect(pending.status).toBe("pending_external");
  const run = await readRun(pending.initial_billing_run_id);
  const event = {
    type: "payment.succeeded",
    account_payment_processor_id: ids.cardProcessor,
    transaction_id: run.attempts[0].transaction_id,
  };
  return { chk, pending, event };
}

async function expectStillPending(p: Awaited<ReturnType<typeof pendingPayment>>) {
  expect((await readCheckout(p.chk.token)).status).toBe("pending_external");
  expect((await readContract(p.pending.contract_id)).state).toBe("inactive");
}

describe("processor webhook secrets", () => {
  it("every processor has its own random secret, none of the old public values; a new processor gets one at creation and keeps it when config is replaced", async () => {
    const processors = await db().accountPaymentProcessor.findMany();
    const secrets = await Promise.all(processors.map((p) => secretOf(p.id)));
    expect(new Set(secrets).size).toBe(processors.length);
    expect(secrets).not.toContain("whsec_sandbox_vendor_b");
    const p = await db().accountPaymentProcessor.create({
      data: {
        accountId: s.accountId,
        displayName: "New",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "GBP",
      },
    });
    const secret = await secretOf(p.id);
    expect(secrets).not.toContain(secret);
    await db().accountPaymentProcessor.update({ where: { id: p.id }, data: { config: { public_key: "x" } } });
    expect(await secretOf(p.id)).toBe(secret);
  });
});

describe("forged, unsigned, stale and replayed webhooks are refused", () => {
  it("a payment.succeeded signed with a guessable secret, unsigned, or with garbage → 401; the run stays pending", async () => {
    const p = await pendingPayment();
    for (const guess of [
      "whsec_sandbox_default",
      "whsec_sandbox_vendor_b",
      "dev-only-secret-change-me-in-production",
      "",
    ]) {
      expect(await sendWebhook(p.event, { secret: guess })).toEqual(REFUSED);
    }
    expect(await sendWebhook(p.event, { signature: null })).toEqual(REFUSED);
    expect(await sendWebhook(p.event, { signature: "" })).toEqual(REFUSED);
    expect(await sendWebhook(p.event, { signature: "t=1,v1=00" })).toEqual(REFUSED);
    // the old format (HMAC of the body alone, no timestamp) with the right secret
    const { createHmac } = await import("node:crypto");
    expect(
      await sendWebhook(p.event, {
        signature: createHmac("sha256", await secretOf(ids.cardProcessor))
          .update(JSON.stringify(p.event))
          .digest("hex"),
      }),
    ).toEqual(REFUSED);
    await expectStillPending(p);
  });

  it("correctly signed but older or newer than 5 minutes (real time) → 401; within 5 minutes → settles", async () => {
    const p = await pendingPayment();
    expect(await sendWebhook(p.event, { at: new Date(Date.now() - 6 * 60_000) })).toEqual(REFUSED);
    expect(await sendWebhook(p.event, { at: new Date(Date.now() + 6 * 60_000) })).toEqual(REFUSED);
    // the timestamp is signed: moving it without re-signing breaks the signature
    const old = signProcessorWebhook(
      await secretOf(ids.cardProcessor),
      JSON.stringify(p.event),
      new Date(Date.now() - 10 * 60_000),
    );
    expect(
      await sendWebhook(p.event, { signature: old.replace(/^t=\d+/, `t=${Math.floor(Date.now() / 1000)}`) }),
    ).toEqual(REFUSED);
    await expectStillPending(p);
    // an account's test clock does not stretch the window (the request clock is pinned a year ahead)
    setRequestTime(new Date(Date.now() + 365 * 86_400_000));
    expect(await sendWebhook(p.event, { at: new Date(Date.now() + 365 * 86_400_000) })).toEqual(REFUSED);
    setRequestTime(null);
    await expectStillPending(p);
    expect(await sendWebhook(p.event, { at: new Date(Date.now() - 4 * 60_000) })).toEqual({
      status: 200,
      body: { handled: "payment.succeeded" },
    });
    expect((await readCheckout(p.chk.token)).status).toBe("succeeded");
    expect((await readContract(p.pending.contract_id)).state).toBe("active");
  });

  it("the exact same signed request sent again inside its window → 401 (replay)", async () => {
    const p = await pendingPayment();
    const raw = JSON.stringify({ ...p.event, transaction_id: "txn_not_pending" });
    const signature = signProcessorWebhook(await secretOf(ids.cardProcessor), raw);
    expect(await sendWebhook({}, { raw, signature })).toEqual({ status: 200, body: { handled: "ignored" } });
    expect(await sendWebhook({}, { raw, signature })).toEqual(REFUSED);
    expect(await sendWebhook({}, { raw, signature: signature.replace(/^t=/, "t=0") })).toEqual(REFUSED);
  });

  it("the same signature re-encoded is refused: upper-case hex, a decoy v1 first, trailing junk, a second t", async () => {
    const p = await pendingPayment();
    const raw = JSON.stringify({ ...p.event, transaction_id: "txn_not_pending_2" });
    const signature = signProcessorWebhook(await secretOf(ids.cardProcessor), raw);
    const [t, v1] = signature.split(",");
    const hex = v1.slice(3);
    const decoy = `v1=${"0".repeat(64)}`;
    // malformed encodings never verify, before or after the genuine one is used
    for (const variant of [`${t},v1=${hex.toUpperCase()}`, `${t},${v1}zz`, `${t},${v1},x=1`, `${t},${t},${v1}`])
      expect(await sendWebhook({}, { raw, signature: variant }), variant).toEqual(REFUSED);
    // a decoy first and the genuine v1 second verifies once (any v1 may match, as in a secret rotation) …
    expect(await sendWebhook({}, { raw, signature: `${t},${decoy},${v1}` })).toEqual({
      status: 200,
      body: { handled: "ignored" },
    });
    // … and then is a replay in every spelling
    for (const variant of [signature, `${t},${v1},${decoy}`, `${t},${decoy},${v1}`])
      expect(await sendWebhook({}, { raw, signature: variant }), variant).toEqual(REFUSED);
  });
});

describe("unknown and known processor ids answer alike", () => {
  it("an unknown id, another processor's id, a non-integer id and a wrong signature give the same 401 and body", async () => {
    const p = await pendingPayment();
    const own = await secretOf(ids.cardProcessor);
    const answers = [
      await sendWebhook({ ...p.event, account_payment_processor_id: 999_999 }, { secret: own }),
      await sendWebhook({ ...p.event, account_payment_processor_id: 999_999 }, { secret: "anything" }),
      await sendWebhook({ ...p.event, account_payment_processor_id: "abc" }, { secret: own }),
      await sendWebhook({ ...p.event, account_payment_processor_id: ids.vendorB }, { secret: own }),
      await sendWebhook(p.event, { secret: await secretOf(ids.vendorB) }),
      await sendWebhook(p.event, { secret: "whsec_wrong" }),
    ];
    for (const a of answers) expect(a).toEqual(REFUSED);
    await expectStillPending(p);
    // malformed JSON is a 400 whatever the processor (nothing about processors is revealed)
    expect((await sendWebhook({}, { raw: "{not json", signature: "x" })).status).toBe(400);
    expect((await sendWebhook({}, { raw: "null", signature: "x" })).status).toBe(400);
    expect(await sendWebhook(p.event)).toEqual({ status: 200, body: { handled: "payment.succeeded" } });
  });
});
