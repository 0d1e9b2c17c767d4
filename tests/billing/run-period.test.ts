// A run's period is the service it bills (earliest line start → latest line end), and the contract's
// latest_billing_run is the run with the latest billed period (ties: the newer run), so that
// latest_billing_run.period_end_at agrees with next_billing_at (spec 2.6).
import { afterEach, describe, expect, it } from "vitest";
import { advance, at, createContract, newWorld, ok, readContract, runDetail, runsOf } from "./_world";

afterEach(() => at(null));

const MAR10 = "2026-03-10T09:30:00.000Z";
const MAR20 = "2026-03-20T12:30:00.000Z";
const APR10 = "2026-04-10T09:30:00.000Z";
const MAY10 = "2026-05-10T09:30:00.000Z";

describe("adjustment runs", () => {
  it("an invoice_now upgrade mid-period: the run's period is [change, period end), and it is the latest run", async () => {
    const w = await newWorld();
    at(MAR10);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    expect(c.next_billing_at).toBe(APR10);
    at(MAR20);
    const u = ok(
      await w.post(`/v2/subscription-contracts/${c.id}/items/update/`, {
        contract_item: c.items[0].id,
        quantity: 2,
        settlement_behavior: "invoice_now",
      }),
    );
    const run = await runDetail(w, u.adjustment_billing_run_id);
    expect(run.lines.map((l: any) => [l.service_period_start_at, l.service_period_end_at])).toEqual([
      [MAR20, APR10],
      [MAR20, APR10],
    ]);
    expect(run).toMatchObject({ kind: "adjustment", period_start_at: MAR20, period_end_at: APR10 });
    expect(u.contract.latest_billing_run).toMatchObject({ id: run.id, period_start_at: MAR20, period_end_at: APR10 });
    expect(u.contract.latest_billing_run.period_end_at).toBe(u.contract.next_billing_at);

    // the regular run at Apr 10 bills [Apr 10, May 10) and becomes the latest
    await advance(w, APR10);
    const k = await readContract(w, c.id);
    const regular = (await runsOf(w, c.id)).find((r) => r.kind === "regular");
    expect(regular).toMatchObject({ period_start_at: APR10, period_end_at: MAY10 });
    expect(k.latest_billing_run).toMatchObject({
      id: regular.id,
      kind: "regular",
      period_start_at: APR10,
      period_end_at: MAY10,
    });
    expect(k.next_billing_at).toBe(MAY10);
  });

  it("pending adjustments settled on cancel: the run spans the pending lines' service", async () => {
    const w = await newWorld();
    at(MAR10);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    at(MAR20);
    ok(await w.post(`/v2/subscription-contracts/${c.id}/items/add/`, { price: w.ids.sportsMonthly })); // next_invoice: pending line [Mar 20, Apr 10)
    at("2026-03-25T00:00:00.000Z");
    const k = ok(await w.post(`/v2/subscription-contracts/${c.id}/cancel/`, {}));
    const [run] = await runsOf(w, c.id);
    expect(run).toMatchObject({ kind: "adjustment", period_start_at: MAR20, period_end_at: APR10 });
    expect(k.latest_billing_run).toMatchObject({ id: run.id, period_end_at: APR10 });
  });
});

describe("regular runs", () => {
  it("the latest billed period wins over the newest id: an earlier period's run created later is not the latest", async () => {
    const w = await newWorld();
    at("2026-01-10T00:00:00.000Z");
    // yearly and monthly items: the initial run bills [Jan 10 2026, Jan 10 2027) for the yearly item
    const c = await createContract(w, {
      items: [{ price: w.ids.basicYearly }, { price: w.ids.sportsMonthly }],
      initial_billing_mode: "create_initial_run",
    });
    await advance(w, "2026-02-10T00:00:00.000Z");
    const [initial, feb] = await runsOf(w, c.id);
    expect(initial).toMatchObject({
      kind: "initial",
      period_start_at: "2026-01-10T00:00:00.000Z",
      period_end_at: "2027-01-10T00:00:00.000Z",
    });
    expect(feb).toMatchObject({
      kind: "regular",
      period_start_at: "2026-02-10T00:00:00.000Z",
      period_end_at: "2026-03-10T00:00:00.000Z",
    });
    expect((await readContract(w, c.id)).latest_billing_run).toMatchObject({
      id: initial.id,
      period_end_at: "2027-01-10T00:00:00.000Z",
    });
  });

  it("a fully paused period still has its run: no lines, zero total, no processor charge, the period it would have billed", async () => {
    const w = await newWorld();
    at("2026-01-10T00:00:00.000Z");
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    ok(
      await w.post(`/v2/subscription-contracts/${c.id}/pause/`, {
        start_date: "2026-02-01T00:00:00.000Z",
        end_date: "2026-03-20T00:00:00.000Z",
      }),
    );
    await advance(w, "2026-02-10T00:00:00.000Z");
    const [run] = await runsOf(w, c.id);
    expect(run).toMatchObject({
      period_start_at: "2026-02-10T00:00:00.000Z",
      period_end_at: "2026-03-10T00:00:00.000Z",
      lines: [],
      total_amount: "0.0000",
      charged_amount: "0.0000",
      state: "succeeded",
      attempts: [],
    });
    expect((await readContract(w, c.id)).latest_billing_run).toMatchObject({
      id: run.id,
      period_end_at: "2026-03-10T00:00:00.000Z",
    });
  });
});
