// Contract lifecycle of spec 3.1 / 4.6: cancel (now, at period end, at a date), restart, pause (current and
// future windows), resume, DELETE pause, activate — every allowed transition and every refused one (400,
// nothing changes), applyDue for scheduled cancellations and pause windows, and the events of each change.
import { describe, expect, it } from "vitest";
import { applyDue, contractsWithDueChanges } from "@/server/domain/contracts/dueChanges";
import type { SeedResult } from "@/server/seed/demo";
import { del, post, useSeed } from "@/tests/helpers";
import {
  APR10,
  at,
  cpath,
  createBasic,
  createContract,
  ctxFor,
  eventsOf,
  expect400,
  expectContractShape,
  expectStatus,
  OTHER_KEY,
  op,
  read,
  seedFixed,
  setContract,
} from "./_fixtures";

let s: SeedResult;
let ids: Record<string, number>;
useSeed(seedFixed, (r) => ((s = r), (ids = r.ids)));

const MAR12 = "2026-03-12T00:00:00.000Z";
const MAR15 = "2026-03-15T00:00:00.000Z";
const MAR20 = "2026-03-20T00:00:00.000Z";
const MAR25 = "2026-03-25T00:00:00.000Z";
const due = (id: number, when: string) => applyDue(ctxFor(s.accountId, when), id);

type State = "active" | "inactive" | "paused" | "canceled" | "ended" | "pending_cancel";
/** A contract (Streaming Basic monthly from T0) brought into `state` by Mar 12. */
async function contractIn(state: State) {
  if (state === "inactive") return createBasic(ids, { activate: false });
  const c = await createBasic(ids);
  if (state === "paused") expectStatus(await op(c.id, "pause/", { start_date: MAR12, end_date: MAR20 }, MAR12), 200);
  if (state === "canceled") expectStatus(await op(c.id, "cancel/", {}, MAR12), 200);
  if (state === "pending_cancel") expectStatus(await op(c.id, "cancel/", { cancel_at_period_end: true }, MAR12), 200);
  if (state === "ended")
    await setContract(c.id, { state: "ended", endedAt: new Date(MAR12), recurring: false, nextBillingAt: null });
  return read(c.id, MAR12);
}

/** The call must be refused with 400 `key` and leave the contract and its events untouched. */
async function refused(id: number, call: () => Promise<any>, key = "non_field_errors") {
  const before = await read(id, MAR15);
  const events = (await eventsOf(id)).length;
  at(MAR15);
  expect400(await call(), key);
  expect(await read(id, MAR15)).toEqual(before);
  expect((await eventsOf(id)).length).toBe(events);
}

describe("cancel (3.1)", () => {
  it("cancel_at_period_end → stays active, cancel_at = end of the current period, canceled_at/ended_at null", async () => {
    const c = await createBasic(ids);
    const r = expectStatus(await op(c.id, "cancel/", { cancel_at_period_end: true }, MAR12), 200);
    expectContractShape(r);
    expect(r).toMatchObject({
      state: "active",
      cancel_at_period_end: true,
      cancel_at: APR10,
      canceled_at: null,
      ended_at: null,
      contract_version: 2,
      service_active: true,
      updated_at: MAR12,
    });
    expect(r.items[0].entitled_until).toBe(APR10);
    const events = await eventsOf(c.id);
    expect(events.map((e) => e.type)).toEqual(["subscription_contract.created", "subscription_contract.updated"]);
    expect((events[1].payload as any).data).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: APR10,
      canceled_at: null,
      ended_at: null,
    });
  });

  it("a future cancel_at → stays active with cancel_at_period_end false and cancel_at as chosen; entitlement ends there", async () => {
    const c = await createBasic(ids);
    const r = expectStatus(await op(c.id, "cancel/", { cancel_at: MAR25 }, MAR12), 200);
    expect(r).toMatchObject({
      state: "active",
      cancel_at_period_end: false,
      cancel_at: MAR25,
      canceled_at: null,
      ended_at: null,
      contract_version: 2,
    });
    expect(r.items[0].entitled_until).toBe(MAR25);
    expect(r.entitlement_summary.entitled_until).toBe(MAR25);
  });

  it("a past or present cancel_at → 400 cancel_at; both cancel_at_period_end and cancel_at → 400", async () => {
    const c = await createBasic(ids);
    await refused(c.id, () => post(cpath(c.id, "cancel/"), { cancel_at: "2026-03-14T00:00:00.000Z" }), "cancel_at");
    await refused(c.id, () => post(cpath(c.id, "cancel/"), { cancel_at: MAR15 }), "cancel_at");
    await refused(c.id, () => post(cpath(c.id, "cancel/"), { cancel_at_period_end: true, cancel_at: MAR25 }));
    await refused(c.id, () => post(cpath(c.id, "cancel/"), { cancel_at: "tomorrow" }), "cancel_at");
    await refused(c.id, () => post(cpath(c.id, "cancel/"), { cancel_at_period_end: "yes" }), "cancel_at_period_end");
    await refused(c.id, () => post(cpath(c.id, "cancel/"), { immediately: true }), "immediately");
  });

  for (const body of [{}, undefined, { cancel_at_period_end: false }]) {
    it(`neither field (${JSON.stringify(body)}) → immediate: canceled, cancel_at = canceled_at = ended_at = now, recurring false, next_billing_at null`, async () => {
      const c = await createBasic(ids);
      const r = expectStatus(await op(c.id, "cancel/", body, MAR12), 200);
      expect(r).toMatchObject({
        state: "canceled",
        cancel_at_period_end: false,
        cancel_at: MAR12,
        canceled_at: MAR12,
        ended_at: MAR12,
        recurring: false,
        next_billing_at: null,
        service_active: false,
        service_state: "inactive",
        contract_version: 2,
      });
      expect(r.items[0].entitled_until).toBe(MAR12);
      const events = await eventsOf(c.id);
      expect(events.map((e) => e.type)).toEqual(["subscription_contract.created", "subscription_contract.canceled"]);
      expect((events[1].payload as any).data).toMatchObject({
        cancel_at_period_end: false,
        cancel_at: MAR12,
        canceled_at: MAR12,
        ended_at: MAR12,
      });
    });
  }

  it("an immediate cancel also cancels scheduled future pauses", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "pause/", { start_date: MAR20, end_date: MAR25 }, MAR12), 200);
    const r = expectStatus(await op(c.id, "cancel/", {}, MAR15), 200);
    expect(r.has_future_pause).toBe(false);
    expect(r.future_pauses).toEqual([]);
    expect(r.pauses.map((p: any) => [p.state, p.canceled_at])).toEqual([["canceled", MAR15]]);
  });

  for (const state of ["inactive", "paused", "canceled", "ended"] as const) {
    it(`is refused from ${state} (all three forms)`, async () => {
      const c = await contractIn(state);
      await refused(c.id, () => post(cpath(c.id, "cancel/"), {}));
      await refused(c.id, () => post(cpath(c.id, "cancel/"), { cancel_at_period_end: true }));
      await refused(c.id, () => post(cpath(c.id, "cancel/"), { cancel_at: "2026-03-30T00:00:00.000Z" }));
    });
  }

  it("404 for another account's contract and unknown ids", async () => {
    const c = await createBasic(ids);
    at(MAR12);
    expect((await post(cpath(c.id, "cancel/"), {}, { key: OTHER_KEY })).status).toBe(404);
    expect((await post(cpath(999999, "cancel/"), {})).status).toBe(404);
    expect((await read(c.id, MAR12)).state).toBe("active");
  });
});

describe("scheduled cancellation applied (applyDue)", () => {
  it("at period end: canceled, canceled_at = time applied, ended_at = cancel_at, cancel_at_period_end false", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "cancel/", { cancel_at_period_end: true }, MAR12), 200);
    expect(await due(c.id, "2026-04-09T23:59:59.000Z")).toEqual([]);
    expect(await contractsWithDueChanges(ctxFor(s.accountId, "2026-04-09T23:59:59.000Z"))).not.toContain(c.id);
    expect(await contractsWithDueChanges(ctxFor(s.accountId, "2026-04-10T06:00:00.000Z"))).toContain(c.id);
    expect(await due(c.id, "2026-04-10T06:00:00.000Z")).toEqual(["subscription_contract.canceled"]);
    const r = await read(c.id, "2026-04-10T06:00:00.000Z");
    expect(r).toMatchObject({
      state: "canceled",
      cancel_at_period_end: false,
      cancel_at: APR10,
      canceled_at: "2026-04-10T06:00:00.000Z",
      ended_at: APR10,
      recurring: false,
      next_billing_at: null,
      service_active: false,
      contract_version: 3,
    });
    const events = await eventsOf(c.id);
    expect(events.map((e) => e.type)).toEqual([
      "subscription_contract.created",
      "subscription_contract.updated",
      "subscription_contract.canceled",
    ]);
    expect((events[2].payload as any).data).toMatchObject({
      state: "canceled",
      cancel_at_period_end: false,
      cancel_at: APR10,
      canceled_at: "2026-04-10T06:00:00.000Z",
      ended_at: APR10,
    });
    // idempotent
    expect(await due(c.id, "2026-04-11T00:00:00.000Z")).toEqual([]);
    expect((await read(c.id, "2026-04-11T00:00:00.000Z")).contract_version).toBe(3);
  });

  it("at a chosen cancel_at, applied exactly on time", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "cancel/", { cancel_at: MAR25 }, MAR12), 200);
    expect(await due(c.id, MAR20)).toEqual([]);
    expect(await due(c.id, MAR25)).toEqual(["subscription_contract.canceled"]);
    expect(await read(c.id, MAR25)).toMatchObject({
      state: "canceled",
      cancel_at: MAR25,
      canceled_at: MAR25,
      ended_at: MAR25,
      cancel_at_period_end: false,
    });
  });

  it("a due cancellation also applies to a paused contract", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "cancel/", { cancel_at: "2026-03-18T00:00:00.000Z" }, MAR12), 200);
    expectStatus(await op(c.id, "pause/", { start_date: MAR15, end_date: "2026-03-17T00:00:00.000Z" }, MAR15), 200);
    // the pause (Mar 15 → 17) ends before the cancellation (Mar 18); applyDue at Mar 18 ends the window, then cancels
    expect(await due(c.id, "2026-03-18T00:00:00.000Z")).toEqual([
      "subscription_contract.resumed",
      "subscription_contract.canceled",
    ]);
    expect((await read(c.id, "2026-03-18T00:00:00.000Z")).state).toBe("canceled");
  });
});

describe("restart (3.1)", () => {
  it("clears a pending period-end cancellation", async () => {
    const c = await contractIn("pending_cancel");
    const r = expectStatus(await op(c.id, "restart/", {}, MAR15), 200);
    expect(r).toMatchObject({
      state: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      next_billing_at: APR10,
      contract_version: 3,
    });
    expect((await eventsOf(c.id)).map((e) => e.type).at(-1)).toBe("subscription_contract.restarted");
    // nothing due any more at the old period end
    expect(await due(c.id, "2026-04-10T01:00:00.000Z")).toEqual([]);
  });

  it("clears a pending future cancel_at (no body)", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "cancel/", { cancel_at: MAR25 }, MAR12), 200);
    const r = expectStatus(await op(c.id, "restart/", undefined, MAR15), 200);
    expect(r).toMatchObject({ state: "active", cancel_at: null, cancel_at_period_end: false });
    expect(r.items[0].entitled_until).toBe(APR10);
  });

  it("reactivates a canceled contract: active, new anchor now, next_billing_at now, item periods reset", async () => {
    const c = await contractIn("canceled");
    const r = expectStatus(await op(c.id, "restart/", {}, MAR15), 200);
    expect(r).toMatchObject({
      state: "active",
      recurring: true,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      billing_anchor_at: MAR15,
      next_billing_at: MAR15,
      contract_version: 3,
    });
    expect(r.items[0]).toMatchObject({ current_service_period_start_at: MAR15, current_service_period_end_at: MAR15 });
    const events = await eventsOf(c.id);
    expect(events.map((e) => e.type)).toEqual([
      "subscription_contract.created",
      "subscription_contract.canceled",
      "subscription_contract.restarted",
    ]);
    expect((events[2].payload as any).data).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
    });
  });

  for (const state of ["active", "inactive", "paused", "ended"] as const) {
    it(`is refused from ${state}${state === "active" ? " without a pending cancellation" : ""}`, async () => {
      const c = await contractIn(state);
      await refused(c.id, () => post(cpath(c.id, "restart/"), {}));
    });
  }
});

describe("pause (3.1)", () => {
  it("a current window → paused, pause recorded, service stops until its end", async () => {
    const c = await createBasic(ids);
    const r = expectStatus(
      await op(c.id, "pause/", { start_date: MAR12, end_date: MAR20, reason: "holiday" }, MAR12),
      200,
    );
    expect(r).toMatchObject({
      state: "paused",
      paused_until: MAR20,
      has_future_pause: false,
      service_active: false,
      service_state: "inactive",
      contract_version: 2,
    });
    expect(r.pauses).toHaveLength(1);
    expect(r.pauses[0]).toMatchObject({
      start_date: MAR12,
      end_date: MAR20,
      state: "active",
      reason: "holiday",
      canceled_at: null,
    });
    expect(r.current_pauses.map((p: any) => p.id)).toEqual([r.pauses[0].id]);
    expect([r.future_pauses, r.past_pauses]).toEqual([[], []]);
    expect((await eventsOf(c.id)).map((e) => e.type).at(-1)).toBe("subscription_contract.paused");
  });

  it("a window that started earlier and ends in the future is current", async () => {
    const c = await createBasic(ids);
    const r = expectStatus(
      await op(c.id, "pause/", { start_date: "2026-03-11T00:00:00.000Z", end_date: MAR20 }, MAR12),
      200,
    );
    expect(r.state).toBe("paused");
  });

  it("a future window → stays active, has_future_pause true, future_pauses lists it", async () => {
    const c = await createBasic(ids);
    const r = expectStatus(await op(c.id, "pause/", { start_date: MAR20, end_date: MAR25 }, MAR12), 200);
    expect(r).toMatchObject({
      state: "active",
      has_future_pause: true,
      paused_until: null,
      service_active: true,
      contract_version: 2,
    });
    expect(r.future_pauses).toHaveLength(1);
    expect(r.future_pauses[0]).toMatchObject({ start_date: MAR20, end_date: MAR25, state: "scheduled" });
    expect(r.current_pauses).toEqual([]);
    expect((await eventsOf(c.id)).map((e) => e.type).at(-1)).toBe("subscription_contract.updated");
  });

  it("validates the window", async () => {
    const c = await createBasic(ids);
    const p = (body: unknown) => () => post(cpath(c.id, "pause/"), body);
    await refused(c.id, p({ end_date: MAR25 }), "start_date");
    await refused(c.id, p({ start_date: MAR20 }), "end_date");
    await refused(c.id, p({ start_date: MAR20, end_date: MAR20 }), "end_date");
    await refused(c.id, p({ start_date: MAR25, end_date: MAR20 }), "end_date");
    await refused(
      c.id,
      p({ start_date: "2026-03-01T00:00:00.000Z", end_date: "2026-03-14T00:00:00.000Z" }),
      "end_date",
    ); // ended in the past (now = Mar 15)
    await refused(c.id, p({ start_date: "soon", end_date: MAR25 }), "start_date");
    await refused(c.id, p({ start_date: MAR20, end_date: MAR25, cancel_at: MAR25 }), "cancel_at");
    await refused(c.id, () => post(cpath(c.id, "pause/"), undefined));
  });

  it("an overlapping window → 400 start_date", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "pause/", { start_date: MAR20, end_date: MAR25 }, MAR12), 200);
    await refused(
      c.id,
      () =>
        post(cpath(c.id, "pause/"), { start_date: "2026-03-24T00:00:00.000Z", end_date: "2026-03-28T00:00:00.000Z" }),
      "start_date",
    );
    await refused(
      c.id,
      () =>
        post(cpath(c.id, "pause/"), { start_date: "2026-03-16T00:00:00.000Z", end_date: "2026-03-21T00:00:00.000Z" }),
      "start_date",
    );
    // adjacent windows do not overlap
    const r = expectStatus(
      await op(c.id, "pause/", { start_date: MAR25, end_date: "2026-03-28T00:00:00.000Z" }, MAR15),
      200,
    );
    expect(r.future_pauses).toHaveLength(2);
  });

  it("a pause starting at or after a pending cancellation → 400 start_date", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "cancel/", { cancel_at: MAR20 }, MAR12), 200);
    await refused(c.id, () => post(cpath(c.id, "pause/"), { start_date: MAR20, end_date: MAR25 }), "start_date");
  });

  it("a paused contract may schedule a future pause but not another current one", async () => {
    const c = await contractIn("paused"); // paused Mar 12 → Mar 20
    await refused(c.id, () => post(cpath(c.id, "pause/"), { start_date: MAR15, end_date: "2026-03-16T00:00:00.000Z" }));
    const r = expectStatus(
      await op(c.id, "pause/", { start_date: "2026-03-22T00:00:00.000Z", end_date: MAR25 }, MAR15),
      200,
    );
    expect(r).toMatchObject({ state: "paused", has_future_pause: true, paused_until: MAR20 });
    expect(r.future_pauses).toHaveLength(1);
  });

  for (const state of ["inactive", "canceled", "ended"] as const) {
    it(`is refused from ${state} (current and future windows)`, async () => {
      const c = await contractIn(state);
      await refused(c.id, () => post(cpath(c.id, "pause/"), { start_date: MAR15, end_date: MAR20 }));
      await refused(c.id, () => post(cpath(c.id, "pause/"), { start_date: MAR20, end_date: MAR25 }));
    });
  }
});

describe("resume (3.1)", () => {
  it("paused → active: the current pause is completed and ends now; service resumes", async () => {
    const c = await contractIn("paused");
    const r = expectStatus(await op(c.id, "resume/", {}, MAR15), 200);
    expect(r).toMatchObject({ state: "active", paused_until: null, service_active: true, contract_version: 3 });
    expect(r.pauses).toHaveLength(1);
    expect(r.pauses[0]).toMatchObject({ start_date: MAR12, end_date: MAR15, state: "completed" });
    expect(r.current_pauses).toEqual([]);
    expect(r.past_pauses.map((p: any) => p.id)).toEqual([r.pauses[0].id]);
    expect((await eventsOf(c.id)).map((e) => e.type)).toEqual([
      "subscription_contract.created",
      "subscription_contract.paused",
      "subscription_contract.resumed",
    ]);
    // nothing left to apply at the original end
    expect(await due(c.id, MAR20)).toEqual([]);
  });

  it("a resume without body works too; a later future pause stays scheduled", async () => {
    const c = await contractIn("paused");
    expectStatus(await op(c.id, "pause/", { start_date: "2026-03-22T00:00:00.000Z", end_date: MAR25 }, MAR12), 200);
    const r = expectStatus(await op(c.id, "resume/", undefined, MAR15), 200);
    expect(r).toMatchObject({ state: "active", has_future_pause: true });
  });

  for (const state of ["active", "inactive", "canceled", "ended"] as const) {
    it(`is refused from ${state}`, async () => {
      const c = await contractIn(state);
      await refused(c.id, () => post(cpath(c.id, "resume/"), {}));
    });
  }
});

describe("DELETE pause (3.1)", () => {
  it("soft-cancels a future scheduled pause; state unchanged", async () => {
    const c = await createBasic(ids);
    const p = expectStatus(await op(c.id, "pause/", { start_date: MAR20, end_date: MAR25 }, MAR12), 200)
      .future_pauses[0];
    at(MAR15);
    const r = expectStatus(await del(cpath(c.id, `pause/${p.id}/`)), 200);
    expect(r).toMatchObject({ state: "active", has_future_pause: false, future_pauses: [], contract_version: 3 });
    expect(r.past_pauses).toEqual([expect.objectContaining({ id: p.id, state: "canceled", canceled_at: MAR15 })]);
    expect((await eventsOf(c.id)).map((e) => e.type).at(-1)).toBe("subscription_contract.updated");
    // a canceled pause never starts
    expect(await due(c.id, "2026-03-21T00:00:00.000Z")).toEqual([]);
    expect((await read(c.id, "2026-03-21T00:00:00.000Z")).state).toBe("active");
    // and cannot be deleted twice
    await refused(c.id, () => del(cpath(c.id, `pause/${p.id}/`)));
  });

  it("a future pause of a paused contract can be deleted; the state stays paused", async () => {
    const c = await contractIn("paused");
    const p = expectStatus(
      await op(c.id, "pause/", { start_date: "2026-03-22T00:00:00.000Z", end_date: MAR25 }, MAR12),
      200,
    ).future_pauses[0];
    at(MAR15);
    expect(expectStatus(await del(cpath(c.id, `pause/${p.id}/`)), 200)).toMatchObject({
      state: "paused",
      has_future_pause: false,
    });
  });

  it("a current pause → 400 (resume instead)", async () => {
    const c = await contractIn("paused");
    await refused(c.id, () => del(cpath(c.id, `pause/${c.pauses[0].id}/`)));
  });

  it("404 for an unknown pause, another contract's pause, another account, a non-integer id", async () => {
    const a = await createBasic(ids);
    const b = await createBasic(ids);
    const p = expectStatus(await op(a.id, "pause/", { start_date: MAR20, end_date: MAR25 }, MAR12), 200)
      .future_pauses[0];
    at(MAR15);
    expect((await del(cpath(a.id, "pause/999999/"))).status).toBe(404);
    expect((await del(cpath(b.id, `pause/${p.id}/`))).status).toBe(404);
    expect((await del(cpath(a.id, `pause/${p.id}/`), { key: OTHER_KEY })).status).toBe(404);
    expect((await del(cpath(a.id, "pause/x/"))).status).toBe(404);
    expect((await read(a.id, MAR15)).has_future_pause).toBe(true);
  });
});

describe("pause windows applied (applyDue)", () => {
  it("a scheduled pause starts (→ paused) and ends (→ active) when due", async () => {
    const c = await createBasic(ids);
    expectStatus(await op(c.id, "pause/", { start_date: MAR20, end_date: MAR25 }, MAR12), 200);
    expect(await due(c.id, "2026-03-19T23:00:00.000Z")).toEqual([]);
    expect(await contractsWithDueChanges(ctxFor(s.accountId, MAR20))).toContain(c.id);
    expect(await due(c.id, MAR20)).toEqual(["subscription_contract.paused"]);
    let r = await read(c.id, "2026-03-21T00:00:00.000Z");
    expect(r).toMatchObject({
      state: "paused",
      paused_until: MAR25,
      has_future_pause: false,
      service_active: false,
      contract_version: 3,
    });
    expect(r.current_pauses[0]).toMatchObject({ state: "active" });
    expect(await due(c.id, "2026-03-22T00:00:00.000Z")).toEqual([]);
    expect(await contractsWithDueChanges(ctxFor(s.accountId, MAR25))).toContain(c.id);
    expect(await due(c.id, MAR25)).toEqual(["subscription_contract.resumed"]);
    r = await read(c.id, MAR25);
    expect(r).toMatchObject({ state: "active", paused_until: null, service_active: true, contract_version: 4 });
    expect(r.past_pauses[0]).toMatchObject({ state: "completed", end_date: MAR25 });
    expect((await eventsOf(c.id)).map((e) => e.type)).toEqual([
      "subscription_contract.created",
      "subscription_contract.updated",
      "subscription_contract.paused",
      "subscription_contract.resumed",
    ]);
  });

  it("a current pause created by the API ends on applyDue at its end", async () => {
    const c = await contractIn("paused");
    expect(await due(c.id, MAR20)).toEqual(["subscription_contract.resumed"]);
    expect((await read(c.id, MAR20)).state).toBe("active");
  });
});

describe("activate (3.1)", () => {
  it("inactive → active (no body)", async () => {
    const c = await contractIn("inactive");
    at(MAR15);
    const r = expectStatus(await post(cpath(c.id, "activate/")), 200);
    expect(r).toMatchObject({
      state: "active",
      billing_anchor_at: MAR15,
      next_billing_at: "2026-04-15T00:00:00.000Z",
      contract_version: 2,
    });
  });

  for (const state of ["active", "paused", "canceled", "ended"] as const) {
    it(`is refused from ${state}`, async () => {
      const c = await contractIn(state);
      await refused(c.id, () => post(cpath(c.id, "activate/")));
    });
  }

  it("404 for another account", async () => {
    const c = await contractIn("inactive");
    at(MAR15);
    expect((await post(cpath(c.id, "activate/"), undefined, { key: OTHER_KEY })).status).toBe(404);
  });
});

describe("item changes are refused on canceled and ended contracts", () => {
  for (const state of ["canceled", "ended"] as const) {
    it(state, async () => {
      const c = await contractIn(state);
      await refused(c.id, () => post(cpath(c.id, "items/add/"), { price: ids.sportsMonthly }));
      await refused(c.id, () => post(cpath(c.id, "items/update/"), { contract_item: c.items[0].id, quantity: 2 }));
      await refused(c.id, () => post(cpath(c.id, "items/remove/"), { contract_item: c.items[0].id }));
    });
  }
});

describe("events (spec 6)", () => {
  it("one event per change, in order, each with the contract after the change and the cancellation fields", async () => {
    const c = await createContract({ items: [{ price: ids.basicMonthly }] });
    const steps: [string, unknown, string][] = [
      ["items/update/", { contract_item: c.items[0].id, quantity: 2 }, "2026-03-11T00:00:00.000Z"],
      ["cancel/", { cancel_at_period_end: true }, MAR12],
      ["restart/", {}, "2026-03-13T00:00:00.000Z"],
      ["pause/", { start_date: "2026-03-14T00:00:00.000Z", end_date: MAR20 }, "2026-03-14T00:00:00.000Z"],
      ["resume/", {}, MAR15],
      ["cancel/", {}, "2026-03-16T00:00:00.000Z"],
    ];
    for (const [path, body, when] of steps) expectStatus(await op(c.id, path, body, when), 200);
    const events = await eventsOf(c.id);
    expect(events.map((e) => e.type)).toEqual([
      "subscription_contract.created",
      "subscription_contract.updated",
      "subscription_contract.updated",
      "subscription_contract.restarted",
      "subscription_contract.paused",
      "subscription_contract.resumed",
      "subscription_contract.canceled",
    ]);
    for (const [i, e] of events.entries()) {
      const p = e.payload as any;
      expect(e.type.startsWith("subscription_contract.")).toBe(true);
      expect(p).toMatchObject({ id: e.eventId, type: e.type });
      expect(p.data.contract_version).toBe(i + 1);
      for (const f of ["cancel_at_period_end", "cancel_at", "canceled_at", "ended_at"])
        expect(Object.hasOwn(p.data, f), f).toBe(true);
    }
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    expect((events[2].payload as any).data).toMatchObject({ cancel_at_period_end: true, cancel_at: APR10 });
    expect((events[3].payload as any).data).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect((events[6].payload as any).data).toMatchObject({
      state: "canceled",
      cancel_at: "2026-03-16T00:00:00.000Z",
      canceled_at: "2026-03-16T00:00:00.000Z",
      ended_at: "2026-03-16T00:00:00.000Z",
    });
    expect((events[6].payload as any).created_at).toBe("2026-03-16T00:00:00.000Z");
  });

  it("refused and read-only calls write no event", async () => {
    const c = await createBasic(ids);
    at(MAR12);
    await post(cpath(c.id, "resume/"), {});
    await post(cpath(c.id, "activate/"));
    await post(cpath(c.id, "proration-preview/"), { operation: "cancel" });
    await read(c.id, MAR12);
    expect((await eventsOf(c.id)).length).toBe(1);
  });
});
