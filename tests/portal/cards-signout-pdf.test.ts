// The portal's cards across processors ("Make default" moves every later charge), its sign-out, and its PDF
// downloads (issue 33, item 2): a receipt or credit note of the customer's as a PDF; another's a 404.
import { describe, expect, it } from "vitest";
import { GET as creditNotePdf } from "@/app/portal/credit-notes/[id]/pdf/route";
import { GET as receiptPdf } from "@/app/portal/receipts/[runId]/pdf/route";
import { POST as signOut } from "@/app/portal/sign-out/route";
import { pickPaymentMethod } from "@/server/domain/billing/execute";
import { processAccountDue } from "@/server/domain/billing/timeOrder";
import { portalView } from "@/server/domain/portal/view";
import type { SeedResult } from "@/server/seed/demo";
import { APR10, at, createContract, expectStatus, MAR20, seedFixed, T0 } from "@/tests/contracts/_fixtures";
import { ctxFor, db, post, useSeed } from "@/tests/helpers";
import { submitCard } from "@/tests/sessions/_widget";
import { setPolicy } from "@/tests/subscriber/_setup";
import { ORIGIN, portalAct, signedInCustomer } from "./_setup";

let seeded: SeedResult;
useSeed(seedFixed, (r) => (seeded = r));

const withCookie = (path: string, cookie: string | null, init: RequestInit = {}) =>
  new Request(`${ORIGIN}${path}`, {
    ...init,
    headers: { host: "test.local", origin: ORIGIN, ...(cookie ? { cookie: `portal_session=${cookie}` } : {}) },
  });

describe("portal cards, sign-out and PDFs", () => {
  it("a card at a second processor is charged once made default; the first stays until made default again", async () => {
    await setPolicy({ allow_update_card: true });
    const reference = `cards-${process.pid}`;
    at(T0);
    expectStatus(await post("/v2/customers/", { reference }), 201);
    const c = await createContract({ customer_reference: reference, items: [{ price: seeded.ids.basicMonthly }] });
    at(MAR20);
    const cookie = await signedInCustomer(reference);
    const started = await portalAct(`contracts/${c.id}/`, cookie, { action: "update_card" });
    expect((await submitCard(started.body.token, "4242424242424242")).status).toBe(200);
    const customer = await db().customer.findFirstOrThrow({ where: { reference } });
    const first = await db().paymentMethod.findFirstOrThrow({ where: { customerId: customer.id, state: "active" } });

    // a second card processor of the same currency, and a card there (as an import would make it)
    const processor = await db().accountPaymentProcessor.findUniqueOrThrow({ where: { id: first.processorId } });
    const { id: _id, createdAt: _created, config, ...fields } = processor;
    const second = await db().accountPaymentProcessor.create({
      data: { ...fields, displayName: "Second card processor", config: config as object },
    });
    const other = await db().paymentMethod.create({
      data: {
        accountId: seeded.accountId,
        customerId: customer.id,
        processorId: second.id,
        collectionMethod: "card",
        verified: true,
        cardBrand: "mastercard",
        cardLast4: "4444",
        cardExpMonth: 12,
        cardExpYear: 2031,
        token: "tok_sandbox_5555555555554444",
      },
    });
    const ctx = ctxFor(seeded.accountId, MAR20);
    const charged = async () =>
      (
        await pickPaymentMethod(
          db(),
          { customerId: customer.id, currency: c.currency, kind: "recurring" },
          { paymentProcessorOverride: null },
        )
      )?.id;
    // the newest card is the default, as before
    expect(await charged()).toBe(other.id);
    let view = await portalView(ctx, customer.id);
    expect(view.cards.map((x) => [x.last4, x.is_default])).toEqual([
      ["4242", false],
      ["4444", true],
    ]);

    const made = await portalAct("", cookie, { action: "make_default_card", payment_method: first.id });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await charged()).toBe(first.id);
    view = await portalView(ctx, customer.id);
    expect(view.cards.find((x) => x.is_default)?.last4).toBe("4242");
    // the other card is no longer needed by a live contract: it may go
    expect(view.cards.find((x) => x.last4 === "4444")?.in_use).toBe(false);
    const audit = await db().auditLog.findFirstOrThrow({
      where: { accountId: seeded.accountId, action: "POST /portal/ make_default_card" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({ actorType: "customer", actorId: String(customer.id) });

    // the April renewal is charged on the default card
    await processAccountDue(ctxFor(seeded.accountId, APR10));
    const run = await db().billingRun.findFirstOrThrow({
      where: { contractId: c.id, state: "succeeded", kind: "regular" },
      include: { attempts: true },
      orderBy: { id: "desc" },
    });
    expect(run.attempts.at(-1)?.paymentMethodId).toBe(first.id);

    // someone else's card, a canceled card or a made-up id: 404, nothing changes
    const foreign = await db().paymentMethod.findFirstOrThrow({
      where: { customerId: { not: customer.id }, state: "active" },
    });
    for (const id of [foreign.id, 999999999])
      expect(
        (await portalAct("", await signedInCustomer(reference), { action: "make_default_card", payment_method: id }))
          .status,
      ).toBe(404);
    expect(await charged()).toBe(first.id);
  });

  it("PDFs of the customer's own receipts and credit notes; another customer's are 404; sign-out ends the session", async () => {
    const reference = `pdf-${process.pid}`;
    at(T0);
    expectStatus(await post("/v2/customers/", { reference }), 201);
    const c = await createContract({ customer_reference: reference, items: [{ price: seeded.ids.basicMonthly }] });
    at(MAR20);
    const started = await portalAct(`contracts/${c.id}/`, await signedInCustomer(reference), { action: "update_card" });
    expect((await submitCard(started.body.token, "4242424242424242")).status).toBe(200);
    await processAccountDue(ctxFor(seeded.accountId, APR10));
    at(APR10);
    const cookie = await signedInCustomer(reference);
    const customerId = (await db().customer.findFirstOrThrow({ where: { reference } })).id;
    const view = await portalView(ctxFor(seeded.accountId, APR10), customerId);
    const own = view.receipts[0];
    expect(own, "the April renewal is paid").toBeDefined();
    const pdf = await receiptPdf(withCookie(`/portal/receipts/${own.billing_run_id}/pdf`, cookie), {
      params: Promise.resolve({ runId: String(own.billing_run_id) }),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // a run of another customer, and no cookie: 404 (nothing says whether it exists)
    const foreign = await db().billingRun.findFirstOrThrow({
      where: { accountId: seeded.accountId, contractId: { not: c.id }, state: "succeeded" },
    });
    for (const [runId, who] of [
      [foreign.id, cookie],
      [own.billing_run_id, null],
    ] as const) {
      const res = await receiptPdf(withCookie(`/portal/receipts/${runId}/pdf`, who), {
        params: Promise.resolve({ runId: String(runId) }),
      });
      expect(res.status).toBe(404);
    }
    const note = await db().creditNote.findFirst({ where: { accountId: seeded.accountId } });
    if (note) {
      const res = await creditNotePdf(withCookie(`/portal/credit-notes/${note.id}/pdf`, cookie), {
        params: Promise.resolve({ id: String(note.id) }),
      });
      expect(res.status, "a credit note of another customer").toBe(404);
    }

    // sign-out from another site is refused; from the page it ends the session and clears the cookie
    const crossSite = await signOut(
      new Request(`${ORIGIN}/portal/sign-out`, {
        method: "POST",
        headers: { host: "test.local", origin: "https://evil.example", cookie: `portal_session=${cookie}` },
      }),
    );
    expect(crossSite.status).toBe(403);
    expect((await portalAct(`contracts/${c.id}/`, cookie, { action: "update_card" })).status).toBe(200);
    const out = await signOut(withCookie("/portal/sign-out", cookie, { method: "POST" }));
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^portal_session=; Path=\/portal; Max-Age=0/);
    expect(await out.text()).toContain("You are signed out");
    expect((await portalAct(`contracts/${c.id}/`, cookie, { action: "update_card" })).status).toBe(401);
  });
});
