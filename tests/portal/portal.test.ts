// The portal page's data and actions (issue 33, item 2): every contract of the customer with the subscriber
// page's view, receipts, cards that a live contract needs, "Pay now" through the portal's cookie-authorised
// route (the subscriber page's rules), and refusals: no session, another origin, another customer's contract.
import { describe, expect, it } from "vitest";
import { processAccountDue } from "@/server/domain/billing/timeOrder";
import { portalView } from "@/server/domain/portal/view";
import type { SeedResult } from "@/server/seed/demo";
import { APR10, at, createContract, expectStatus, MAR20, seedFixed, T0 } from "@/tests/contracts/_fixtures";
import { ctxFor, db, post, useSeed } from "@/tests/helpers";
import { submitCard } from "@/tests/sessions/_widget";
import { setPolicy } from "@/tests/subscriber/_setup";
import { portalAct, signedInCustomer } from "./_setup";

let seeded: SeedResult;
useSeed(seedFixed, (r) => (seeded = r));
let n = 0;

async function customerWithTwoContracts() {
  const reference = `portal-${process.pid}-${++n}`;
  at(T0);
  expectStatus(await post("/v2/customers/", { reference, email: `${reference}@example.com` }), 201);
  const a = await createContract({ customer_reference: reference, items: [{ price: seeded.ids.basicMonthly }] });
  const b = await createContract({ customer_reference: reference, items: [{ price: seeded.ids.basicMonthly }] });
  const customer = await db().customer.findFirstOrThrow({ where: { reference } });
  return { reference, customerId: customer.id, ids: [a.id as number, b.id as number] };
}

describe("customer portal", () => {
  it("lists every contract; Pay now of a failed run through the portal; a card in use cannot be removed", async () => {
    await setPolicy({ allow_update_card: true });
    const { reference, customerId, ids } = await customerWithTwoContracts();
    at(MAR20);
    const cookie = await signedInCustomer(reference);
    // a card that is saved but declines every charge, added from the portal (the hosted card form)
    const started = await portalAct(`contracts/${ids[0]}/`, cookie, { action: "update_card" });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await submitCard(started.body.token, "4000000000000341")).status).toBe(200);
    // the renewal on April 10 is declined
    const ctx = ctxFor(seeded.accountId, APR10);
    await processAccountDue(ctx);

    let view = await portalView(ctx, customerId);
    expect(view.contracts.map((c) => c.contract.id).sort()).toEqual([...ids].sort());
    const failed = view.contracts.flatMap((c) => c.runs).filter((r) => r.payable);
    expect(failed.length).toBeGreaterThan(0);
    expect(view.cards).toEqual([expect.objectContaining({ last4: "0341", in_use: true })]);
    const runId = failed[0].id;
    const contractId = (await db().billingRun.findUniqueOrThrow({ where: { id: runId } })).contractId;

    // the card pays for live contracts: refused
    const removal = await portalAct("", cookie, { action: "remove_card", payment_method: view.cards[0].id });
    expect(removal.status).toBe(400);
    expect(removal.body.payment_method[0]).toMatch(/Add another card/);

    // a good card, then Pay now through the portal
    const again = await portalAct(`contracts/${contractId}/`, cookie, { action: "update_card" });
    expect((await submitCard(again.body.token, "4242424242424242")).status).toBe(200);
    at(APR10);
    expect((await portalView(ctx, customerId)).cards.find((c) => c.last4 === "0341")).toBeUndefined();
    // the session of March 20 has ended (one hour); a new link opens a new one
    const payBody = { action: "pay_now", billing_run: runId };
    expect((await portalAct(`contracts/${contractId}/`, cookie, payBody)).status).toBe(401);
    const paid = await portalAct(`contracts/${contractId}/`, await signedInCustomer(reference), payBody);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ state: "succeeded" });
    view = await portalView(ctxFor(seeded.accountId, APR10), customerId);
    expect(view.receipts.map((r) => r.billing_run_id)).toContain(runId);
    expect(view.receipts[0].url).toMatch(/^\/portal\/receipts\/\d+$/);

    // the audit trail names the customer
    const audit = await db().auditLog.findFirstOrThrow({
      where: { accountId: seeded.accountId, action: { contains: "pay_now" }, actorType: "customer" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({ actorId: String(customerId), targetId: String(contractId) });
  });

  it("refuses without a session, from another origin, without the CSRF token, and another customer's contract", async () => {
    const mine = await customerWithTwoContracts();
    const theirs = await customerWithTwoContracts();
    at(MAR20);
    const cookie = await signedInCustomer(mine.reference);
    const cancel = { action: "cancel" };
    expect((await portalAct(`contracts/${mine.ids[0]}/`, null, cancel)).status).toBe(401);
    expect(
      (await portalAct(`contracts/${mine.ids[0]}/`, cookie, cancel, { origin: "https://evil.example" })).status,
    ).toBe(403);
    expect((await portalAct(`contracts/${mine.ids[0]}/`, cookie, cancel, { csrf: "x".repeat(43) })).status).toBe(403);
    expect((await portalAct(`contracts/${theirs.ids[0]}/`, cookie, cancel)).status).toBe(404);
    const ok = await portalAct(`contracts/${mine.ids[0]}/`, cookie, cancel);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await db().subscriptionContract.findUniqueOrThrow({ where: { id: mine.ids[0] } })).cancelAtPeriodEnd).toBe(
      true,
    );
  });
});
