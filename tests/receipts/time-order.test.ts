// Receipts on a test-clock account: every date of a run, its attempts, payments and
// receipt is the account's clock (the instant the run came due), never the wall clock, and receipt numbers
// follow the issue instants across the account's contracts, also when one advance covers several due
// dates and when worker passes (the set-based bulk path) bill the same account at the same time.
// Expected values by hand: monthly contracts renew on their creation day; Alice's card pays, Bob's declines
// (no receipt); so the receipts are each paying contract's renewal dates, merged in time order.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/clock";
import { newPrismaClient } from "@/server/db";
import type { PrismaClient } from "@/server/generated/prisma/client";
import { billChunk, dueChunks, runDueNow } from "@/server/worker/billing";
import { advance, at, createContract, newWorld, ok, runDetail, runsOf, type World } from "@/tests/billing/_world";
import { db } from "@/tests/helpers";

afterEach(() => at(null));
const clients: PrismaClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.$disconnect();
});

/** Base clock of worker passes: far in the past, so the account's test clock alone decides what is due. */
const BASE = "2000-01-01T00:00:00.000Z";
const day = (month: number, d: number) => new Date(Date.UTC(2026, month - 1, d)).toISOString();

/** Monthly contracts created on the given January days, in this order (ids follow it). */
async function contractsOn(w: World, days: { day: number; customer: string }[]) {
  const ids: number[] = [];
  for (const c of days) {
    // no test clock yet: the request clock may go back, so a later contract can start earlier
    at(day(1, c.day));
    ids.push((await createContract(w, { customer_reference: c.customer, items: [{ price: w.ids.basicMonthly }] })).id);
  }
  return ids;
}

/** Every receipt of the account, by number, with its contract and dates. */
async function receipts(w: World) {
  const runs = await db().billingRun.findMany({
    where: { accountId: w.accountId, receiptNumber: { not: null } },
    orderBy: { receiptNumber: "asc" },
  });
  return Promise.all(
    runs.map(async (r) => {
      const doc = ok(await w.get(`/v2/billing-runs/${r.id}/receipt/`));
      return { run: r.id, contract: r.contractId, number: doc.receipt_number, issued: doc.issued_at, doc };
    }),
  );
}

/** The account's clock on everything a paid run shows: the instant it came due. */
async function expectDatesOnAccountClock(w: World, runId: number, due: string) {
  const run = await runDetail(w, runId);
  expect(run.scheduled_at, `run ${runId}`).toBe(due);
  expect([run.created_at, run.updated_at], `run ${runId}`).toEqual([due, due]);
  expect(
    run.attempts.map((a: any) => a.created_at),
    `run ${runId}`,
  ).toEqual([due]);
  expect(
    run.transactions.map((t: any) => t.created_at),
    `run ${runId}`,
  ).toEqual([due]);
  const receipt = ok(await w.get(`/v2/billing-runs/${runId}/receipt/`));
  expect(receipt.issued_at, `receipt of run ${runId}`).toBe(due);
  expect(
    receipt.payments.map((p: any) => p.paid_at),
    `receipt of run ${runId}`,
  ).toEqual([due]);
}

describe("one test-clock advance over several due dates", () => {
  it("numbers the receipts in time order across contracts, each dated on the account's clock", async () => {
    const w = await newWorld();
    // the first contract renews on the 20th, the second on the 10th, the third (declining card) on the 10th too
    const [late, early, declining] = await contractsOn(w, [
      { day: 20, customer: "cust-1001" },
      { day: 10, customer: "cust-1001" },
      { day: 10, customer: "cust-1002" },
    ]);
    at(day(1, 10));
    await advance(w, day(4, 25));
    const got = await receipts(w);
    const expected: [number, string][] = [
      [early, day(2, 10)],
      [late, day(2, 20)],
      [early, day(3, 10)],
      [late, day(3, 20)],
      [early, day(4, 10)],
      [late, day(4, 20)],
    ];
    expect(got.map((r) => [r.contract, r.issued])).toEqual(expected);
    expect(got.map((r) => r.number)).toEqual(["R-000001", "R-000002", "R-000003", "R-000004", "R-000005", "R-000006"]);
    for (const r of got) await expectDatesOnAccountClock(w, r.run, r.issued);
    // the declining card's runs failed: no receipt, and they took no number
    expect((await runsOf(w, declining)).every((r) => r.state !== "succeeded")).toBe(true);
  }, 120_000);
});

describe("worker passes and an advance racing on one account", () => {
  it("the set-based path dates runs, payments and receipts on the account's clock and numbers them in time order", async () => {
    const w = await newWorld();
    const anchors = [25, 12, 20, 10, 15, 28];
    const ids = await contractsOn(
      w,
      anchors.map((d, k) => ({ day: d, customer: k === 2 ? "cust-1002" : "cust-1001" })),
    );
    at(null);
    // the clock moved three months ahead (as an advance's first statement does); workers find it due
    await db().account.update({ where: { id: w.accountId }, data: { testClockAt: new Date(day(4, 29)) } });
    const base = fixedClock(BASE);
    const chunks = (await dueChunks(db(), 2, base)).filter((c) => c.accountId === w.accountId);
    expect(chunks.flatMap((c) => c.ids).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const client = () => {
      const c = newPrismaClient(process.env.DATABASE_URL!, 3);
      clients.push(c);
      return c;
    };
    const chunkWorker = async (c: PrismaClient, list: typeof chunks) => {
      for (const chunk of list) await billChunk(c as never, chunk, base);
    };
    // the REST advance to the same instant (its own pass over the account) races them, as with a running worker
    at(day(1, 10));
    await Promise.all([
      advance(w, day(4, 29)),
      chunkWorker(client(), chunks),
      chunkWorker(client(), [...chunks].reverse()),
      runDueNow(client() as never, base),
    ]);
    const paying = anchors.map((d, k) => ({ id: ids[k], d })).filter((_, k) => k !== 2);
    const expected = [2, 3, 4]
      .flatMap((month) => paying.map((c) => [c.id, day(month, c.d)] as [number, string]))
      .sort((a, b) => a[1].localeCompare(b[1]));
    const got = await receipts(w);
    expect(got.map((r) => [r.contract, r.issued])).toEqual(expected);
    expect(got.map((r) => r.number)).toEqual(expected.map((_, k) => `R-${String(k + 1).padStart(6, "0")}`));
    for (const r of got) await expectDatesOnAccountClock(w, r.run, r.issued);
  }, 180_000);
});
