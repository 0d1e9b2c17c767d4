// Concurrent changes to one contract (spec 2.6 contract_version "increments on every change"; 6 events):
// requests sent together through Promise.all serialise on the contract's row lock, so no change is lost,
// every successful change bumps contract_version by exactly one and writes exactly one event.
import { describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { patch, post, useSeed } from "@/tests/helpers";
import {
  at,
  cpath,
  createBasic,
  db,
  eventsOf,
  expectStatus,
  MAR20,
  pendingOf,
  read,
  seedFixed,
  URL,
} from "./_fixtures";

let _s: SeedResult;
let ids: Record<string, number>;
useSeed(seedFixed, (r) => ((_s = r), (ids = r.ids)));

describe("concurrent changes to one contract", () => {
  it("5 concurrent quantity updates to different values: none lost, version +5, 5 events", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    at(MAR20);
    const quantities = [2, 3, 4, 5, 6];
    const rs = await Promise.all(
      quantities.map((q) => post(cpath(c.id, "items/update/"), { contract_item: item, quantity: q })),
    );
    expect(
      rs.map((r) => r.status),
      JSON.stringify(rs.map((r) => r.body)),
    ).toEqual([200, 200, 200, 200, 200]);
    // each change saw its own version: 1..5 before, 2..6 after
    expect(rs.map((r) => r.body.proration.contract_version).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(rs.map((r) => r.body.contract.contract_version).sort()).toEqual([2, 3, 4, 5, 6]);
    const after = await read(c.id, MAR20);
    expect(after.contract_version).toBe(c.contract_version + 5);
    // the last change to commit decides the quantity
    const last = rs.find((r) => r.body.contract.contract_version === 6)!;
    expect(after.items[0].quantity).toBe(last.body.contract_item.quantity);
    const events = (await eventsOf(c.id)).slice(1);
    expect(events.map((e) => e.type)).toEqual(Array(5).fill("subscription_contract.updated"));
    expect(events.map((e) => (e.payload as any).data.contract_version)).toEqual([2, 3, 4, 5, 6]);
    // every change prorated from the quantity the previous one left: the pending lines chain up
    const pending = await pendingOf(c.id);
    expect(pending).toHaveLength(10);
    const chain = [];
    for (let k = 0; k < 10; k += 2) chain.push([pending[k].quantity, pending[k + 1].quantity]);
    expect(chain[0][0]).toBe(1);
    for (let k = 1; k < 5; k++) expect(chain[k][0]).toBe(chain[k - 1][1]);
    expect(chain[4][1]).toBe(after.items[0].quantity);
  });

  it("more concurrent changes than database connections (8 > pool of 5) still all apply", async () => {
    const c = await createBasic(ids);
    at(MAR20);
    const rs = await Promise.all(
      [2, 3, 4, 5, 6, 7, 8, 9].map((q) =>
        post(cpath(c.id, "items/update/"), { contract_item: c.items[0].id, quantity: q }),
      ),
    );
    expect(rs.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect((await read(c.id, MAR20)).contract_version).toBe(9);
    expect((await eventsOf(c.id)).length).toBe(9);
  });

  it("different operations at once (add, update, patch, future pause, period-end cancel) all apply", async () => {
    const c = await createBasic(ids);
    at(MAR20);
    const rs = await Promise.all([
      post(cpath(c.id, "items/add/"), { price: ids.sportsMonthly }),
      post(cpath(c.id, "items/update/"), { contract_item: c.items[0].id, discount_percent: "10" }),
      patch(cpath(c.id), { metadata: { concurrent: true } }),
      post(cpath(c.id, "pause/"), { start_date: "2026-03-25T00:00:00.000Z", end_date: "2026-03-28T00:00:00.000Z" }),
      post(cpath(c.id, "cancel/"), { cancel_at_period_end: true }),
    ]);
    expect(
      rs.map((r) => r.status),
      JSON.stringify(rs.map((r) => r.body)),
    ).toEqual([200, 200, 200, 200, 200]);
    const after = await read(c.id, MAR20);
    expect(after).toMatchObject({
      contract_version: 6,
      metadata: { concurrent: true },
      has_future_pause: true,
      cancel_at_period_end: true,
      state: "active",
    });
    expect(after.items.map((i: any) => [i.price_id, i.discount_percent])).toEqual([
      [ids.basicMonthly, "10.0000"],
      [ids.sportsMonthly, null],
    ]);
    expect((await eventsOf(c.id)).map((e) => (e.payload as any).data.contract_version)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("concurrent immediate cancels: exactly one succeeds, the others are refused; one event", async () => {
    const c = await createBasic(ids);
    at(MAR20);
    const rs = await Promise.all([1, 2, 3, 4].map(() => post(cpath(c.id, "cancel/"), {})));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    expect((await read(c.id, MAR20)).contract_version).toBe(2);
    expect((await eventsOf(c.id)).map((e) => e.type)).toEqual([
      "subscription_contract.created",
      "subscription_contract.canceled",
    ]);
  });

  it("concurrent creates without a key create one contract each", async () => {
    const before = await db().subscriptionContract.count();
    at(MAR20);
    const rs = await Promise.all(
      [1, 2, 3, 4, 5].map((q) =>
        post(URL, { customer_reference: "cust-1003", items: [{ price: ids.basicMonthly, quantity: q }] }),
      ),
    );
    expect(rs.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(rs.map((r) => r.body.id)).size).toBe(5);
    expect(await db().subscriptionContract.count()).toBe(before + 5);
  });

  it("concurrent changes to different contracts do not block each other", async () => {
    const cs = [];
    for (let k = 0; k < 4; k++) cs.push(await createBasic(ids));
    at(MAR20);
    const rs = await Promise.all(
      cs.map((c) => post(cpath(c.id, "items/update/"), { contract_item: c.items[0].id, quantity: 2 })),
    );
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const c of cs) expect((await read(c.id, MAR20)).contract_version).toBe(2);
  });

  it("a preview token used by two concurrent executions applies once; the other is stale", async () => {
    const c = await createBasic(ids);
    const item = c.items[0].id;
    at(MAR20);
    const p = expectStatus(await post(cpath(c.id, "proration-preview/"), { contract_item: item, quantity: 2 }), 200);
    const rs = await Promise.all(
      [1, 2].map(() =>
        post(cpath(c.id, "items/update/"), { contract_item: item, quantity: 2, preview_token: p.preview_token }),
      ),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(rs.find((r) => r.status === 400)!.body.code).toBe("preview_stale");
    expect((await read(c.id, MAR20)).contract_version).toBe(2);
  });
});
