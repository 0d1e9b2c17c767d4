// Months-long billing simulations through the test clock (POST /v2/test-clock/advance/): regular runs
// (spec 2.9, 4.10), fixed billing day (4.9), price versions, pauses and cancellations (3.1), dunning,
// manual retry, initial_billing_mode next_invoice, the
// on_run_succeeded advance policy, and the billing-run list/detail endpoints.
//
// Every scenario runs in its own seeded test-mode account (an account clock only moves forward). The
// request clock is pinned at T0 = 2026-01-10T00:00Z; once the test clock has moved past it, the account
// clock is the test clock. Amounts are hand-computed (arithmetic in comments); rounding is half-up:
//   Streaming Basic monthly 9.9000 + VAT 24 % exclusive → 9.9000 + 2.3760 = 12.2760
//   Streaming Basic yearly 99.0000 + 24 % → 99.0000 + 23.7600 = 122.7600
//   Sports monthly 5.0000 + 24 % → 6.2000
//   Printed Magazine monthly 12.0000, VAT 10 % inclusive, billing day 1: tax 12 × 10/110 = 1.090909… → 1.0909, net 10.9091
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { schedulePriceVersion } from "@/server/domain/catalog/prices";
import { ctxFor, db, get, post } from "@/tests/helpers";
import {
  addCard,
  advance,
  at,
  brief,
  createContract,
  lineBrief,
  newWorld,
  ok,
  readContract,
  runDetail,
  runsOf,
  utc,
  versionIdAt,
  type World,
} from "./_world";

const T0 = "2026-01-10T00:00:00.000Z";
const YEAR_LATER = "2027-01-10T00:00:00.000Z";
afterEach(() => at(null));

/** 12.2760 runs of Streaming Basic monthly for the period starting at `start` (a full month). */
const basicRun = (start: string, end: string) => ({
  kind: "regular",
  state: "succeeded",
  start,
  end,
  subtotal: "9.9000",
  tax: "2.3760",
  total: "12.2760",
  attempts: 1,
});

describe("regular runs over a year", () => {
  let w: World;
  beforeAll(async () => {
    w = await newWorld();
  });

  it("monthly price: 12 runs, each billing the next month in advance at 12.2760, exact periods", async () => {
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    // initial_billing_mode none: the first period [Jan 10, Feb 10) is free, the first run is at its end
    expect(c.next_billing_at).toBe("2026-02-10T00:00:00.000Z");
    const r = await advance(w, YEAR_LATER);
    expect(r).toEqual({
      test_clock_at: YEAR_LATER,
      processed: { contracts: 1, runsCreated: 12, runsExecuted: 12, changes: 0 },
    });
    const runs = await runsOf(w, c.id);
    // runs at Feb 10 2026 … Jan 10 2027 (12), each for [run date, run date + 1 month)
    const starts = [...Array.from({ length: 11 }, (_, k) => utc(2026, k + 2, 10)), utc(2027, 1, 10)];
    const ends = [...starts.slice(1), utc(2027, 2, 10)];
    expect(runs.map(brief)).toEqual(starts.map((s, k) => basicRun(s, ends[k])));
    const v1 = await versionIdAt(w.ids.basicMonthly, T0);
    for (const [k, run] of runs.entries()) {
      expect(run.scheduled_at).toBe(starts[k]);
      expect(run.customer_reference).toBe("cust-1001");
      expect(run.lines.map(lineBrief)).toEqual([
        {
          price: w.ids.basicMonthly,
          version: v1,
          qty: 1,
          unit: "9.9000",
          factor: "1.000000",
          line: "9.9000",
          subtotal: "9.9000",
          tax: "2.3760",
          start: starts[k],
          end: ends[k],
          reason: null,
          kind: "recurring",
        },
      ]);
      // the processor is charged in cents: 12.2760 → 12.28, the −0.0040 difference shown on the run
      expect(run.attempts.map((a: any) => [a.attempt_no, a.state, a.amount, a.fail_code])).toEqual([
        [1, "succeeded", "12.2800", null],
      ]);
      expect([run.amount_due, run.rounding_adjustment_amount, run.charged_amount]).toEqual([
        "12.2760",
        "-0.0040",
        "12.2800",
      ]);
    }
    // every charge has its own processor transaction
    expect(new Set(runs.map((x) => x.attempts[0].transaction_id)).size).toBe(12);
    const after = await readContract(w, c.id);
    expect(after).toMatchObject({
      state: "active",
      next_billing_at: "2027-02-10T00:00:00.000Z",
      billing_attention_required: false,
      service_state: "active",
    });
    expect(after.items[0]).toMatchObject({
      current_service_period_start_at: "2027-01-10T00:00:00.000Z",
      current_service_period_end_at: "2027-02-10T00:00:00.000Z",
    });
    expect(after.latest_billing_run).toMatchObject({
      id: runs[11].id,
      period_start_at: "2027-01-10T00:00:00.000Z",
      period_end_at: "2027-02-10T00:00:00.000Z",
    });
    // advancing again to the same instant bills nothing twice
    expect((await advance(w, YEAR_LATER)).processed).toEqual({
      contracts: 0,
      runsCreated: 0,
      runsExecuted: 0,
      changes: 0,
    });
    expect((await runsOf(w, c.id)).length).toBe(12);
  });
});

// every change a run makes to its contract is stamped with the account clock, not the wall clock
it("after a simulated year the contract's updated_at is the account-clock instant of its last change", async () => {
  const w = await newWorld();
  at(T0);
  const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
  await advance(w, YEAR_LATER);
  expect((await readContract(w, c.id)).updated_at).toBe(YEAR_LATER);
});

describe("calendar variants", () => {
  it("anchor on the 31st keeps its day: Feb 28, Mar 31, Apr 30, May 31 …", async () => {
    const w = await newWorld();
    at("2026-01-31T00:00:00.000Z");
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    expect(c.next_billing_at).toBe("2026-02-28T00:00:00.000Z");
    await advance(w, "2026-06-01T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    expect(runs.map(brief)).toEqual([
      basicRun("2026-02-28T00:00:00.000Z", "2026-03-31T00:00:00.000Z"),
      basicRun("2026-03-31T00:00:00.000Z", "2026-04-30T00:00:00.000Z"),
      basicRun("2026-04-30T00:00:00.000Z", "2026-05-31T00:00:00.000Z"),
      basicRun("2026-05-31T00:00:00.000Z", "2026-06-30T00:00:00.000Z"),
    ]);
  });

  it("yearly price: one run a year for [Jan 10, Jan 10 next year) at 122.7600", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicYearly }] });
    expect(c.next_billing_at).toBe("2027-01-10T00:00:00.000Z");
    await advance(w, "2027-01-09T23:59:59.000Z");
    expect(await runsOf(w, c.id)).toEqual([]);
    await advance(w, "2028-01-10T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    const run = (start: string, end: string) => ({
      kind: "regular",
      state: "succeeded",
      start,
      end,
      subtotal: "99.0000",
      tax: "23.7600",
      total: "122.7600",
      attempts: 1,
    });
    expect(runs.map(brief)).toEqual([
      run("2027-01-10T00:00:00.000Z", "2028-01-10T00:00:00.000Z"),
      run("2028-01-10T00:00:00.000Z", "2029-01-10T00:00:00.000Z"),
    ]);
    expect(runs[0].lines.map(lineBrief)[0]).toMatchObject({
      price: w.ids.basicYearly,
      factor: "1.000000",
      line: "99.0000",
      tax: "23.7600",
    });
    expect((await readContract(w, c.id)).next_billing_at).toBe("2029-01-10T00:00:00.000Z");
  });

  it("fixed billing day 1 (create_initial_run): a prorated initial run to Feb 1, then full months on the 1st", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, {
      items: [{ price: w.ids.magazineMonthly }],
      initial_billing_mode: "create_initial_run",
    });
    expect(c.next_billing_at).toBe("2026-02-01T00:00:00.000Z");
    await advance(w, YEAR_LATER);
    const runs = await runsOf(w, c.id);
    // initial: [Jan 10, Feb 1) = 22 of January's 31 days → 0.709677; 12 × 0.709677 = 8.516124 → 8.5161;
    // inclusive tax 8.5161 × 10/110 = 0.774190… → 0.7742; net 8.5161 − 0.7742 = 7.7419
    expect(brief(runs[0])).toEqual({
      kind: "initial",
      state: "succeeded",
      start: T0,
      end: "2026-02-01T00:00:00.000Z",
      subtotal: "7.7419",
      tax: "0.7742",
      total: "8.5161",
      attempts: 1,
    });
    expect(runs[0].lines.map(lineBrief)).toEqual([
      {
        price: w.ids.magazineMonthly,
        version: await versionIdAt(w.ids.magazineMonthly, T0),
        qty: 1,
        unit: "12.0000",
        factor: "0.709677",
        line: "8.5161",
        subtotal: "7.7419",
        tax: "0.7742",
        start: T0,
        end: "2026-02-01T00:00:00.000Z",
        reason: null,
        kind: "recurring",
      },
    ]);
    // then Feb 1 2026 … Jan 1 2027: 12 full months at 12.0000 (net 10.9091 + tax 1.0909)
    const starts = [...Array.from({ length: 11 }, (_, k) => utc(2026, k + 2, 1)), utc(2027, 1, 1)];
    const ends = [...starts.slice(1), utc(2027, 2, 1)];
    expect(runs.slice(1).map(brief)).toEqual(
      starts.map((s, k) => ({
        kind: "regular",
        state: "succeeded",
        start: s,
        end: ends[k],
        subtotal: "10.9091",
        tax: "1.0909",
        total: "12.0000",
        attempts: 1,
      })),
    );
    for (const r of runs.slice(1))
      expect(r.lines.map((l: any) => [l.proration_factor, l.line_total_amount])).toEqual([["1.000000", "12.0000"]]);
  });
});

describe("time zones", () => {
  it("fixed day 1 at 06:00 Europe/Helsinki: runs at local 06:00 across both DST changes (04:00Z in winter, 03:00Z in summer)", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, {
      items: [{ price: w.ids.magazineMonthly }],
      billing_timezone: "Europe/Helsinki",
      billing_time: "06:00",
      initial_billing_mode: "create_initial_run",
    });
    expect(c.next_billing_at).toBe("2026-02-01T04:00:00.000Z");
    await advance(w, "2026-11-15T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    // initial [Jan 10 00:00Z, Feb 1 04:00Z) of [Jan 1 04:00Z, Feb 1 04:00Z): (22 d + 4 h) / 31 d = 532 / 744 = 0.7150537… → 0.715054;
    // 12 × 0.715054 = 8.580648 → 8.5806; inclusive tax 8.5806 × 10/110 = 0.780054… → 0.7801; net 7.8005
    expect(brief(runs[0])).toEqual({
      kind: "initial",
      state: "succeeded",
      start: T0,
      end: "2026-02-01T04:00:00.000Z",
      subtotal: "7.8005",
      tax: "0.7801",
      total: "8.5806",
      attempts: 1,
    });
    expect(runs[0].lines[0].proration_factor).toBe("0.715054");
    // EET (UTC+2) until Mar 29, EEST (UTC+3) until Oct 25, then EET again
    const starts = [
      "2026-02-01T04:00",
      "2026-03-01T04:00",
      "2026-04-01T03:00",
      "2026-05-01T03:00",
      "2026-06-01T03:00",
      "2026-07-01T03:00",
      "2026-08-01T03:00",
      "2026-09-01T03:00",
      "2026-10-01T03:00",
      "2026-11-01T04:00",
    ].map((x) => `${x}:00.000Z`);
    expect(
      runs.slice(1).map((r) => [r.period_start_at, r.period_end_at, r.total_amount, r.lines[0].proration_factor]),
    ).toEqual(starts.map((s, k) => [s, starts[k + 1] ?? "2026-12-01T04:00:00.000Z", "12.0000", "1.000000"]));
  });

  it("an anchor-less monthly price in Europe/Helsinki keeps the local wall-clock time of its start across DST", async () => {
    const w = await newWorld();
    at(T0); // 02:00 in Helsinki
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }], billing_timezone: "Europe/Helsinki" });
    await advance(w, "2026-11-15T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    // 02:00 local = 00:00Z in winter, 23:00Z the day before in summer
    const starts = [
      "2026-02-10T00:00",
      "2026-03-10T00:00",
      "2026-04-09T23:00",
      "2026-05-09T23:00",
      "2026-06-09T23:00",
      "2026-07-09T23:00",
      "2026-08-09T23:00",
      "2026-09-09T23:00",
      "2026-10-09T23:00",
      "2026-11-10T00:00",
    ].map((x) => `${x}:00.000Z`);
    expect(runs.map((r) => [r.period_start_at, r.period_end_at, r.total_amount])).toEqual(
      starts.map((s, k) => [s, starts[k + 1] ?? "2026-12-10T00:00:00.000Z", "12.2760"]),
    );
  });
});

describe("test clock endpoint", () => {
  it("moves forward by seconds or to an instant; never back; 400 without either; 403 for a live-mode account", async () => {
    const w = await newWorld();
    at(T0);
    expect(ok(await w.post("/v2/test-clock/advance/", { seconds: 3600 }))).toEqual({
      test_clock_at: "2026-01-10T01:00:00.000Z",
      processed: { contracts: 0, runsCreated: 0, runsExecuted: 0, changes: 0 },
    });
    expect(ok(await w.post("/v2/test-clock/advance/", { seconds: 0 })).test_clock_at).toBe("2026-01-10T01:00:00.000Z");
    expect(Object.keys(ok(await w.post("/v2/test-clock/advance/", { to: T0 }), 400))).toContain("to");
    expect((await w.post("/v2/test-clock/advance/", {})).status).toBe(400);
    expect((await w.post("/v2/test-clock/advance/", { seconds: -5 })).status).toBe(400);
    expect(ok(await w.post("/v2/test-clock/advance/", { to: "2026-02-01T00:00:00.000Z" })).test_clock_at).toBe(
      "2026-02-01T00:00:00.000Z",
    );
    expect((await db().account.findUniqueOrThrow({ where: { id: w.accountId } })).testClockAt?.toISOString()).toBe(
      "2026-02-01T00:00:00.000Z",
    );
    // REST calls of the account now run on its clock
    expect((await createContract(w, { items: [{ price: w.ids.basicMonthly }] })).created_at).toBe(
      "2026-02-01T00:00:00.000Z",
    );
    await db().account.update({ where: { id: w.accountId }, data: { mode: "live" } });
    const r = await w.post("/v2/test-clock/advance/", { seconds: 60 });
    expect(r.status).toBe(403);
  });
});

describe("price change scheduled mid-term", () => {
  it("runs whose period starts on/after effective_from use the new version; earlier ones the old", async () => {
    const w = await newWorld();
    at(T0);
    const a = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    const b = await createContract(w, { items: [{ price: w.ids.sportsMonthly }] });
    const oldBasic = await versionIdAt(w.ids.basicMonthly, T0);
    const oldSports = await versionIdAt(w.ids.sportsMonthly, T0);
    // Basic 9.90 → 11.90 exactly at a renewal (Jun 10); Sports 5.00 → 6.00 between renewals (Jun 15)
    await schedulePriceVersion(ctxFor(w.accountId, T0), w.ids.basicMonthly, {
      unit_amount: "11.9000",
      effective_from: "2026-06-10T00:00:00.000Z",
    });
    await schedulePriceVersion(ctxFor(w.accountId, T0), w.ids.sportsMonthly, {
      unit_amount: "6.0000",
      effective_from: "2026-06-15T00:00:00.000Z",
    });
    const newBasic = await versionIdAt(w.ids.basicMonthly, "2026-06-10T00:00:00.000Z");
    const newSports = await versionIdAt(w.ids.sportsMonthly, "2026-06-15T00:00:00.000Z");
    expect(newBasic).not.toBe(oldBasic);
    await advance(w, "2026-09-10T00:00:00.000Z");

    const ra = await runsOf(w, a.id);
    // Feb 10 … May 10 at 9.9000 (+2.3760 = 12.2760); Jun 10 … Sep 10 at 11.9000 (+24 % 2.8560 = 14.7560)
    expect(
      ra.map((r) => [
        r.period_start_at.slice(0, 10),
        r.lines[0].price_version_id,
        r.lines[0].unit_amount,
        r.total_amount,
      ]),
    ).toEqual([
      ["2026-02-10", oldBasic, "9.9000", "12.2760"],
      ["2026-03-10", oldBasic, "9.9000", "12.2760"],
      ["2026-04-10", oldBasic, "9.9000", "12.2760"],
      ["2026-05-10", oldBasic, "9.9000", "12.2760"],
      ["2026-06-10", newBasic, "11.9000", "14.7560"],
      ["2026-07-10", newBasic, "11.9000", "14.7560"],
      ["2026-08-10", newBasic, "11.9000", "14.7560"],
      ["2026-09-10", newBasic, "11.9000", "14.7560"],
    ]);
    const rb = await runsOf(w, b.id);
    // the Jun 10 period started before Jun 15: still 5.0000 (+1.2000 = 6.2000); from Jul 10 6.0000 (+1.4400 = 7.4400)
    expect(
      rb.map((r) => [
        r.period_start_at.slice(0, 10),
        r.lines[0].price_version_id,
        r.lines[0].unit_amount,
        r.total_amount,
      ]),
    ).toEqual([
      ["2026-02-10", oldSports, "5.0000", "6.2000"],
      ["2026-03-10", oldSports, "5.0000", "6.2000"],
      ["2026-04-10", oldSports, "5.0000", "6.2000"],
      ["2026-05-10", oldSports, "5.0000", "6.2000"],
      ["2026-06-10", oldSports, "5.0000", "6.2000"],
      ["2026-07-10", newSports, "6.0000", "7.4400"],
      ["2026-08-10", newSports, "6.0000", "7.4400"],
      ["2026-09-10", newSports, "6.0000", "7.4400"],
    ]);
  });
});

describe("pause and cancellation", () => {
  it("a pause across a renewal: both runs it touches exclude the paused days (factor and amount)", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    const p = ok(
      await w.post(`/v2/subscription-contracts/${c.id}/pause/`, {
        start_date: "2026-03-01T00:00:00.000Z",
        end_date: "2026-03-20T00:00:00.000Z",
      }),
    );
    expect(p).toMatchObject({ state: "active", has_future_pause: true });
    await advance(w, "2026-03-05T00:00:00.000Z");
    expect((await readContract(w, c.id)).state).toBe("paused");
    await advance(w, "2026-04-10T00:00:00.000Z");
    const after = await readContract(w, c.id);
    expect(after.state).toBe("active");
    const runs = await runsOf(w, c.id);
    expect(runs.map(brief)).toEqual([
      // the pause was already scheduled when the Feb 10 run billed [Feb 10, Mar 10) in advance: its paused
      // [Mar 1, Mar 10) is left out too: 19 of 28 days = 0.678571…  → 0.678571; 9.9 × 0.678571 = 6.7178529 → 6.7179;
      // tax 6.7179 × 0.24 = 1.612296 → 1.6123; total 8.3302
      {
        kind: "regular",
        state: "succeeded",
        start: "2026-02-10T00:00:00.000Z",
        end: "2026-03-10T00:00:00.000Z",
        subtotal: "6.7179",
        tax: "1.6123",
        total: "8.3302",
        attempts: 1,
      },
      // [Mar 10, Apr 10) = 31 days, paused until Mar 20 → 21 billed days: 21/31 = 0.677419…  → 0.677419;
      // 9.9 × 0.677419 = 6.7064481 → 6.7064; tax 6.7064 × 0.24 = 1.609536 → 1.6095; total 8.3159
      {
        kind: "regular",
        state: "succeeded",
        start: "2026-03-10T00:00:00.000Z",
        end: "2026-04-10T00:00:00.000Z",
        subtotal: "6.7064",
        tax: "1.6095",
        total: "8.3159",
        attempts: 1,
      },
      basicRun("2026-04-10T00:00:00.000Z", "2026-05-10T00:00:00.000Z"),
    ]);
    const v = await versionIdAt(w.ids.basicMonthly, T0);
    expect(runs[0].lines.map(lineBrief)).toEqual([
      {
        price: w.ids.basicMonthly,
        version: v,
        qty: 1,
        unit: "9.9000",
        factor: "0.678571",
        line: "6.7179",
        subtotal: "6.7179",
        tax: "1.6123",
        start: "2026-02-10T00:00:00.000Z",
        end: "2026-03-10T00:00:00.000Z",
        reason: "paused",
        kind: "recurring",
      },
    ]);
    expect(runs[1].lines.map(lineBrief)).toEqual([
      {
        price: w.ids.basicMonthly,
        version: await versionIdAt(w.ids.basicMonthly, T0),
        qty: 1,
        unit: "9.9000",
        factor: "0.677419",
        line: "6.7064",
        subtotal: "6.7064",
        tax: "1.6095",
        start: "2026-03-10T00:00:00.000Z",
        end: "2026-04-10T00:00:00.000Z",
        reason: "paused",
        kind: "recurring",
      },
    ]);
  });

  it("a pause over a whole period: that period is not billed (zero run), the partly paused ones are prorated", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    ok(
      await w.post(`/v2/subscription-contracts/${c.id}/pause/`, {
        start_date: "2026-03-01T00:00:00.000Z",
        end_date: "2026-04-20T00:00:00.000Z",
      }),
    );
    await advance(w, "2026-05-10T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    expect(
      runs.map((r) => [
        r.period_start_at.slice(0, 10),
        r.lines.map((l: any) => [l.proration_factor, l.line_total_amount, l.proration_reason]),
        r.total_amount,
      ]),
    ).toEqual([
      // [Feb 10, Mar 10): paused from Mar 1 → 19/28 = 0.678571 → 6.7179 + 1.6123 = 8.3302
      ["2026-02-10", [["0.678571", "6.7179", "paused"]], "8.3302"],
      // [Mar 10, Apr 10): paused throughout → nothing billed
      ["2026-03-10", [], "0.0000"],
      // [Apr 10, May 10): paused until Apr 20 → 20/30 = 0.666667; 9.9 × 0.666667 = 6.6000033 → 6.6000; tax 1.5840 → 8.1840
      ["2026-04-10", [["0.666667", "6.6000", "paused"]], "8.1840"],
      ["2026-05-10", [["1.000000", "9.9000", null]], "12.2760"],
    ]);
  });

  // (found by this test: the empty run of a fully paused period made a 0.0000 processor charge)
  it("a fully paused period makes no processor charge", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    ok(
      await w.post(`/v2/subscription-contracts/${c.id}/pause/`, {
        start_date: "2026-03-01T00:00:00.000Z",
        end_date: "2026-04-20T00:00:00.000Z",
      }),
    );
    await advance(w, "2026-03-10T00:00:00.000Z");
    const run = (await runsOf(w, c.id))[1];
    expect(run).toMatchObject({
      period_start_at: "2026-03-10T00:00:00.000Z",
      total_amount: "0.0000",
      state: "succeeded",
    });
    expect(run.attempts).toEqual([]);
  });

  it("cancel at period end: no run after it; canceled with ended_at = cancel_at", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    await advance(w, "2026-04-20T00:00:00.000Z");
    const r = ok(await w.post(`/v2/subscription-contracts/${c.id}/cancel/`, { cancel_at_period_end: true }));
    expect(r).toMatchObject({
      state: "active",
      cancel_at_period_end: true,
      cancel_at: "2026-05-10T00:00:00.000Z",
      canceled_at: null,
      ended_at: null,
    });
    await advance(w, YEAR_LATER);
    const runs = await runsOf(w, c.id);
    expect(runs.map((x) => x.period_start_at)).toEqual([
      "2026-02-10T00:00:00.000Z",
      "2026-03-10T00:00:00.000Z",
      "2026-04-10T00:00:00.000Z",
    ]);
    const after = await readContract(w, c.id);
    expect(after).toMatchObject({
      state: "canceled",
      recurring: false,
      next_billing_at: null,
      cancel_at_period_end: false,
      cancel_at: "2026-05-10T00:00:00.000Z",
      canceled_at: "2026-05-10T00:00:00.000Z",
      ended_at: "2026-05-10T00:00:00.000Z",
      service_active: false,
    });
  });
});

describe("dunning", () => {
  it("failed payment → retries 1 and 3 days later → success after a good card is added; attention cleared", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { customer_reference: "cust-1002", items: [{ price: w.ids.basicMonthly }] }); // Bob: declined card
    await advance(w, "2026-02-10T00:00:00.000Z");
    let [run] = await runsOf(w, c.id);
    expect(brief(run)).toMatchObject({ state: "failed", total: "12.2760", attempts: 1 });
    expect(run.next_attempt_at).toBe("2026-02-11T00:00:00.000Z"); // Feb 10 + 1 day
    expect(run.attempts.map((a: any) => [a.attempt_no, a.state, a.amount, a.fail_code, a.fail_message])).toEqual([
      [1, "failed", "12.2800", "card_declined", "The card was declined."],
    ]);
    let k = await readContract(w, c.id);
    expect(k).toMatchObject({ billing_attention_required: true, service_state: "active", service_active: true });

    await advance(w, "2026-02-11T00:00:00.000Z");
    run = await runDetail(w, run.id);
    expect(run).toMatchObject({ state: "failed", attempt_count: 2, next_attempt_at: "2026-02-14T00:00:00.000Z" }); // Feb 11 + 3 days
    expect(run.attempts.map((a: any) => [a.attempt_no, a.state, a.fail_code, a.created_at])).toEqual([
      [1, "failed", "card_declined", "2026-02-10T00:00:00.000Z"],
      [2, "failed", "card_declined", "2026-02-11T00:00:00.000Z"],
    ]);
    // 3 days after the first failure the contract is past_due (service stops)
    await advance(w, "2026-02-13T00:00:00.000Z");
    k = await readContract(w, c.id);
    expect(k).toMatchObject({ billing_attention_required: true, service_state: "past_due", service_active: false });

    await addCard(w, w.ids.bob, "4242424242424242");
    await advance(w, "2026-02-14T00:00:00.000Z");
    run = await runDetail(w, run.id);
    expect(run).toMatchObject({
      state: "succeeded",
      attempt_count: 3,
      next_attempt_at: null,
      amount_due: "12.2760",
      charged_amount: "12.2800",
    });
    expect(run.attempts.map((a: any) => [a.attempt_no, a.state, a.amount, a.fail_code, a.created_at])).toEqual([
      [1, "failed", "12.2800", "card_declined", "2026-02-10T00:00:00.000Z"],
      [2, "failed", "12.2800", "card_declined", "2026-02-11T00:00:00.000Z"],
      [3, "succeeded", "12.2800", null, "2026-02-14T00:00:00.000Z"],
    ]);
    expect(new Set(run.attempts.map((a: any) => a.transaction_id)).size).toBe(3);
    expect(run.transactions.filter((t: any) => t.type === "payment").map((t: any) => [t.amount, t.state])).toEqual([
      ["12.2800", "failed"],
      ["12.2800", "failed"],
      ["12.2800", "succeeded"],
    ]);
    k = await readContract(w, c.id);
    expect(k).toMatchObject({ billing_attention_required: false, service_state: "active", service_active: true });
    // the next renewal charges the good card at once
    await advance(w, "2026-03-10T00:00:00.000Z");
    expect((await runsOf(w, c.id)).map(brief)[1]).toEqual(
      basicRun("2026-03-10T00:00:00.000Z", "2026-04-10T00:00:00.000Z"),
    );
  });

  it("failed → exhausted: 4 attempts (Feb 10, 11, 14, 19), contract past_due after 3 days", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { customer_reference: "cust-1003", items: [{ price: w.ids.basicMonthly }] }); // Carol: no payment method
    await advance(w, "2026-02-12T23:59:59.000Z");
    expect(await readContract(w, c.id)).toMatchObject({ billing_attention_required: true, service_state: "active" });
    await advance(w, "2026-02-13T00:00:00.000Z"); // Feb 10 + 3 days
    expect(await readContract(w, c.id)).toMatchObject({
      billing_attention_required: true,
      service_state: "past_due",
      service_active: false,
    });
    await advance(w, "2026-02-18T23:59:59.000Z");
    let [run] = await runsOf(w, c.id);
    expect(run).toMatchObject({ state: "failed", attempt_count: 3, next_attempt_at: "2026-02-19T00:00:00.000Z" }); // Feb 14 + 5 days
    await advance(w, "2026-02-20T00:00:00.000Z");
    run = await runDetail(w, run.id);
    expect(run).toMatchObject({ state: "exhausted", attempt_count: 4, next_attempt_at: null });
    expect(run.attempts.map((a: any) => [a.attempt_no, a.state, a.fail_code, a.transaction_id, a.created_at])).toEqual([
      [1, "failed", "no_payment_method", null, "2026-02-10T00:00:00.000Z"],
      [2, "failed", "no_payment_method", null, "2026-02-11T00:00:00.000Z"],
      [3, "failed", "no_payment_method", null, "2026-02-14T00:00:00.000Z"],
      [4, "failed", "no_payment_method", null, "2026-02-19T00:00:00.000Z"],
    ]);
    // nothing more happens to an exhausted run
    await advance(w, "2026-03-01T00:00:00.000Z");
    expect((await runDetail(w, run.id)).attempt_count).toBe(4);
    expect(await readContract(w, c.id)).toMatchObject({ billing_attention_required: true, service_state: "past_due" });
  });

  // several runs of one contract in dunning at once: each retry happens at its own instant
  it("overlapping dunning (weekly price): every retry of every run at its own scheduled instant", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { customer_reference: "cust-1002", items: [{ price: w.ids.coachingWeekly }] });
    await advance(w, "2026-02-03T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    const day = (iso: string) => iso.slice(5, 10);
    expect(
      runs.map((r) => [day(r.period_start_at), r.total_amount, r.state, r.attempts.map((a: any) => day(a.created_at))]),
    ).toEqual([
      ["01-17", "25.0000", "exhausted", ["01-17", "01-18", "01-21", "01-26"]],
      ["01-24", "25.0000", "exhausted", ["01-24", "01-25", "01-28", "02-02"]],
      ["01-31", "25.0000", "failed", ["01-31", "02-01"]],
    ]);
  });

  // several runs of one contract in dunning at once: each retry happens at its own instant
  it("overlapping dunning (weekly price): a due retry is made even while an older run waits for a later one", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { customer_reference: "cust-1002", items: [{ price: w.ids.coachingWeekly }] });
    await advance(w, "2026-01-25T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    const day = (iso: string) => iso.slice(5, 10);
    expect(
      runs.map((r) => [
        day(r.period_start_at),
        r.state,
        r.next_attempt_at && day(r.next_attempt_at),
        r.attempts.map((a: any) => day(a.created_at)),
      ]),
    ).toEqual([
      ["01-17", "failed", "01-26", ["01-17", "01-18", "01-21"]],
      ["01-24", "failed", "01-28", ["01-24", "01-25"]],
    ]);
  });

  it("manual retry: reason stored in metadata, one attempt per retry (no automatic follow-up), 400 for a succeeded run, 404 for another account", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { customer_reference: "cust-1003", items: [{ price: w.ids.basicMonthly }] }); // Carol: no payment method
    await advance(w, "2026-02-20T00:00:00.000Z");
    const [run] = await runsOf(w, c.id);
    expect(run).toMatchObject({ state: "exhausted", attempt_count: 4 });
    const path = `/v2/billing-runs/${run.id}/retry/`;
    // the reason is required and must not be blank
    expect(Object.keys(ok(await w.post(path, {}), 400))).toContain("reason");
    expect(Object.keys(ok(await w.post(path, { reason: "  " }), 400))).toContain("reason");
    // another account's key, or an unknown id: 404
    expect((await otherPost(w, path, { reason: "x" })).status).toBe(404);
    expect((await otherGet(w, `/v2/billing-runs/${run.id}/`)).status).toBe(404);
    expect((await w.post("/v2/billing-runs/99999999/retry/", { reason: "x" })).status).toBe(404);
    expect(await runDetail(w, run.id)).toMatchObject({ state: "exhausted", attempt_count: 4 });

    const r1 = ok(await w.post(path, { reason: "customer asked to try again" }));
    expect(r1).toMatchObject({
      id: run.id,
      state: "failed",
      attempt_count: 4,
      next_attempt_at: "2026-02-20T00:00:00.000Z",
    });
    expect(r1.metadata.retries).toEqual([
      { reason: "customer asked to try again", requested_at: "2026-02-20T00:00:00.000Z" },
    ]);
    await advance(w, "2026-02-20T01:00:00.000Z");
    let d = await runDetail(w, run.id);
    // the manual attempt failed again (still no card): exhausted, no automatic retry scheduled
    expect(d).toMatchObject({ state: "exhausted", attempt_count: 5, next_attempt_at: null });
    expect(d.attempts[4]).toMatchObject({
      attempt_no: 5,
      state: "failed",
      fail_code: "no_payment_method",
      created_at: "2026-02-20T00:00:00.000Z",
    });
    await advance(w, "2026-02-28T00:00:00.000Z");
    expect((await runDetail(w, run.id)).attempt_count).toBe(5);

    await addCard(w, w.ids.carol, "4242424242424242");
    ok(await w.post(path, { reason: "card added" }));
    await advance(w, "2026-02-28T01:00:00.000Z");
    d = await runDetail(w, run.id);
    expect(d).toMatchObject({ state: "succeeded", attempt_count: 6, next_attempt_at: null });
    expect(d.attempts.map((a: any) => [a.attempt_no, a.state])).toEqual([
      [1, "failed"],
      [2, "failed"],
      [3, "failed"],
      [4, "failed"],
      [5, "failed"],
      [6, "succeeded"],
    ]);
    expect(d.metadata.retries).toEqual([
      { reason: "customer asked to try again", requested_at: "2026-02-20T00:00:00.000Z" },
      { reason: "card added", requested_at: "2026-02-28T00:00:00.000Z" },
    ]);
    expect(await readContract(w, c.id)).toMatchObject({ billing_attention_required: false, service_state: "active" });
    // a succeeded run cannot be retried
    expect(Object.keys(ok(await w.post(path, { reason: "again" }), 400))).toContain("non_field_errors");
    expect((await runDetail(w, run.id)).attempt_count).toBe(6);
  });
});

// contract credit (4.6): tests/billing/credit.test.ts

describe("initial billing mode and advance policy", () => {
  it("next_invoice: the first regular run carries the pending initial-period line plus the next full period", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, {
      items: [{ price: w.ids.magazineMonthly }],
      initial_billing_mode: "next_invoice",
    });
    await advance(w, "2026-03-01T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    const v = await versionIdAt(w.ids.magazineMonthly, T0);
    // Feb 1: regular [Feb 1, Mar 1) 12.0000 (net 10.9091, tax 1.0909) + pending [Jan 10, Feb 1) 8.5161 (net 7.7419, tax 0.7742)
    // subtotal 10.9091 + 7.7419 = 18.6510; tax 1.0909 + 0.7742 = 1.8651; total 20.5161
    // the run's period spans its lines: from the pending line's Jan 10 to the regular line's Mar 1
    expect(brief(runs[0])).toEqual({
      kind: "regular",
      state: "succeeded",
      start: T0,
      end: "2026-03-01T00:00:00.000Z",
      subtotal: "18.6510",
      tax: "1.8651",
      total: "20.5161",
      attempts: 1,
    });
    expect(runs[0].lines.map(lineBrief)).toEqual([
      {
        price: w.ids.magazineMonthly,
        version: v,
        qty: 1,
        unit: "12.0000",
        factor: "1.000000",
        line: "12.0000",
        subtotal: "10.9091",
        tax: "1.0909",
        start: "2026-02-01T00:00:00.000Z",
        end: "2026-03-01T00:00:00.000Z",
        reason: null,
        kind: "recurring",
      },
      {
        price: w.ids.magazineMonthly,
        version: v,
        qty: 1,
        unit: "12.0000",
        factor: "0.709677",
        line: "8.5161",
        subtotal: "7.7419",
        tax: "0.7742",
        start: T0,
        end: "2026-02-01T00:00:00.000Z",
        reason: "initial_period",
        kind: "proration",
      },
    ]);
    // the pending line is used once
    expect(brief(runs[1])).toEqual({
      kind: "regular",
      state: "succeeded",
      start: "2026-03-01T00:00:00.000Z",
      end: "2026-04-01T00:00:00.000Z",
      subtotal: "10.9091",
      tax: "1.0909",
      total: "12.0000",
      attempts: 1,
    });
    expect(await db().pendingLine.findMany({ where: { contractId: c.id, billingRunId: null } })).toEqual([]);
  });

  it("on_run_succeeded: periods and next_billing_at advance only when the run succeeds", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, {
      customer_reference: "cust-1002",
      items: [{ price: w.ids.basicMonthly }],
      billing_advance_policy: "on_run_succeeded",
    });
    expect(c.billing_advance_policy).toBe("on_run_succeeded");
    await advance(w, "2026-02-12T00:00:00.000Z");
    let k = await readContract(w, c.id);
    // the Feb 10 run failed twice (Feb 10, Feb 11): nothing advanced
    expect(k.next_billing_at).toBe("2026-02-10T00:00:00.000Z");
    expect(k.items[0]).toMatchObject({
      current_service_period_start_at: T0,
      current_service_period_end_at: "2026-02-10T00:00:00.000Z",
    });
    let runs = await runsOf(w, c.id);
    expect(runs.map((r) => [r.period_start_at, r.period_end_at, r.state, r.attempt_count])).toEqual([
      ["2026-02-10T00:00:00.000Z", "2026-03-10T00:00:00.000Z", "failed", 2],
    ]);

    await addCard(w, w.ids.bob, "4242424242424242");
    await advance(w, "2026-02-14T00:00:00.000Z");
    k = await readContract(w, c.id);
    expect(k.next_billing_at).toBe("2026-03-10T00:00:00.000Z");
    expect(k.items[0]).toMatchObject({
      current_service_period_start_at: "2026-02-10T00:00:00.000Z",
      current_service_period_end_at: "2026-03-10T00:00:00.000Z",
    });

    await advance(w, "2026-04-10T00:00:00.000Z");
    runs = await runsOf(w, c.id);
    expect(runs.map(brief)).toEqual([
      { ...basicRun("2026-02-10T00:00:00.000Z", "2026-03-10T00:00:00.000Z"), attempts: 3 },
      basicRun("2026-03-10T00:00:00.000Z", "2026-04-10T00:00:00.000Z"),
      basicRun("2026-04-10T00:00:00.000Z", "2026-05-10T00:00:00.000Z"),
    ]);
    expect((await readContract(w, c.id)).next_billing_at).toBe("2026-05-10T00:00:00.000Z");
  });

  it("on_run_created (default): a failing run does not hold back later periods", async () => {
    const w = await newWorld();
    at(T0);
    const c = await createContract(w, { customer_reference: "cust-1002", items: [{ price: w.ids.basicMonthly }] });
    await advance(w, "2026-03-10T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    expect(runs.map((r) => [r.period_start_at.slice(0, 10), r.state, r.attempt_count])).toEqual([
      ["2026-02-10", "exhausted", 4],
      ["2026-03-10", "failed", 1],
    ]);
    expect((await readContract(w, c.id)).next_billing_at).toBe("2026-04-10T00:00:00.000Z");
  });
});

describe("billing run list and detail (4.10)", () => {
  let w: World;
  let alice1: any, alice2: any, bob: any;
  beforeAll(async () => {
    w = await newWorld();
    at(T0);
    alice1 = await createContract(w, { items: [{ price: w.ids.basicMonthly }] });
    alice2 = await createContract(w, { items: [{ price: w.ids.sportsMonthly }] });
    bob = await createContract(w, { customer_reference: "cust-1002", items: [{ price: w.ids.basicMonthly }] });
    // Alice: 2 runs per contract (Feb 10, Mar 10) succeeded; Bob: Feb 10 exhausted (Feb 10, 11, 14, 19), Mar 10 failed twice (Mar 10, 11)
    await advance(w, "2026-03-11T00:00:00.000Z");
    at(null);
  });

  it("lists every run newest first with lines and attempts; filters by contract, state, customer and customer_reference", async () => {
    const all = ok(await w.get("/v2/billing-runs/"));
    expect(all.length).toBe(6);
    const ids = all.map((r: any) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    for (const r of all) {
      expect(Array.isArray(r.lines) && r.lines.length > 0).toBe(true);
      expect(Array.isArray(r.attempts) && r.attempts.length > 0).toBe(true);
    }
    const pick = async (q: string) =>
      ok(await w.get(`/v2/billing-runs/?${q}`)).map((r: any) => [
        r.contract_id,
        r.period_start_at.slice(0, 10),
        r.state,
      ]);
    expect(await pick(`contract=${alice2.id}`)).toEqual([
      [alice2.id, "2026-03-10", "succeeded"],
      [alice2.id, "2026-02-10", "succeeded"],
    ]);
    expect(await pick("state=exhausted")).toEqual([[bob.id, "2026-02-10", "exhausted"]]);
    expect(await pick("state=failed")).toEqual([[bob.id, "2026-03-10", "failed"]]);
    expect((await pick("state=succeeded")).length).toBe(4);
    expect(await pick("state=scheduled")).toEqual([]);
    expect(await pick(`customer=${w.ids.bob}`)).toEqual([
      [bob.id, "2026-03-10", "failed"],
      [bob.id, "2026-02-10", "exhausted"],
    ]);
    expect(await pick("customer_reference=cust-1002")).toEqual([
      [bob.id, "2026-03-10", "failed"],
      [bob.id, "2026-02-10", "exhausted"],
    ]);
    expect((await pick("customer_reference=cust-1001")).map((r: any) => r[0]).sort()).toEqual(
      [alice1.id, alice1.id, alice2.id, alice2.id].sort(),
    );
    expect(await pick("customer_reference=nobody")).toEqual([]);
    expect(await pick(`customer=${w.ids.alice}&state=failed`)).toEqual([]);
    expect(await pick(`contract=${bob.id}&state=failed`)).toEqual([[bob.id, "2026-03-10", "failed"]]);
    // invalid filters: 400
    expect(Object.keys(ok(await w.get("/v2/billing-runs/?state=bogus"), 400))).toContain("state");
    expect(Object.keys(ok(await w.get("/v2/billing-runs/?contract=abc"), 400))).toContain("contract");
    expect(Object.keys(ok(await w.get("/v2/billing-runs/?customer=-1"), 400))).toContain("customer");
    // another account sees none of them
    expect(ok(await otherGet(w, "/v2/billing-runs/"))).toEqual([]);
    expect(ok(await otherGet(w, `/v2/billing-runs/?contract=${alice1.id}`))).toEqual([]);
  });

  it("paginates with page_size/page (count, next, previous); a page past the end is 404", async () => {
    const all = ok(await w.get("/v2/billing-runs/")).map((r: any) => r.id);
    const p1 = ok(await w.get("/v2/billing-runs/?page_size=4"));
    expect(p1.count).toBe(6);
    expect(p1.results.map((r: any) => r.id)).toEqual(all.slice(0, 4));
    expect(p1.previous).toBeNull();
    expect(new URL(p1.next).searchParams.get("page")).toBe("2");
    const p2 = ok(await w.get("/v2/billing-runs/?page_size=4&page=2"));
    expect(p2.results.map((r: any) => r.id)).toEqual(all.slice(4));
    expect(p2.next).toBeNull();
    expect(new URL(p2.previous).searchParams.get("page")).toBeNull();
    expect((await w.get("/v2/billing-runs/?page_size=4&page=3")).status).toBe(404);
    const f = ok(await w.get(`/v2/billing-runs/?page_size=1&customer_reference=cust-1002`));
    expect(f.count).toBe(2);
    expect(f.results.map((r: any) => r.contract_id)).toEqual([bob.id]);
    expect((await w.get("/v2/billing-runs/?page_size=0")).status).toBe(400);
  });

  it("detail: lines with price version and service period, attempts, transactions; 404 for unknown and foreign ids", async () => {
    const [feb] = await runsOf(w, bob.id);
    const d = await runDetail(w, feb.id);
    expect(d).toMatchObject({
      id: feb.id,
      contract_id: bob.id,
      customer_id: w.ids.bob,
      customer_reference: "cust-1002",
      kind: "regular",
      state: "exhausted",
      currency: "EUR",
      period_start_at: "2026-02-10T00:00:00.000Z",
      period_end_at: "2026-03-10T00:00:00.000Z",
      subtotal_amount: "9.9000",
      tax_amount: "2.3760",
      total_amount: "12.2760",
      attempt_count: 4,
      credit_applied_amount: "0.0000",
      amount_due: "12.2760",
      rounding_adjustment_amount: "-0.0040",
      charged_amount: "12.2800",
      next_attempt_at: null,
      status: "exhausted",
    });
    expect(d.lines.map(lineBrief)).toEqual([
      {
        price: w.ids.basicMonthly,
        version: await versionIdAt(w.ids.basicMonthly, T0),
        qty: 1,
        unit: "9.9000",
        factor: "1.000000",
        line: "9.9000",
        subtotal: "9.9000",
        tax: "2.3760",
        start: "2026-02-10T00:00:00.000Z",
        end: "2026-03-10T00:00:00.000Z",
        reason: null,
        kind: "recurring",
      },
    ]);
    expect(d.lines[0]).toMatchObject({ product_name: "Streaming Basic", contract_item_id: bob.items[0].id });
    expect(d.attempts.map((a: any) => [a.attempt_no, a.state, a.amount, a.fail_code, a.fail_message])).toEqual(
      [1, 2, 3, 4].map((n) => [n, "failed", "12.2800", "card_declined", "The card was declined."]),
    );
    const payments = d.transactions.filter((t: any) => t.type === "payment");
    expect(payments.map((t: any) => t.id)).toEqual(d.attempts.map((a: any) => a.transaction_id));
    expect(payments.every((t: any) => t.state === "failed" && t.amount === "12.2800")).toBe(true);
    expect((await w.get("/v2/billing-runs/99999999/")).status).toBe(404);
    expect((await w.get("/v2/billing-runs/abc/")).status).toBe(404);
    expect((await otherGet(w, `/v2/billing-runs/${feb.id}/`)).status).toBe(404);
  });
});

async function otherGet(w: World, path: string) {
  return get(path, { key: w.keys.otherSecret });
}
async function otherPost(w: World, path: string, body: unknown) {
  return post(path, body, { key: w.keys.otherSecret });
}
