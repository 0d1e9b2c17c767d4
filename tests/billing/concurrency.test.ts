// Exactly-once billing under concurrency: several workers (in this process with their own connection
// pools, and separate child processes running runDueNow) bill the same due set at once. Every contract
// must end with exactly one regular run per period (contract, period_key), no period skipped, one
// processor attempt per claim (the sum of the workers' runsExecuted equals the attempts recorded), one
// billing_run.created event per run, and the dunning schedule of declined cards intact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/clock";
import { newPrismaClient } from "@/server/db";
import type { DueSummary } from "@/server/domain/billing/due";
import type { PrismaClient } from "@/server/generated/prisma/client";
import { billChunk, dueChunks, runDueNow } from "@/server/worker/billing";
import { db } from "@/tests/helpers";
import { startWorker } from "./_workers";
import { at, newWorld, ok, utc, type World } from "./_world";

const T0 = "2026-01-10T00:00:00.000Z";
/** Base clock of the workers: far in the past, so the account's test clock decides what is due. */
const BASE = "2000-01-01T00:00:00.000Z";
const ALICE = 45;
const BOB = 15;

let w: World;
const alice: number[] = [];
const bob: number[] = [];
const clients: PrismaClient[] = [];
const newClient = () => {
  const c = newPrismaClient(process.env.DATABASE_URL!, 3);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  w = await newWorld();
  at(T0);
  const create = (ref: string) =>
    w.post("/v2/subscription-contracts/", { customer_reference: ref, items: [{ price: w.ids.basicMonthly }] });
  // a few at a time: no more concurrent transactions than the test pool's 5 connections
  for (let i = 0; i < ALICE + BOB; i += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, ALICE + BOB - i) }, (_, k) => create(i + k < ALICE ? "cust-1001" : "cust-1002")),
    );
    for (const [k, r] of batch.entries()) (i + k < ALICE ? alice : bob).push(ok(r, 201).id);
  }
  at(null);
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.$disconnect();
});

const setClock = (iso: string) =>
  db().account.update({ where: { id: w.accountId }, data: { testClockAt: new Date(iso) } });
const sum = (xs: DueSummary[], k: keyof DueSummary) => xs.reduce((a, s) => a + s[k], 0);

/**
 * Checks every contract: one regular run per period_key, runs for exactly the monthly periods starting
 * Feb 10 up to and including `lastStart` (contiguous, none skipped), next_billing_at one month later,
 * attempts numbered 1..n with Alice's runs paid at once and Bob's following the dunning schedule.
 * Returns the totals of runs and attempts of the account.
 */
async function checkExactlyOnce(months: number) {
  const runs = await db().billingRun.findMany({
    where: { accountId: w.accountId },
    include: { attempts: { orderBy: { attemptNo: "asc" } } },
    orderBy: { id: "asc" },
  });
  const starts = Array.from({ length: months }, (_, k) => utc(2026, k + 2, 10));
  const byContract = new Map<number, typeof runs>();
  for (const r of runs) byContract.set(r.contractId, [...(byContract.get(r.contractId) ?? []), r]);
  // one run per (contract, period_key)
  const keys = runs.map((r) => `${r.contractId}|${r.periodKey}`);
  expect(new Set(keys).size).toBe(keys.length);
  expect(runs.length).toBe((ALICE + BOB) * months);
  for (const id of [...alice, ...bob]) {
    const rs = (byContract.get(id) ?? []).sort((a, b) => +a.periodStartAt - +b.periodStartAt);
    expect(
      rs.map((r) => r.periodStartAt.toISOString()),
      `contract ${id}`,
    ).toEqual(starts);
    expect(rs.map((r) => r.periodKey)).toEqual(starts.map((s) => `regular:${s}`));
    // contiguous: each period ends where the next begins
    expect(rs.map((r) => r.periodEndAt.toISOString())).toEqual([...starts.slice(1), utc(2026, months + 2, 10)]);
    expect(rs.every((r) => r.total.toFixed(4) === "12.2760")).toBe(true);
    for (const r of rs)
      expect(
        r.attempts.map((a) => a.attemptNo),
        `run ${r.id}`,
      ).toEqual(Array.from({ length: r.attemptCount }, (_, k) => k + 1));
    if (alice.includes(id)) {
      expect(rs.map((r) => [r.state, r.attemptCount])).toEqual(starts.map(() => ["succeeded", 1]));
    } else {
      // declined card: every attempt failed, at most 4 per run, the first one when the run was billed, and
      // the latest run (billed today) has failed once. (When retries happen under concurrency is checked
      // separately: see offSchedule and the BUG test in simulation.test.ts.)
      for (const r of rs) {
        expect(["failed", "exhausted"]).toContain(r.state);
        expect(r.attempts.every((a) => a.state === "failed" && a.failCode === "card_declined")).toBe(true);
        expect(r.attemptCount).toBeLessThanOrEqual(4);
        expect(r.state === "exhausted").toBe(r.attemptCount === 4);
        expect(r.attempts[0].createdAt.toISOString()).toBe(r.periodStartAt.toISOString());
      }
      expect([rs[months - 1].state, rs[months - 1].attemptCount]).toEqual(["failed", 1]);
    }
  }
  const contracts = await db().subscriptionContract.findMany({
    where: { id: { in: [...alice, ...bob] } },
    include: { items: true },
  });
  for (const c of contracts) {
    expect(c.nextBillingAt?.toISOString()).toBe(utc(2026, months + 2, 10));
    expect(c.items[0].periodEndAt?.toISOString()).toBe(utc(2026, months + 2, 10));
  }
  const attempts = runs.reduce((a, r) => a + r.attempts.length, 0);
  // one billing_run.created event per run
  const created = await db().outboxEvent.count({ where: { accountId: w.accountId, type: "billing_run.created" } });
  expect(created).toBe(runs.length);
  // every transaction id is distinct (no charge repeated under another attempt)
  const txns = runs.flatMap((r) => r.attempts.map((a) => a.transactionId));
  expect(new Set(txns).size).toBe(txns.length);
  return { runs: runs.length, attempts };
}

describe("concurrent workers bill each period exactly once", () => {
  it("4 in-process workers at once (2 × runDueNow, 2 × billChunk over the chunks in opposite orders), 3 months due", async () => {
    await setClock("2026-04-10T00:00:00.000Z");
    const base = fixedClock(BASE);
    const chunks = await dueChunks(db(), 15, base);
    expect(chunks.flatMap((c) => c.ids).sort((a, b) => a - b)).toEqual([...alice, ...bob].sort((a, b) => a - b));
    const perChunk = async (client: PrismaClient, list: typeof chunks) => {
      const out: DueSummary = { contracts: 0, runsCreated: 0, runsExecuted: 0, changes: 0 };
      for (const ch of list) {
        const s = await billChunk(client, ch, base);
        for (const k of Object.keys(out) as (keyof DueSummary)[]) out[k] += s[k];
      }
      return out;
    };
    const t = Date.now();
    const summaries = await Promise.all([
      runDueNow(newClient(), base),
      runDueNow(newClient(), base),
      perChunk(newClient(), chunks),
      perChunk(newClient(), [...chunks].reverse()),
    ]);
    const elapsed = Date.now() - t;
    const totals = await checkExactlyOnce(3);
    expect(totals.runs).toBe(180); // 60 contracts × 3 months
    expect(sum(summaries, "runsCreated")).toBe(180);
    expect(sum(summaries, "runsExecuted")).toBe(totals.attempts);
    // the work was shared (not one worker doing everything after the others gave up at once)
    const off1 = await offSchedule();
    console.log(`retries made off their dunning instants: ${off1.length}`, off1.slice(0, 3));
    console.log(
      `4 in-process workers: ${elapsed} ms, runsCreated per worker ${summaries.map((s) => s.runsCreated).join("/")}`,
    );
    // no regular run left to build: a further pass creates none (it may still make retries that concurrency
    // pushed late — see offSchedule — or skip due ones, the nextDueAt bug of simulation.test.ts)
    expect((await runDueNow(db(), base)).runsCreated).toBe(0);
  }, 120_000);

  it("3 worker processes and 1 in-process worker at once, 2 more months due", async () => {
    await setClock("2026-06-10T00:00:00.000Z");
    const before = await checkCounts();
    const t = Date.now();
    const kids = [startWorker(BASE), startWorker(BASE), startWorker(BASE)];
    await Promise.all(kids.map((k) => k.started));
    const [local, ...children] = await Promise.all([
      runDueNow(newClient(), fixedClock(BASE)),
      ...kids.map((k) => k.done),
    ]);
    const elapsed = Date.now() - t;
    for (const c of children) expect(c.code, c.stderr).toBe(0);
    const summaries = [local, ...children.map((c) => c.summary!)];
    const totals = await checkExactlyOnce(5);
    expect(totals.runs).toBe(300); // 60 contracts × 5 months
    expect(sum(summaries, "runsCreated")).toBe(totals.runs - before.runs);
    expect(sum(summaries, "runsExecuted")).toBe(totals.attempts - before.attempts);
    const off2 = await offSchedule();
    console.log(`retries made off their dunning instants: ${off2.length}`, off2.slice(0, 3));
    console.log(
      `3 processes + 1 in-process: ${elapsed} ms, runsCreated per worker ${summaries.map((s) => s.runsCreated).join("/")}`,
    );
  }, 180_000);
});

async function checkCounts() {
  const runs = await db().billingRun.count({ where: { accountId: w.accountId } });
  const attempts = await db().billingAttempt.count({ where: { run: { accountId: w.accountId } } });
  return { runs, attempts };
}

/** Bob's runs whose attempts were not made at the dunning instants (day 10, 11, 14, 19 of the month). */
async function offSchedule() {
  const runs = await db().billingRun.findMany({
    where: { contractId: { in: bob } },
    include: { attempts: { orderBy: { attemptNo: "asc" } } },
    orderBy: { id: "asc" },
  });
  const off: string[] = [];
  for (const r of runs) {
    const d = r.periodStartAt.toISOString().slice(0, 8);
    const expected = [
      `${d}10T00:00:00.000Z`,
      `${d}11T00:00:00.000Z`,
      `${d}14T00:00:00.000Z`,
      `${d}19T00:00:00.000Z`,
    ].slice(0, r.attempts.length);
    const got = r.attempts.map((a) => a.createdAt.toISOString());
    if (JSON.stringify(got) !== JSON.stringify(expected)) off.push(`run ${r.id} (${d}10): ${got.join(", ")}`);
  }
  return off;
}
