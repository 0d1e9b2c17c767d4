// A customer's downgrade under the default self-service policy waits for the item's period end: nothing
// is charged, credited or changed now; the change is applied before the renewal run of that instant is
// built (through the test clock, and through the worker's bulk path), so the renewal bills exactly the
// new terms; upcoming runs show them beforehand; "keep my current plan" cancels it.
// Streaming Basic monthly is 9.9000 EUR + 24 % VAT: three = 29.7000 + 7.1280 = 36.8280, one = 9.9000 +
// 2.3760 = 12.2760, two = 19.8000 + 4.7520 = 24.5520.
import { afterEach, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/clock";
import { billRegularRunsInBulk } from "@/server/domain/billing/bulk";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import { billChunk } from "@/server/worker/billing";
import { ctxFor, db, del } from "@/tests/helpers";
import { act } from "@/tests/subscriber/_setup";
import { advance, at, createContract, newWorld, ok, readContract, runsOf, type World } from "./_world";

afterEach(() => at(null));

const T0 = "2026-01-10T00:00:00.000Z";
const SET_UP = "2026-01-20T00:00:00.000Z";
const RENEWAL = "2026-02-10T00:00:00.000Z";
const AFTER = "2026-02-10T06:00:00.000Z";

/** A contract of three Streaming Basic from T0, and its subscriber page's token and CSRF token. */
async function threeBasic(w: World) {
  at(T0);
  const contract = await createContract(w, { items: [{ price: w.ids.basicMonthly, quantity: 3 }] });
  const row = await db().subscriptionContract.findUniqueOrThrow({ where: { id: contract.id } });
  const csrf = await csrfTokenFor(row.subscriberToken);
  return { id: contract.id as number, item: contract.items[0].id as number, token: row.subscriberToken, csrf };
}

/** Previews and confirms a quantity change on the subscriber page at SET_UP. */
async function changeQuantity(c: Awaited<ReturnType<typeof threeBasic>>, quantity: number) {
  at(SET_UP);
  const change = { kind: "quantity", contract_item: c.item, quantity };
  const preview = await act(c.token, { action: "preview_change", change }, { csrf: c.csrf });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const done = await act(
    c.token,
    { action: "confirm_change", change, preview_token: preview.body.preview.preview_token },
    { csrf: c.csrf },
  );
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { preview: preview.body, done: done.body };
}

const itemRow = (id: number) => db().contractItem.findUniqueOrThrow({ where: { id } });

describe("scheduled downgrade", () => {
  it("is scheduled for the period end (nothing now), shows in upcoming runs, and the renewal bills exactly the new quantity", async () => {
    const w = await newWorld();
    const c = await threeBasic(w);
    const runsBefore = (await runsOf(w, c.id)).length;
    const { preview, done } = await changeQuantity(c, 1);
    expect(preview.direction).toBe("downgrade");
    expect(preview.scheduled_for).toBe(RENEWAL);
    expect(preview.preview).toMatchObject({
      effective_at: RENEWAL,
      lines: [],
      invoice_now_amount: "0.0000",
      credit_amount: "0.0000",
      next_invoice_amount: "0.0000",
    });
    expect(done).toMatchObject({ adjustment_run_id: null, invoice_now_amount: "0.0000", scheduled_for: RENEWAL });

    // nothing billed or changed now; the contract lists the pending change
    expect((await runsOf(w, c.id)).length).toBe(runsBefore);
    expect((await itemRow(c.item)).quantity).toBe(3);
    expect(await db().pendingLine.count({ where: { contractId: c.id } })).toBe(0);
    at(SET_UP);
    const contract = await readContract(w, c.id);
    expect(contract.scheduled_changes).toEqual([
      expect.objectContaining({
        id: done.scheduled_change_id,
        contract_item_id: c.item,
        kind: "update",
        quantity: 1,
        price_id: null,
        effective_at: RENEWAL,
        state: "scheduled",
        requested_by: "subscriber",
      }),
    ]);

    // upcoming: from the renewal on, one Basic a month
    const upcoming = ok(await w.get(`/v2/subscription-contracts/${c.id}/upcoming/?until=2026-03-15`));
    expect(upcoming.results.map((r: any) => [r.scheduled_at, r.total_amount, r.lines[0].quantity])).toEqual([
      [RENEWAL, "12.2760", 1],
      ["2026-03-10T00:00:00.000Z", "12.2760", 1],
    ]);

    await advance(w, AFTER);
    expect((await itemRow(c.item)).quantity).toBe(1);
    const change = await db().scheduledItemChange.findUniqueOrThrow({ where: { id: done.scheduled_change_id } });
    expect(change.state).toBe("applied");
    const renewal = (await runsOf(w, c.id)).find((r) => r.scheduled_at === RENEWAL);
    expect(renewal).toMatchObject({ subtotal_amount: "9.9000", tax_amount: "2.3760", total_amount: "12.2760" });
    expect(renewal.total_amount).toBe(upcoming.results[0].total_amount);
    // the change's event names the subscriber; the contract no longer lists it
    const events = await db().outboxEvent.findMany({
      where: { accountId: w.accountId, type: "subscription_contract.updated", createdAt: new Date(RENEWAL) },
    });
    expect(events.map((e) => (e.payload as any).actor)).toContainEqual({ type: "subscriber", id: c.id });
    expect((await readContract(w, c.id)).scheduled_changes).toEqual([]);
  });

  it("the worker's bulk path leaves a contract with a due change to the per-contract path, which applies it first", async () => {
    const w = await newWorld();
    const changed = await threeBasic(w);
    const unchanged = await threeBasic(w);
    await changeQuantity(changed, 1);
    await db().account.update({ where: { id: w.accountId }, data: { testClockAt: new Date(AFTER) } });
    const ids = [changed.id, unchanged.id];
    // the bulk step bills only the contract without a due change (at the old price: nothing changed there)
    expect(await billRegularRunsInBulk(ctxFor(w.accountId, AFTER), ids)).toEqual({
      built: 1,
      executed: 1,
      billed: [unchanged.id],
    });
    expect(await db().billingRun.count({ where: { contractId: changed.id, kind: "regular" } })).toBe(0);
    await billChunk(db(), { accountId: w.accountId, ids }, fixedClock(AFTER));
    const regular = async (id: number) =>
      db().billingRun.findFirstOrThrow({ where: { contractId: id, kind: "regular", scheduledAt: new Date(RENEWAL) } });
    expect((await regular(changed.id)).total.toFixed(4)).toBe("12.2760");
    expect((await regular(unchanged.id)).total.toFixed(4)).toBe("36.8280");
    expect((await itemRow(changed.item)).quantity).toBe(1);
    expect((await itemRow(unchanged.item)).quantity).toBe(3);
  });

  it("keep my current plan cancels it: the renewal bills the old quantity", async () => {
    const w = await newWorld();
    const c = await threeBasic(w);
    const { done } = await changeQuantity(c, 1);
    const kept = await act(
      c.token,
      { action: "keep_current_plan", change_id: done.scheduled_change_id },
      { csrf: c.csrf },
    );
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.scheduled_changes).toEqual([]);
    // twice: nothing left to cancel
    expect(
      (await act(c.token, { action: "keep_current_plan", change_id: done.scheduled_change_id }, { csrf: c.csrf }))
        .status,
    ).toBe(400);
    const upcoming = ok(await w.get(`/v2/subscription-contracts/${c.id}/upcoming/`));
    expect(upcoming.results[0].total_amount).toBe("36.8280");
    await advance(w, AFTER);
    expect((await itemRow(c.item)).quantity).toBe(3);
    const renewal = (await runsOf(w, c.id)).find((r) => r.scheduled_at === RENEWAL);
    expect(renewal.total_amount).toBe("36.8280");
  });

  it("one pending change per item: a newer downgrade replaces it, an upgrade or an immediate cancellation cancels it; REST DELETE", async () => {
    const w = await newWorld();
    const c = await threeBasic(w);
    const first = await changeQuantity(c, 2);
    const second = await changeQuantity(c, 1);
    const states = async () =>
      (await db().scheduledItemChange.findMany({ where: { contractId: c.id }, orderBy: { id: "asc" } })).map(
        (s) => s.state,
      );
    expect(await states()).toEqual(["canceled", "scheduled"]);
    expect(first.done.scheduled_change_id).not.toBe(second.done.scheduled_change_id);
    // an upgrade (charged now) replaces the pending downgrade
    const up = await changeQuantity(c, 4);
    expect(up.preview.direction).toBe("upgrade");
    expect(up.preview.scheduled_for).toBeNull();
    expect(await states()).toEqual(["canceled", "canceled"]);
    expect((await itemRow(c.item)).quantity).toBe(4);

    // REST: DELETE a pending change; 404 for an unknown one, 400 for one no longer pending
    const third = await changeQuantity(c, 2);
    at(SET_UP);
    const path = `/v2/subscription-contracts/${c.id}/scheduled-changes/${third.done.scheduled_change_id}/`;
    const other = `/v2/subscription-contracts/${c.id}/scheduled-changes/999999999/`;
    expect((await del(other, { key: w.key })).status).toBe(404);
    expect(ok(await del(path, { key: w.key })).scheduled_changes).toEqual([]);
    expect((await del(path, { key: w.key })).status).toBe(400);

    // an immediate cancellation cancels what is pending
    await changeQuantity(c, 3);
    at(SET_UP);
    ok(await w.post(`/v2/subscription-contracts/${c.id}/cancel/`, {}));
    expect((await states()).at(-1)).toBe("canceled");
  });
});
