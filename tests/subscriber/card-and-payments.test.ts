// The subscriber page's money paths: "Update card" verifies the card with a zero-amount authorisation (a
// declined card is refused and the card on file stays), receipts only for paid runs, and "Pay now" of a
// failed run (a failure leaves the dunning schedule as it was; a success settles the run, and a checkout's
// unpaid first payment starts the contract).
import { beforeAll, describe, expect, it } from "vitest";
import { processAccountDue } from "@/server/domain/billing/timeOrder";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import { cardOnFile } from "@/server/domain/selfService/card";
import { subscriberPageView } from "@/server/domain/selfService/page";
import type { SeedResult } from "@/server/seed/demo";
import { APR10, at, createContract, expectStatus, MAR20, seedFixed, T0 } from "@/tests/contracts/_fixtures";
import { ctxFor, db, post, useSeed } from "@/tests/helpers";
import { submitCard } from "@/tests/sessions/_widget";
import { act, setPolicy } from "./_setup";

let seeded: SeedResult;
useSeed(seedFixed, (r) => (seeded = r));
beforeAll(async () => {
  await setPolicy({ allow_update_card: true, allow_change_plan: true, allow_cancel: true });
});

const DECLINES = "4000000000000002";
const ON_FILE_THEN_DECLINES = "4000000000000341";
let n = 0;

/** A Streaming Basic monthly contract (9.90 EUR + 24 % VAT = 12.28 a period) for a customer of its own. */
async function contractOfNewCustomer() {
  const reference = `sub-pay-${process.pid}-${++n}`;
  at(T0);
  expectStatus(await post("/v2/customers/", { reference }), 201);
  const c = await createContract({ customer_reference: reference, items: [{ price: seeded.ids.basicMonthly }] });
  const row = await db().subscriptionContract.findUniqueOrThrow({ where: { id: c.id } });
  return { id: c.id as number, token: row.subscriberToken, csrf: await csrfTokenFor(row.subscriberToken) };
}

/** "Update card" on the page, then the card typed into the hosted form: the form's HTTP answer. */
async function updateCard(token: string, csrf: string, number: string) {
  const started = await act(token, { action: "update_card" }, { csrf });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return submitCard(started.body.token, number);
}

const ctx = () => ctxFor(seeded.accountId, APR10);

describe("Update card", () => {
  it("a declined card is refused with a clear message and the card on file stays the default", async () => {
    const { id, token, csrf } = await contractOfNewCustomer();
    at(MAR20);
    expect((await updateCard(token, csrf, "4242424242424242")).status).toBe(200);
    expect(await cardOnFile(ctx(), id)).toMatchObject({ last4: "4242" });

    const refused = await updateCard(token, csrf, DECLINES);
    expect(refused.status).toBe(400);
    expect(refused.body.card?.[0]).toMatch(/declined.*not saved/i);
    expect(await cardOnFile(ctx(), id)).toMatchObject({ last4: "4242" });
    const active = await db().paymentMethod.findMany({
      where: {
        customerId: (await db().subscriptionContract.findUniqueOrThrow({ where: { id } })).customerId,
        state: "active",
      },
    });
    expect(active.map((m) => m.cardLast4)).toEqual(["4242"]);
  });

  it("the refused form stays open for another card", async () => {
    const { id, token, csrf } = await contractOfNewCustomer();
    at(MAR20);
    const started = await act(token, { action: "update_card" }, { csrf });
    expect((await submitCard(started.body.token, DECLINES)).status).toBe(400);
    expect((await submitCard(started.body.token, "5555555555554444")).status).toBe(200);
    expect(await cardOnFile(ctx(), id)).toMatchObject({ brand: "mastercard", last4: "4444" });
  });
});

describe("billing history and Pay now", () => {
  it("a failed renewal has no receipt; Pay now with a declining card leaves dunning as it was; with a good card it is paid", async () => {
    const { id, token, csrf } = await contractOfNewCustomer();
    at(MAR20);
    // a card that passes the zero-amount check but declines charges
    expect((await updateCard(token, csrf, ON_FILE_THEN_DECLINES)).status).toBe(200);
    await processAccountDue(ctx());
    const failed = await db().billingRun.findFirstOrThrow({ where: { contractId: id, kind: "regular" } });
    expect(failed.state).toBe("failed");
    expect(failed.nextAttemptAt).not.toBeNull();

    let view = await subscriberPageView(ctx(), id, token);
    const row = view.runs.find((r) => r.id === failed.id)!;
    expect(row).toMatchObject({ payable: true, receipt_url: null, fail_message: "The card was declined." });
    expect(view.notices).toContain("payment_attention");

    at(APR10);
    const declined = await act(token, { action: "pay_now", billing_run: failed.id }, { csrf });
    expect(declined.status).toBe(400);
    expect(declined.body.payment?.[0]).toMatch(/declined.*Nothing was charged/);
    const still = await db().billingRun.findUniqueOrThrow({ where: { id: failed.id } });
    expect(still).toMatchObject({ state: "failed", attemptCount: 2 });
    expect(still.nextAttemptAt).toEqual(failed.nextAttemptAt);

    expect((await updateCard(token, csrf, "4242424242424242")).status).toBe(200);
    const paid = await act(token, { action: "pay_now", billing_run: failed.id }, { csrf });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ state: "succeeded" });
    const settled = await db().billingRun.findUniqueOrThrow({ where: { id: failed.id }, include: { attempts: true } });
    expect(settled.state).toBe("succeeded");
    expect(settled.receiptNumber).not.toBeNull();
    // 9.90 + 24 % VAT, charged once
    expect(settled.attempts.filter((a) => a.state === "succeeded").map((a) => a.amount.toFixed(2))).toEqual(["12.28"]);

    view = await subscriberPageView(ctx(), id, token);
    expect(view.runs.find((r) => r.id === failed.id)).toMatchObject({
      payable: false,
      receipt_url: `/change_contract/${token}/receipts/${failed.id}`,
    });
    expect(view.notices).not.toContain("payment_attention");
    // paying again is refused, and so is a run of another contract
    expect((await act(token, { action: "pay_now", billing_run: failed.id }, { csrf })).status).toBe(400);
    const other = await contractOfNewCustomer();
    expect((await act(other.token, { action: "pay_now", billing_run: failed.id }, { csrf: other.csrf })).status).toBe(
      404,
    );
  });
});
