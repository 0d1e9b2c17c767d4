// A worker that dies mid-way (SIGKILL) must not lose or double-bill anything: after it is killed while
// billing 300 contracts with a 6-month test-clock jump, another pass (runDueNow) bills every period exactly
// once with no gaps and no second charge, and runs the dead worker left in `processing` are taken over
// once their 120 s lease has expired (simulated by moving processing_since into the past).
import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/clock";
import { buildDueRun } from "@/server/domain/billing/build";
import { claimRun } from "@/server/domain/billing/execute";
import { runDueNow } from "@/server/worker/billing";
import { ctxFor, db } from "@/tests/helpers";
import { startWorker, type Worker } from "./_workers";
import { at, newWorld, ok, utc, type World } from "./_world";

const T0 = "2026-01-10T00:00:00.000Z";
const BASE = "2000-01-01T00:00:00.000Z";
// 60 contracts × 6 months = 360 runs by default (≈ 20–30 s of per-contract billing); CRASH_CONTRACTS=300
// for the full-size run (minutes)
const CONTRACTS = Number(process.env.CRASH_CONTRACTS ?? 60);
const MONTHS = Number(process.env.CRASH_MONTHS ?? 6); // clock moved to Jul 10: runs Feb 10 … Jul 10

const kids: Worker[] = [];
/** Runs the killed worker left in `processing` (first test), checked again by the second one. */
let leftByKill: number[] = [];
afterAll(() => {
  for (const k of kids) k.kill("SIGKILL");
});

async function contracts(w: World, n: number, ref = "cust-1001") {
  at(T0);
  const ids: number[] = [];
  try {
    for (let i = 0; i < n; i += 4) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(4, n - i) }, () =>
          w.post("/v2/subscription-contracts/", { customer_reference: ref, items: [{ price: w.ids.basicMonthly }] }),
        ),
      );
      for (const r of batch) ids.push(ok(r, 201).id);
    }
  } finally {
    at(null);
  }
  return ids;
}

const sandboxTxn = (runId: number, attemptNo: number) =>
  `txn_${createHash("sha256").update(`run_${runId}_attempt_${attemptNo}`).digest("hex").slice(0, 20)}`;
/** Moves the account's test clock (what is due follows it; the workers' own clock stays at BASE). */
const setTestClock = (w: World, iso: string) =>
  db().account.update({ where: { id: w.accountId }, data: { testClockAt: new Date(iso) } });

/**
 * A run a worker claimed (state processing) and then died holding: with `attemptWritten`, after it wrote
 * attempt 1 and before the charge's outcome; without, before any attempt row.
 */
async function runClaimedByDeadWorker(attemptWritten: boolean) {
  const w = await newWorld();
  const [id] = await contracts(w, 1);
  const due = "2026-02-10T00:00:00.000Z";
  await setTestClock(w, due);
  const ctx = ctxFor(w.accountId, due);
  const runId = (await buildDueRun(ctx, id))!;
  expect(await claimRun(ctx, runId)).toBe(true);
  if (attemptWritten)
    await db().billingAttempt.create({
      data: { runId, attemptNo: 1, state: "processing", amount: "12.2760", createdAt: new Date(due) },
    });
  return { w, runId };
}

/** What a lease expiry looks like: the dead worker's claim is older than 120 s. */
const expireLeases = (accountId: number) =>
  db()
    .$executeRaw`update billing_runs set processing_since = now() - interval '10 minutes' where account_id = ${accountId} and state = 'processing'`;

describe("a worker killed mid-way", () => {
  it(`SIGKILL while billing ${CONTRACTS} contracts × ${MONTHS} months, then runDueNow: every period billed exactly once, no gaps, no double charge`, async () => {
    const w = await newWorld();
    const ids = await contracts(w, CONTRACTS);
    await setTestClock(w, utc(2026, MONTHS + 1, 10));
    const expected = CONTRACTS * MONTHS;

    const worker = startWorker(BASE);
    kids.push(worker);
    await worker.started;
    const t0 = Date.now();
    // kill ~1 s into the work, once it has built 5 % of the runs (earlier if it has already built a third)
    for (;;) {
      await new Promise((r) => setTimeout(r, 25));
      if (worker.child.exitCode !== null) break;
      const built = await db().billingRun.count({ where: { accountId: w.accountId } });
      if ((Date.now() - t0 >= 1000 && built >= expected / 20) || built >= expected / 3 || Date.now() - t0 > 30_000)
        break;
    }
    worker.kill("SIGKILL");
    const exit = await worker.done;
    expect(exit.signal, `the worker finished before it could be killed: ${JSON.stringify(exit.summary)}`).toBe(
      "SIGKILL",
    );

    const states = await db().billingRun.groupBy({ by: ["state"], where: { accountId: w.accountId }, _count: true });
    const atKill = Object.fromEntries(states.map((s) => [s.state, s._count]));
    const leftProcessing = await db().billingRun.findMany({
      where: { accountId: w.accountId, state: "processing" },
      select: { id: true },
    });
    console.log(`killed after ${Date.now() - t0} ms; runs by state at the kill: ${JSON.stringify(atKill)}`);
    const builtAtKill = Object.values(atKill).reduce((a, b) => a + b, 0);
    expect(builtAtKill).toBeGreaterThan(0);
    expect(builtAtKill).toBeLessThan(expected);

    await expireLeases(w.accountId);
    const t1 = Date.now();
    const summary = await runDueNow(db(), fixedClock(BASE));
    console.log(`recovery runDueNow: ${Date.now() - t1} ms, ${JSON.stringify(summary)}`);
    expect(summary.runsCreated).toBe(expected - builtAtKill);

    const runs = await db().billingRun.findMany({
      where: { accountId: w.accountId },
      include: { attempts: { orderBy: { attemptNo: "asc" } } },
      orderBy: { id: "asc" },
    });
    // exactly one run per (contract, period_key), all of them there
    const keys = runs.map((r) => `${r.contractId}|${r.periodKey}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(runs.length).toBe(expected);
    const starts = Array.from({ length: MONTHS }, (_, k) => utc(2026, k + 2, 10));
    const byContract = new Map<number, typeof runs>();
    for (const r of runs) byContract.set(r.contractId, [...(byContract.get(r.contractId) ?? []), r]);
    const processingIds = new Set(leftProcessing.map((r) => r.id));
    leftByKill = [...processingIds];
    for (const id of ids) {
      const rs = (byContract.get(id) ?? []).sort((a, b) => +a.periodStartAt - +b.periodStartAt);
      // no gaps: Feb 10 … Jul 10, each ending where the next begins
      expect(
        rs.map((r) => r.periodStartAt.toISOString()),
        `contract ${id}`,
      ).toEqual(starts);
      expect(rs.map((r) => r.periodEndAt.toISOString())).toEqual([...starts.slice(1), utc(2026, MONTHS + 2, 10)]);
      for (const r of rs) {
        // runs the dead worker held in `processing` are checked by the next test (deterministically)
        if (processingIds.has(r.id)) continue;
        // charged once: one succeeded attempt (attempt 1, the sandbox transaction of its idempotency key)
        expect([r.state, r.attemptCount, r.total.toFixed(4)], `run ${r.id}`).toEqual(["succeeded", 1, "12.2760"]);
        expect(r.attempts.map((a) => [a.attemptNo, a.state, a.transactionId])).toEqual([
          [1, "succeeded", sandboxTxn(r.id, 1)],
        ]);
      }
    }
    const still = await db().billingRun.count({ where: { id: { in: [...processingIds] }, state: "processing" } });
    console.log(
      `runs the dead worker left in processing: ${processingIds.size}; still processing after the recovery pass: ${still}`,
    );
    const cs = await db().subscriptionContract.findMany({
      where: { id: { in: ids } },
      select: { nextBillingAt: true, billingAttentionRequired: true },
    });
    expect(
      cs.every((c) => c.nextBillingAt?.toISOString() === utc(2026, MONTHS + 2, 10) && !c.billingAttentionRequired),
    ).toBe(true);
    // one created event per run, whoever built it
    expect(await db().outboxEvent.count({ where: { accountId: w.accountId, type: "billing_run.created" } })).toBe(
      expected,
    );
    // and nothing is due any more
    expect((await runDueNow(db(), fixedClock(BASE))).runsCreated).toBe(0);
  }, 300_000);

  // runs a dead worker left in `processing` are taken over once their lease expires (same attempt row, same idempotency key)
  it("the runs the killed worker left in processing were finished by the recovery pass (once charged each)", async (ctx) => {
    if (!leftByKill.length) ctx.skip();
    const rs = await db().billingRun.findMany({ where: { id: { in: leftByKill } }, include: { attempts: true } });
    expect(rs.map((r) => [r.id, r.state, r.attemptCount, r.attempts.length])).toEqual(
      rs.map((r) => [r.id, "succeeded", 1, 1]),
    );
  });

  it("a run whose worker died holding it (processing) is left alone while the lease runs", async () => {
    const { runId } = await runClaimedByDeadWorker(true);
    await runDueNow(db(), fixedClock(BASE));
    const r = await db().billingRun.findUniqueOrThrow({ where: { id: runId }, include: { attempts: true } });
    expect([r.state, r.attempts.length]).toEqual(["processing", 1]);
  });

  // every change a run makes to its contract is stamped with the account clock, not the wall clock
  it("once the lease has expired, the next pass finishes that run with the same attempt (same idempotency key, charged once)", async () => {
    const { w, runId } = await runClaimedByDeadWorker(true);
    await expireLeases(w.accountId);
    await runDueNow(db(), fixedClock(BASE));
    const r = await db().billingRun.findUniqueOrThrow({ where: { id: runId }, include: { attempts: true } });
    expect([r.state, r.attemptCount]).toEqual(["succeeded", 1]);
    expect(r.attempts.map((a) => [a.attemptNo, a.state, a.transactionId])).toEqual([
      [1, "succeeded", sandboxTxn(runId, 1)],
    ]);
  });

  // runs a dead worker left in `processing` are taken over once their lease expires (same attempt row, same idempotency key)
  it("a run claimed by a dead worker before any attempt row is charged once the lease has expired", async () => {
    const { w, runId } = await runClaimedByDeadWorker(false);
    await expireLeases(w.accountId);
    await runDueNow(db(), fixedClock(BASE));
    const r = await db().billingRun.findUniqueOrThrow({ where: { id: runId }, include: { attempts: true } });
    expect([r.state, r.attemptCount, r.attempts.length]).toEqual(["succeeded", 1, 1]);
  });
});
