// The subscriber page's actions: security (origin, CSRF, wrong-token throttle, ids of other contracts),
// the seller's policy, and plan changes through the contract operations with their preview tokens.
import { beforeAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import type { SeedResult } from "@/server/seed/demo";
import { APR10, at, expectStatus, MAR20, seedFixed } from "@/tests/contracts/_fixtures";
import { db, get, useSeed } from "@/tests/helpers";
import { act, familyContract, setPolicy } from "./_setup";

let ids: SeedResult["ids"];
useSeed(seedFixed, (r) => (ids = r.ids));
beforeAll(async () => {
  await setPolicy({ allow_cancel: true, allow_change_plan: true, allow_pause: false, allow_update_card: true });
});

const contractRow = (id: number) => db().subscriptionContract.findUniqueOrThrow({ where: { id } });

describe("page security", () => {
  it("a change without the page's CSRF token, with a wrong one or from another origin is refused and changes nothing", async () => {
    const { id, token } = await familyContract(ids);
    const csrf = await csrfTokenFor(token);
    at(MAR20);
    expect((await act(token, { action: "cancel" })).status).toBe(403);
    expect((await act(token, { action: "cancel" }, { csrf: `${csrf.slice(0, -2)}xx` })).status).toBe(403);
    expect((await act(token, { action: "cancel" }, { csrf: await csrfTokenFor(`${token}x`) })).status).toBe(403);
    expect((await act(token, { action: "cancel" }, { csrf, origin: "https://evil.example" })).status).toBe(403);
    expect((await act(token, { action: "cancel" }, { csrf, origin: null })).status).toBe(403);
    const row = await contractRow(id);
    expect(row.cancelAtPeriodEnd).toBe(false);
    expect(row.contractVersion).toBe(1);
  });

  it("another contract's item id is a 404, and wrong tokens are throttled per address", async () => {
    const mine = await familyContract(ids);
    const other = await familyContract(ids);
    const otherItem = other.contract.items[0].id;
    at(MAR20);
    const r = await act(
      mine.token,
      { action: "preview_change", change: { kind: "remove", contract_item: otherItem } },
      { csrf: await csrfTokenFor(mine.token) },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(404);
    const address = "10.9.9.9";
    for (let i = 0; i < 20; i++)
      expect((await act(`wrong${i}`.padEnd(32, "x"), { action: "cancel" }, { address })).status).toBe(404);
    // now even the right token is refused from this address (but not from another)
    const csrf = await csrfTokenFor(mine.token);
    expect((await act(mine.token, { action: "undo_cancel" }, { address, csrf })).status).toBe(429);
    expect((await act(mine.token, { action: "undo_cancel" }, { csrf })).status).toBe(400);
  });
});

describe("seller policy", () => {
  it("GET/PATCH /v2/self-service-policy/; a disabled action is refused with 403", async () => {
    const { id, token } = await familyContract(ids);
    const csrf = await csrfTokenFor(token);
    expect(await setPolicy({ allow_cancel: false })).toMatchObject({ allow_cancel: false, allow_change_plan: true });
    expect(expectStatus(await get("/v2/self-service-policy/"), 200)).toEqual({
      allow_cancel: false,
      allow_change_plan: true,
      allow_pause: false,
      allow_update_card: true,
      customer_proration: "upgrade_now_downgrade_at_renewal",
    });
    at(MAR20);
    try {
      expect((await act(token, { action: "cancel" }, { csrf })).status).toBe(403);
      expect((await act(token, { action: "pause", months: 1 }, { csrf })).status).toBe(403);
      expect((await contractRow(id)).cancelAtPeriodEnd).toBe(false);
    } finally {
      await setPolicy({ allow_cancel: true });
    }
  });
});

describe("plan changes", () => {
  it("an upgrade is charged now exactly as previewed; the event and the audit trail name the subscriber", async () => {
    const { id, token, contract } = await familyContract(ids);
    const csrf = await csrfTokenFor(token);
    const change = { kind: "price", contract_item: contract.items[0].id, price: ids.premiumMonthly };
    at(MAR20);
    const preview = await act(token, { action: "preview_change", change }, { csrf });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.direction).toBe("upgrade");
    expect(preview.body.preview.lines).toHaveLength(2);
    const chargeNow = preview.body.preview.invoice_now_amount;
    expect(Number(chargeNow)).toBeGreaterThan(0);
    const done = await act(
      token,
      { action: "confirm_change", change, preview_token: preview.body.preview.preview_token },
      { csrf },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const run = await db().billingRun.findUniqueOrThrow({ where: { id: done.body.adjustment_run_id } });
    expect(run.total.toFixed(4)).toBe(chargeNow);
    const event = (await db().outboxEvent.findMany({ orderBy: { id: "desc" } })).find(
      (e) => (e.payload as any).data?.id === id && e.type === "subscription_contract.updated",
    );
    expect((event!.payload as any).actor).toEqual({ type: "subscriber", id });
    const audit = await db().auditLog.findFirst({ where: { targetId: String(id) }, orderBy: { id: "desc" } });
    expect(audit).toMatchObject({ actorType: "subscriber", targetType: "subscription-contracts" });
  });

  it("a downgrade under the default policy gives no credit and waits for the renewal (scheduled change)", async () => {
    const { id, token, contract } = await familyContract(ids);
    const csrf = await csrfTokenFor(token);
    const item = contract.items[0].id;
    at(MAR20);
    const up = { kind: "price", contract_item: item, price: ids.premiumMonthly };
    const p1 = await act(token, { action: "preview_change", change: up }, { csrf });
    await act(token, { action: "confirm_change", change: up, preview_token: p1.body.preview.preview_token }, { csrf });
    const down = { kind: "price", contract_item: item, price: ids.basicMonthly };
    const p2 = await act(token, { action: "preview_change", change: down }, { csrf });
    expect(p2.body.direction).toBe("downgrade");
    expect(p2.body.preview).toMatchObject({ lines: [], invoice_now_amount: "0.0000", credit_amount: "0.0000" });
    const periodEnd = (await db().contractItem.findUniqueOrThrow({ where: { id: item } })).periodEndAt!.toISOString();
    expect(p2.body.scheduled_for).toBe(periodEnd);
    const done = await act(
      token,
      { action: "confirm_change", change: down, preview_token: p2.body.preview.preview_token },
      { csrf },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ adjustment_run_id: null, credit_amount: "0.0000" });
    expect(await db().contractCredit.count({ where: { contractId: id } })).toBe(0);
    expect(await db().pendingLine.count({ where: { contractId: id } })).toBe(0);
    // the customer keeps Premium until the period ends; Basic is scheduled from then
    expect((await db().contractItem.findUniqueOrThrow({ where: { id: item } })).priceId).toBe(ids.premiumMonthly);
    const pending = await db().scheduledItemChange.findMany({ where: { contractId: id, state: "scheduled" } });
    expect(pending).toMatchObject([{ contractItemId: item, kind: "update", priceId: ids.basicMonthly }]);
    expect(pending[0].effectiveAt.toISOString()).toBe(periodEnd);
    // a token of the scheduled preview cannot confirm another change
    const other = await act(
      token,
      {
        action: "confirm_change",
        change: { kind: "remove", contract_item: item },
        preview_token: p2.body.preview.preview_token,
      },
      { csrf },
    );
    expect(other.status).toBe(400);
  });

  it("a change the page does not offer is refused; a tampered preview token is refused", async () => {
    const { token, contract } = await familyContract(ids);
    const csrf = await csrfTokenFor(token);
    at(MAR20);
    const foreignPrice = { kind: "price", contract_item: contract.items[0].id, price: ids.sportsMonthly };
    expect((await act(token, { action: "preview_change", change: foreignPrice }, { csrf })).status).toBe(400);
    const up = { kind: "price", contract_item: contract.items[0].id, price: ids.premiumMonthly };
    const p = await act(token, { action: "preview_change", change: up }, { csrf });
    const addon = { kind: "add", price: ids.sportsMonthly };
    const r = await act(
      token,
      { action: "confirm_change", change: addon, preview_token: p.body.preview.preview_token },
      { csrf },
    );
    expect(r.status).toBe(400);
  });
});

describe("cancel, undo, card", () => {
  it("cancel at period end with a reason, then undo while the period lasts", async () => {
    const { id, token } = await familyContract(ids);
    const csrf = await csrfTokenFor(token);
    at(MAR20);
    expect((await act(token, { action: "cancel", reason: "Too expensive" }, { csrf })).status).toBe(200);
    expect(await contractRow(id)).toMatchObject({ cancelAtPeriodEnd: true, cancelAt: new Date(APR10) });
    expect((await act(token, { action: "undo_cancel" }, { csrf })).status).toBe(200);
    expect(await contractRow(id)).toMatchObject({ cancelAtPeriodEnd: false, cancelAt: null, state: "active" });
  });

  it("update card creates a registration for the contract's customer; the completed card is the one on file", async () => {
    const { submitRegistration } = await import("@/server/domain/checkouts/registrations");
    const { cardOnFile } = await import("@/server/domain/selfService/card");
    const { ctxFor } = await import("@/tests/helpers");
    const { id, token } = await familyContract(ids);
    const csrf = await csrfTokenFor(token);
    at(MAR20);
    const r = await act(token, { action: "update_card" }, { csrf });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.hosted_url).toMatch(/^\/pay\/registrations\/pmr_/);
    const row = await db().paymentMethodRegistration.findUniqueOrThrow({ where: { token: r.body.token } });
    expect(row).toMatchObject({ contractId: id, checkoutId: null });
    const ctx = ctxFor(row.accountId, MAR20);
    const { registrationForPage } = await import("@/server/domain/checkouts/registrations");
    expect(await registrationForPage(ctx, { token: r.body.token })).toMatchObject({
      contractId: id,
      returnPath: `/change_contract/${token}/`,
    });
    // a card processor verifies at once: no sandbox webhook is sent anywhere
    await submitRegistration(
      ctx,
      { token: r.body.token, card: { number: "5555555555554444", exp_month: 12, exp_year: 2030 } },
      { sandboxWebhooks: null },
    );
    expect(await cardOnFile(ctx, id)).toMatchObject({ brand: "mastercard", last4: "4444" });
  });
});

describe("update card when the newest card cannot bill the contract", () => {
  it("a newer card on a processor of another currency does not block the update: an eligible processor serves it", async () => {
    const { id, token } = await familyContract(ids);
    const contract = await contractRow(id);
    const other = await db().accountPaymentProcessor.findFirst({
      where: { accountId: contract.accountId, NOT: { currency: contract.currency } },
    });
    const eligible = await db().accountPaymentProcessor.findFirst({
      where: { accountId: contract.accountId, currency: contract.currency, collectionMethod: "card", active: true },
    });
    expect(eligible).not.toBeNull();
    // the customer's newest active card sits on a processor that cannot bill this contract's currency
    const processor =
      other ??
      (await db().accountPaymentProcessor.create({
        data: { ...eligible!, id: undefined, currency: "USD", displayName: "USD cards" } as never,
      }));
    await db().paymentMethod.create({
      data: {
        accountId: contract.accountId,
        customerId: contract.customerId,
        processorId: processor.id,
        collectionMethod: "card",
        state: "active",
        verified: true,
        cardBrand: "visa",
        cardLast4: "1111",
        cardExpMonth: 12,
        cardExpYear: 2031,
      } as never,
    });
    at(MAR20);
    const r = await act(token, { action: "update_card" }, { csrf: await csrfTokenFor(token) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await db().paymentMethodRegistration.findUniqueOrThrow({ where: { token: r.body.token } });
    const used = await db().accountPaymentProcessor.findUniqueOrThrow({ where: { id: row.processorId } });
    expect(used.currency).toBe(contract.currency);
  });
});
