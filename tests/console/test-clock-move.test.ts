// A year of the test clock moved as the console moves it (billing.advanceClock in 60 steps under one move
// id, the worker billing between some steps): the move is one audit entry with from and to, its "runs
// created" equals what the API lists, and the detail pages' tables then page over that year (totals equal
// the API's, newest first, each page its own rows, a page past the end the last one).
import { beforeAll, describe, expect, it } from "vitest";
import { accountCtx } from "@/server/domain/accountContext";
import { CLOCK_MOVE_ACTION } from "@/server/domain/billing/clockMove";
import { processAccountDue } from "@/server/domain/billing/timeOrder";
import { loadContractPage } from "@/server/domain/contractPage/sections";
import { TABLE_PAGE_SIZE as SIZE } from "@/server/domain/list";
import { consoleAs } from "@/tests/audit/_console";
import { db, get, post, seed } from "@/tests/helpers";

const DAY = 86_400_000;
let A = 0;
let admin = "";
let ids: Record<string, number>;
let weekly = 0;
let start: Date;
let runsBefore = 0;
const steps: Awaited<ReturnType<Awaited<ReturnType<typeof consoleAs>>["billing"]["advanceClock"]>>[] = [];
let workerRuns = 0;

const apiRunCount = async (query = "") => {
  const r = await get(`/v2/billing-runs/?page_size=1${query}`);
  expect(r.status).toBe(200);
  return r.body.count as number;
};

beforeAll(async () => {
  const s = await seed();
  A = s.accountId;
  admin = s.admin.email;
  ids = s.ids;
  start = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);
  await db().account.update({ where: { id: A }, data: { mode: "test", testClockAt: start } });
  const made = await post("/v2/subscription-contracts/", {
    customer_reference: "cust-1001",
    items: [{ price: ids.coachingWeekly }],
  });
  expect(made.status).toBe(201);
  weekly = made.body.id;
  await post("/v2/subscription-contracts/", { customer_reference: "cust-1001", items: [{ price: ids.basicMonthly }] });
  // everything due by the start is billed first, so the move's runs are the year's alone
  await processAccountDue(await accountCtx(db(), A));
  runsBefore = await apiRunCount();

  const caller = await consoleAs(admin);
  const target = start.getTime() + 365 * DAY;
  const step = Math.ceil((target - start.getTime()) / 60);
  const move = "year-move-0001";
  for (let t = start.getTime() + step, i = 0; ; t = Math.min(target, t + step), i++) {
    const to = new Date(t);
    if (i % 7 === 3) {
      // the worker sees the clock move and bills first; the step then finds nothing left to bill
      await db().account.update({ where: { id: A }, data: { testClockAt: to } });
      workerRuns += (await processAccountDue(await accountCtx(db(), A))).runsCreated;
    }
    steps.push(await caller.billing.advanceClock({ to: to.toISOString(), move }));
    if (t >= target) break;
  }
}, 300_000);

describe("a test-clock move of a year", () => {
  it("is one audit entry with where the clock was and where it is now", async () => {
    const entries = await db().auditLog.findMany({ where: { accountId: A, action: CLOCK_MOVE_ACTION } });
    expect(entries).toHaveLength(1);
    const last = steps.at(-1)!;
    expect(entries[0]).toMatchObject({
      actorType: "user",
      actorLabel: admin,
      targetType: "test-clock",
      beforeId: start.toISOString(),
      afterId: last.test_clock_at,
    });
    expect(entries[0].details).toMatchObject({
      from: start.toISOString(),
      to: last.test_clock_at,
      steps: steps.length,
      runs_created: last.move.runs_created,
    });
    expect(new Date(last.test_clock_at).getTime()).toBe(start.getTime() + 365 * DAY);
  });

  it("counts the runs created as the API lists them, the worker's included", async () => {
    const created = (await apiRunCount()) - runsBefore;
    expect(created).toBeGreaterThan(60);
    expect(workerRuns).toBeGreaterThan(0);
    expect(steps.at(-1)!.move.runs_created).toBe(created);
    // the steps' own summaries miss what the worker billed
    expect(steps.reduce((n, s) => n + s.processed.runsCreated, 0)).toBe(created - workerRuns);
    // the count grows step by step
    const counts = steps.map((s) => s.move.runs_created);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  });

  it("records each separate move (and a step without a move id) as its own entry", async () => {
    const caller = await consoleAs(admin);
    const at = new Date(new Date(steps.at(-1)!.test_clock_at).getTime() + DAY);
    await caller.billing.advanceClock({ to: at.toISOString() });
    await caller.billing.advanceClock({ to: new Date(at.getTime() + DAY).toISOString(), move: "another-move-1" });
    await caller.billing.advanceClock({ to: new Date(at.getTime() + 2 * DAY).toISOString(), move: "another-move-1" });
    const entries = await db().auditLog.findMany({
      where: { accountId: A, action: CLOCK_MOVE_ACTION },
      orderBy: { id: "asc" },
    });
    expect(entries).toHaveLength(3);
    expect(entries[2].details).toMatchObject({ from: at.toISOString(), steps: 2 });
  });
});

describe("the detail pages' tables after a year", () => {
  it("pages the contract's runs and timeline: totals as the API's, newest first, each page its own rows", async () => {
    const ctx = await accountCtx(db(), A);
    const total = await apiRunCount(`&contract=${weekly}`);
    expect(total).toBeGreaterThan(45);
    const pages = Math.ceil(total / SIZE);
    const seen: number[] = [];
    const scheduled: string[] = [];
    for (let n = 1; n <= pages; n++) {
      const page = await loadContractPage(ctx, weekly, { runs: n, events: n });
      expect(page.activity.runs).toMatchObject({ count: total, page: { number: n, size: SIZE } });
      expect(page.activity.runs.results.length).toBe(n < pages ? SIZE : total - SIZE * (pages - 1));
      seen.push(...page.activity.runs.results.map((r) => r.id));
      scheduled.push(...page.activity.runs.results.map((r) => r.period_start_at));
    }
    expect(new Set(seen).size).toBe(total);
    expect([...scheduled].sort().reverse()).toEqual(scheduled);
    // a page past the end shows the last page
    const past = await loadContractPage(ctx, weekly, { runs: pages + 5 });
    expect(past.activity.runs.page?.number).toBe(pages);
    expect(past.activity.runs.results.map((r) => r.id)).toEqual(seen.slice(SIZE * (pages - 1)));

    // the timeline: every event and audited change about the contract, newest first, a page at a time
    const first = await loadContractPage(ctx, weekly, { events: 1 });
    const events = first.activity.events;
    const outbox = await db().$queryRaw<{ n: number }[]>`
      select count(*)::int as n from outbox_events where account_id = ${A}
        and ((type like 'subscription_contract.%' and payload->'data'->>'id' = ${String(weekly)}) or payload->'data'->>'contract_id' = ${String(weekly)})`;
    const audited = await db().auditLog.count({ where: { accountId: A, targetId: String(weekly) } });
    expect(events.count).toBe(outbox[0].n + audited);
    expect(events.count).toBeGreaterThan(40);
    expect(events.results).toHaveLength(SIZE);
    const second = (await loadContractPage(ctx, weekly, { events: 2 })).activity.events.results;
    const times = [...events.results, ...second].map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set([...events.results, ...second].map((e) => e.id)).size).toBe(2 * SIZE);
  });

  it("pages the customer's runs, contracts and activity with the API's totals", async () => {
    const caller = await consoleAs(admin);
    const total = await apiRunCount("&customer_reference=cust-1001");
    const runs1 = await caller.customers.runs({ reference: "cust-1001" });
    const runs2 = await caller.customers.runs({ reference: "cust-1001", page: 2 });
    expect(runs1.count).toBe(total);
    expect(runs1.results).toHaveLength(SIZE);
    expect(runs2.page).toEqual({ number: 2, size: SIZE, clamp: true });
    const both = [...runs1.results, ...runs2.results];
    expect(new Set(both.map((r) => r.id)).size).toBe(2 * SIZE);
    const created = both.map((r) => r.scheduled_at);
    expect([...created].sort().reverse()).toEqual(created);

    const contracts = await caller.customers.contracts({ reference: "cust-1001" });
    const apiContracts = await get("/v2/subscription-contracts/?page_size=1&customer_reference=cust-1001");
    expect(contracts.count).toBe(apiContracts.body.count);
    expect(contracts.results.length).toBe(Math.min(SIZE, contracts.count));

    const activity = await caller.customers.activity({ reference: "cust-1001", page: 2 });
    expect(activity.count).toBeGreaterThan(40);
    expect(activity.results).toHaveLength(SIZE);
    const far = await caller.customers.activity({ reference: "cust-1001", page: 99_999 });
    expect(far.page?.number).toBe(Math.ceil(activity.count / SIZE));
  });
});
