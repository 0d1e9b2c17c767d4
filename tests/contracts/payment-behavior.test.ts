// Item changes that bill a charge now and their payment (payment_behavior, an extension of the spec):
// pending_if_incomplete charges first and applies the change only when the payment succeeds; a declined
// card leaves the contract exactly as it was (items, amounts, entitlements, version, latest run, billing
// attention) with a 400 naming the processor's reason and a voided run nobody retries; a 3-D Secure
// payment (pending_external) holds the change until the processor's webhook settles it. allow_incomplete
// (the default) keeps the spec's behaviour: the change applies and its adjustment run waits for billing.
//
// Amounts are computed here from the catalog terms, independently of the engine: Streaming Basic 9.9000,
// Premium 14.9000 in [2025-12-31, 2026-03-31) (the version of the period's start, Mar 10), VAT 24 %
// exclusive; a change on Mar 20 covers round6(21/31) = 0.677419 of [Mar 10, Apr 10).

import type { TRPCError } from "@trpc/server";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { processAccountDue } from "@/server/domain/billing/timeOrder";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import type { SeedResult } from "@/server/seed/demo";
import { consoleAs } from "@/tests/audit/_console";
import { sendWebhook } from "@/tests/checkout/_flow";
import { ctxFor, get, post, setRequestTime, useSeed } from "@/tests/helpers";
import { act, setPolicy } from "@/tests/subscriber/_setup";
import {
  APR10,
  at,
  cpath,
  createBasic,
  createContract,
  creditsOf,
  db,
  eventsOf,
  expect400,
  expectStatus,
  MAR20,
  pendingOf,
  read,
  runsOf,
  seedFixed,
} from "./_fixtures";

let seeded: SeedResult;
let ids: Record<string, number>;
useSeed(seedFixed, (r) => ((seeded = r), (ids = r.ids)));

const DECLINING = "cust-1002";
const HALF_UP = Decimal.clone({ rounding: Decimal.ROUND_HALF_UP, precision: 40 });
const round = (x: Decimal.Value, places: number) => new HALF_UP(x).toDecimalPlaces(places);

/** Basic → Premium on Mar 20: credit the rest of Basic, charge the rest of Premium, each line rounded once. */
function upgradeCharge() {
  const factor = round(new HALF_UP(21).div(31), 6);
  const line = (unit: string) => {
    const net = round(new HALF_UP(unit).times(factor), 4);
    return net.plus(round(net.times("0.24"), 4));
  };
  return line("14.9000").minus(line("9.9000")).toFixed(4);
}

/** What the contract shows that the change would alter. */
const shape = (c: any) => ({
  version: c.contract_version,
  items: c.items.map((i: any) => [i.id, i.price_id, i.quantity, i.unit_amount, i.status, i.entitled_until]),
  entitlements: c.entitlement_summary,
  service: [c.service_active, c.service_state],
  attention: c.billing_attention_required,
  latest: c.latest_billing_run,
  next: c.next_billing_at,
  credit: c.credit_balance,
});

const toPremium = (item: number, extra: Record<string, unknown> = {}) => ({
  contract_item: item,
  price: ids.premiumMonthly,
  proration_behavior: "always_invoice",
  ...extra,
});

/** A verified card `number` of the customer at the account's card processor (what the hosted form leaves). */
async function customerCard(customerId: number, number: string) {
  const processor = await db().accountPaymentProcessor.findFirstOrThrow({
    where: { accountId: seeded.accountId, displayName: "Sandbox card form" },
  });
  await db().paymentMethod.create({
    data: {
      accountId: seeded.accountId,
      customerId,
      processorId: processor.id,
      collectionMethod: "card",
      verified: true,
      cardBrand: "visa",
      cardLast4: number.slice(-4),
      cardExpMonth: 12,
      cardExpYear: 2030,
      token: `tok_sandbox_${number}`,
    },
  });
  return processor;
}

/** A new customer whose only card is `number`. */
async function customerWithCard(reference: string, number: string) {
  const customer = expectStatus(await post("/v2/customers/", { reference, name: reference }), 201);
  return { customer, processor: await customerCard(customer.id, number) };
}

describe("pending_if_incomplete with a declining card", () => {
  it("changes nothing, answers 400 with the processor's reason and leaves no debt to retry", async () => {
    const c = await createBasic(ids, { customer_reference: DECLINING });
    const before = await read(c.id, MAR20);
    const eventsBefore = (await eventsOf(c.id)).length;
    at(MAR20);
    const r = await post(
      cpath(c.id, "items/update/"),
      toPremium(c.items[0].id, { payment_behavior: "pending_if_incomplete" }),
    );
    expect400(r, "payment");
    expect(r.body.payment).toEqual(["The card was declined."]);
    expect(r.body.code).toBe("card_declined");

    const after = await read(c.id, MAR20);
    expect(shape(after)).toEqual(shape(before));
    expect(after.items[0].price_id).toBe(ids.basicMonthly);
    // the charge was attempted once and is closed: voided, not failed, so neither dunning nor a seller retries it
    const runs = await runsOf(c.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: "adjustment", state: "voided", total: upgradeCharge() });
    expect(r.body.adjustment_billing_run_id).toBe(runs[0].id);
    const run = await db().billingRun.findUniqueOrThrow({ where: { id: runs[0].id }, include: { attempts: true } });
    expect(run.nextAttemptAt).toBeNull();
    expect(run.attempts.map((a) => [a.state, a.failCode])).toEqual([["failed", "card_declined"]]);
    expect400(await post(`/v2/billing-runs/${run.id}/retry/`, { reason: "try again" }), "non_field_errors");
    // no contract event (eventsOf matches data.id, which a run's id can equal: only contract events count)
    const events = (await eventsOf(c.id))
      .slice(eventsBefore)
      .filter((e) => e.type.startsWith("subscription_contract."));
    expect(events.map((e) => e.type)).toEqual([]);
    const voided = await db().outboxEvent.findMany({ where: { type: "billing_run.voided" } });
    expect(voided.map((e) => (e.payload as any).data)).toContainEqual(
      expect.objectContaining({
        id: run.id,
        state: "voided",
        void_reason: "change_not_paid",
        fail_code: "card_declined",
      }),
    );
    // a later worker pass bills nothing for it
    const due = await processAccountDue(ctxFor(seeded.accountId, "2026-03-25T00:00:00.000Z"));
    expect(due.runsExecuted).toBe(0);
    expect((await runsOf(c.id)).map((x) => x.state)).toEqual(["voided"]);
    expect(shape(await read(c.id, MAR20))).toEqual(shape(before));
  });

  it("pending adjustments the run carried wait for the next invoice again", async () => {
    const c = await createBasic(ids, { customer_reference: DECLINING });
    // a quantity change first leaves a pending line (next_invoice)
    at("2026-03-15T00:00:00.000Z");
    expectStatus(await post(cpath(c.id, "items/update/"), { contract_item: c.items[0].id, quantity: 2 }), 200);
    const pending = await pendingOf(c.id);
    expect(pending.length).toBeGreaterThan(0);
    at(MAR20);
    const r = await post(cpath(c.id, "items/add/"), {
      price: ids.sportsMonthly,
      settlement_behavior: "invoice_now",
      include_pending_adjustments: true,
      payment_behavior: "pending_if_incomplete",
    });
    expect400(r, "payment");
    expect(await pendingOf(c.id)).toEqual(pending);
    expect((await read(c.id, MAR20)).items).toHaveLength(1);
  });
});

describe("pending_if_incomplete with a good card", () => {
  it("charges the previewed amount once, then applies the change", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    at(MAR20);
    // preview without payment_behavior, confirm with it: it decides when the change applies, not its amounts
    const preview = expectStatus(
      await post(cpath(c.id, "proration-preview/"), { operation: "update_item", ...toPremium(item) }),
      200,
    );
    expect(preview.invoice_now_amount).toBe(upgradeCharge());
    const r = expectStatus(
      await post(
        cpath(c.id, "items/update/"),
        toPremium(item, { payment_behavior: "pending_if_incomplete", preview_token: preview.preview_token }),
      ),
      200,
    );
    expect(r.change_state).toBe("applied");
    expect(r.contract.contract_version).toBe(2);
    expect(r.contract_item).toMatchObject({ id: item, price_id: ids.premiumMonthly });
    expect(r.proration.invoice_now_amount).toBe(upgradeCharge());
    const runs = await runsOf(c.id);
    expect(runs.map((x) => [x.kind, x.state, x.total, x.id])).toEqual([
      ["adjustment", "succeeded", upgradeCharge(), r.adjustment_billing_run_id],
    ]);
    const attempts = await db().billingAttempt.findMany({ where: { runId: runs[0].id } });
    expect(attempts.map((a) => [a.state, a.amount.toFixed(4)])).toEqual([["succeeded", "4.2000"]]);
    expect(r.contract.latest_billing_run).toMatchObject({ id: runs[0].id, state: "succeeded" });
    expect(r.contract.billing_attention_required).toBe(false);
    const updated = (await eventsOf(c.id)).filter((e) => e.type === "subscription_contract.updated");
    expect(updated).toHaveLength(1);
    expect((updated[0].payload as any).data.items[0].price_id).toBe(ids.premiumMonthly);
  });

  it("an added item exists only once paid, and its run line names it", async () => {
    const c = await createBasic(ids);
    const r = expectStatus(
      await (at(MAR20),
      post(cpath(c.id, "items/add/"), {
        price: ids.sportsMonthly,
        proration_behavior: "always_invoice",
        payment_behavior: "pending_if_incomplete",
      })),
      200,
    );
    expect(r.contract_item).toMatchObject({ price_id: ids.sportsMonthly, current_service_period_end_at: APR10 });
    const runs = await runsOf(c.id);
    expect(runs[0]).toMatchObject({ state: "succeeded", total: "4.2000" });
    expect(runs[0].lines.map((l) => l.contract_item_id)).toEqual([r.contract_item.id]);
  });

  it("a change with nothing to charge now applies at once (nothing to wait for)", async () => {
    const c = await createBasic(ids, { customer_reference: DECLINING });
    at(MAR20);
    const r = expectStatus(
      await post(cpath(c.id, "items/update/"), {
        contract_item: c.items[0].id,
        price: ids.premiumMonthly,
        payment_behavior: "pending_if_incomplete",
      }),
      200,
    );
    expect(r).toMatchObject({ change_state: "applied", adjustment_billing_run_id: null });
    expect(r.contract.items[0].price_id).toBe(ids.premiumMonthly);
  });
});

describe("allow_incomplete (the default) keeps the spec's behaviour", () => {
  it.each([[{}], [{ payment_behavior: "allow_incomplete" }]])(
    "with a declining card %j: the change applies and its run waits for billing",
    async (extra) => {
      const c = await createBasic(ids, { customer_reference: DECLINING });
      at(MAR20);
      const r = expectStatus(await post(cpath(c.id, "items/update/"), toPremium(c.items[0].id, extra)), 200);
      expect(Object.keys(r).sort()).toEqual(["adjustment_billing_run_id", "contract", "contract_item", "proration"]);
      expect(r.contract.items[0].price_id).toBe(ids.premiumMonthly);
      expect(r.contract.contract_version).toBe(2);
      expect((await runsOf(c.id)).map((x) => [x.state, x.total])).toEqual([["scheduled", upgradeCharge()]]);
    },
  );

  it("an unknown payment_behavior is a 400 on the field", async () => {
    const c = await createBasic(ids);
    at(MAR20);
    expect400(
      await post(cpath(c.id, "items/update/"), toPremium(c.items[0].id, { payment_behavior: "error_if_incomplete" })),
      "payment_behavior",
    );
    expect400(await post(cpath(c.id, "cancel/"), { payment_behavior: "pending_if_incomplete" }), "payment_behavior");
  });
});

describe("pending_if_incomplete with 3-D Secure (pending_external)", () => {
  async function threeDsContract(reference: string) {
    const { processor } = await customerWithCard(reference, "4000000000003220");
    const c = await createBasic(ids, { customer_reference: reference });
    at(MAR20);
    const r = expectStatus(
      await post(cpath(c.id, "items/update/"), toPremium(c.items[0].id, { payment_behavior: "pending_if_incomplete" })),
      200,
    );
    const run = await db().billingRun.findUniqueOrThrow({
      where: { id: r.adjustment_billing_run_id },
      include: { attempts: true },
    });
    return { c, r, run, processor };
  }

  it("waits unchanged for the processor, then applies the change when the payment succeeds", async () => {
    const { c, r, run, processor } = await threeDsContract("cust-3ds-ok");
    expect(r.change_state).toBe("awaiting_payment");
    expect(r.contract.items[0].price_id).toBe(ids.basicMonthly);
    expect(r.contract.contract_version).toBe(1);
    expect(run.state).toBe("pending_external");
    // a second change that would be charged now waits for the first
    at(MAR20);
    const second = await post(
      cpath(c.id, "items/update/"),
      toPremium(c.items[0].id, { quantity: 2, payment_behavior: "pending_if_incomplete" }),
    );
    expect400(second, "non_field_errors");
    expect(second.body.code).toBe("change_awaiting_payment");

    const hook = await sendWebhook({
      type: "payment.succeeded",
      account_payment_processor_id: processor.id,
      transaction_id: run.attempts[0].transactionId,
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    const after = await read(c.id, MAR20);
    expect(after.items[0].price_id).toBe(ids.premiumMonthly);
    expect(after.contract_version).toBe(2);
    expect((await runsOf(c.id)).map((x) => [x.state, x.total])).toEqual([["succeeded", upgradeCharge()]]);
  });

  it("drops the change when the customer's bank refuses it", async () => {
    const { c, run, processor } = await threeDsContract("cust-3ds-fail");
    const before = await read(c.id, MAR20);
    const hook = await sendWebhook({
      type: "payment.failed",
      account_payment_processor_id: processor.id,
      transaction_id: run.attempts[0].transactionId,
      fail_code: "authentication_failed",
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    const after = await read(c.id, MAR20);
    expect(shape(after)).toEqual({ ...shape(before), latest: null });
    expect(after.items[0].price_id).toBe(ids.basicMonthly);
    expect((await runsOf(c.id)).map((x) => x.state)).toEqual(["voided"]);
    expect(await creditsOf(c.id)).toEqual([]);
  });

  it("a paid change the contract no longer fits (changed meanwhile) becomes contract credit", async () => {
    const { c, run, processor } = await threeDsContract("cust-3ds-moved");
    // the seller changes the quantity (applied at once, no charge now) while the bank is asked
    at(MAR20);
    expectStatus(
      await post(cpath(c.id, "items/update/"), {
        contract_item: c.items[0].id,
        quantity: 3,
        proration_behavior: "none",
      }),
      200,
    );
    await sendWebhook({
      type: "payment.succeeded",
      account_payment_processor_id: processor.id,
      transaction_id: run.attempts[0].transactionId,
    });
    const after = await read(c.id, MAR20);
    expect(after.items[0]).toMatchObject({ price_id: ids.basicMonthly, quantity: 3 });
    expect(after.credit_balance).toBe(upgradeCharge());
    expect((await runsOf(c.id)).map((x) => x.state)).toEqual(["succeeded"]);
  });
});

describe("subscriber page upgrades are always pending until paid", () => {
  it("a declined card changes nothing and says why; with a new card the same upgrade applies", async () => {
    await setPolicy({ allow_cancel: true, allow_change_plan: true, allow_pause: false, allow_update_card: true });
    const { customer } = await customerWithCard("cust-page-declines", "4000000000000002");
    const contract = await createContract({ bundle_template: ids.family, customer_reference: customer.reference });
    const id = contract.id as number;
    const { subscriberToken: token } = await db().subscriptionContract.findUniqueOrThrow({ where: { id } });
    const csrf = await csrfTokenFor(token);
    const change = { kind: "price", contract_item: contract.items[0].id, price: ids.premiumMonthly };
    const before = await read(id, MAR20);
    at(MAR20);
    const preview = await act(token, { action: "preview_change", change }, { csrf });
    expect(preview.body.preview.invoice_now_amount).toBe(upgradeCharge());
    const refused = await act(
      token,
      { action: "confirm_change", change, preview_token: preview.body.preview.preview_token },
      { csrf },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ payment: ["The card was declined."], code: "card_declined" });
    expect(shape(await read(id, MAR20))).toEqual(shape(before));

    // the customer saves another card (what the hosted card form's completion leaves): billing uses the newest
    await db().paymentMethod.updateMany({ where: { customerId: customer.id }, data: { state: "canceled" } });
    await customerCard(customer.id, "4242424242424242");
    at(MAR20);
    const again = await act(token, { action: "preview_change", change }, { csrf });
    const done = await act(
      token,
      { action: "confirm_change", change, preview_token: again.body.preview.preview_token },
      { csrf },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.change_state).toBe("applied");
    const after = await read(id, MAR20);
    expect(after.items[0].price_id).toBe(ids.premiumMonthly);
    expect(after.contract_version).toBe(2);
    expect((await runsOf(id)).map((x) => [x.state, x.total])).toEqual([
      ["voided", upgradeCharge()],
      ["succeeded", upgradeCharge()],
    ]);
    expect(expectStatus(await get(`/v2/billing-runs/${done.body.adjustment_run_id}/`), 200).state).toBe("succeeded");
  });
});

describe("the seller's choice in the console and as the account's default", () => {
  /** A contract created now (real time: the console acts on the account's clock). */
  async function contractNow(customer: string) {
    setRequestTime(null);
    return expectStatus(
      await post("/v2/subscription-contracts/", { customer_reference: customer, items: [{ price: ids.basicMonthly }] }),
      201,
    );
  }

  it("the console's item change with pending_if_incomplete refuses a declined payment and changes nothing", async () => {
    const c = await contractNow(DECLINING);
    const caller = await consoleAs("admin@example.com");
    const error = await caller.contractActions
      .updateItem({
        contract_id: c.id,
        ...toPremium(c.items[0].id),
        payment_behavior: "pending_if_incomplete",
      } as never)
      .then(
        () => null,
        (e: TRPCError) => e,
      );
    expect(error?.code).toBe("BAD_REQUEST");
    expect((error?.cause as { fields?: unknown })?.fields).toEqual({ payment: ["The card was declined."] });
    const after = expectStatus(await get(cpath(c.id)), 200);
    expect([after.contract_version, after.items[0].price_id]).toEqual([1, ids.basicMonthly]);
    // allow_incomplete from the console: applied, the run left to billing
    const applied = await caller.contractActions.updateItem({
      contract_id: c.id,
      ...toPremium(c.items[0].id),
      payment_behavior: "allow_incomplete",
    } as never);
    expect(applied).toMatchObject({ change_state: "applied", contract: { contract_version: 2 } });
  });

  it("an account that chose pending_if_incomplete applies it to item changes naming none", async () => {
    const caller = await consoleAs("admin@example.com");
    expect(
      await caller.account.update({ item_change_payment_behavior: "later" }).then(
        () => null,
        (e: TRPCError) => (e.cause as { fields?: Record<string, unknown> })?.fields,
      ),
    ).toHaveProperty("item_change_payment_behavior");
    expect(await caller.account.update({ item_change_payment_behavior: "pending_if_incomplete" })).toMatchObject({
      item_change_payment_behavior: "pending_if_incomplete",
    });
    try {
      const c = await createBasic(ids, { customer_reference: DECLINING });
      at(MAR20);
      expect400(await post(cpath(c.id, "items/update/"), toPremium(c.items[0].id)), "payment");
      expect((await read(c.id, MAR20)).items[0].price_id).toBe(ids.basicMonthly);
      // the request's own choice wins
      at(MAR20);
      const r = expectStatus(
        await post(cpath(c.id, "items/update/"), toPremium(c.items[0].id, { payment_behavior: "allow_incomplete" })),
        200,
      );
      expect(r.contract.items[0].price_id).toBe(ids.premiumMonthly);
    } finally {
      await caller.account.update({ item_change_payment_behavior: "allow_incomplete" });
    }
  });
});
