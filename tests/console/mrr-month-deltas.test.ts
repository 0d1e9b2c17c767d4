// MRR history from month deltas (migration 20261124013000_mrr_month_deltas): mrrAt reads the spans live at a
// month's start from mrr_month_deltas and the moves within the month from mrr_spans. Checked against the
// plain rule on the spans (live_from <= t < live_to, summed per price) at month ends, month starts, span
// boundaries and instants inside months, after every kind of change, and after the deltas are folded. Both
// sides are priced by the same pricedLive: what is compared is which spans count at each instant.
import { beforeAll, describe, expect, it } from "vitest";
import { mrrAt, pricedLive } from "@/server/domain/dashboard/mrr";
import { Prisma } from "@/server/generated/prisma/client";
import { ctxFor, db } from "@/tests/helpers";
import { NOW, type Portfolio, seedPortfolio } from "./_portfolio";

let p: Portfolio;
beforeAll(async () => {
  p = await seedPortfolio();
});

/** MRR at one instant by the plain rule over every span (live_from <= t < live_to), priced as mrrAt prices. */
async function mrrFromSpans(accountId: number, at: Date) {
  const live = Prisma.sql`
    live as (
      select 1 as idx, ${at}::timestamptz as t, price_id, currency, override, sum(weight) as w from mrr_spans
      where account_id = ${accountId} and live_from <= ${at} and live_to > ${at} group by 3, 4, 5 having sum(weight) <> 0
    )`;
  const points = await pricedLive(ctxFor(accountId, NOW), live, [at]);
  return points.map((x) => ({ currency: x.currency, mrr: x.mrr.toFixed(6) }));
}

/** Month starts and ends of 2025–2026, the spans' own boundaries (and a millisecond either side), and NOW. */
async function probeInstants(accountId: number): Promise<Date[]> {
  const out = new Set<number>([+NOW]);
  for (let m = 0; m < 26; m++) {
    const start = Date.UTC(2025, m, 1);
    out
      .add(start)
      .add(start - 1)
      .add(start + 15 * 86_400_000);
  }
  const spans = await db().mrrSpan.findMany({ where: { accountId }, select: { liveFrom: true, liveTo: true } });
  for (const s of spans)
    for (const t of [+s.liveFrom, +s.liveTo])
      if (Number.isFinite(t) && t < 8.64e15)
        out
          .add(t)
          .add(t - 1)
          .add(t + 1);
  return [...out].sort((a, b) => a - b).map((t) => new Date(t));
}

async function expectSameAsSpans(accountId: number) {
  const instants = await probeInstants(accountId);
  const points = await mrrAt(ctxFor(accountId, NOW), instants);
  for (const at of instants) {
    const fromDeltas = points
      .filter((x) => +x.at === +at)
      .map((x) => ({ currency: x.currency, mrr: x.mrr.toFixed(6) }))
      .filter((x) => Number(x.mrr) !== 0);
    const fromSpans = (await mrrFromSpans(accountId, at)).filter((x) => Number(x.mrr) !== 0);
    expect(fromDeltas, `MRR at ${at.toISOString()}`).toEqual(fromSpans);
  }
  return instants.length;
}

describe("MRR from month deltas", () => {
  it("equals the plain rule on the spans at every probed instant of the seeded portfolio", async () => {
    expect(await expectSameAsSpans(p.accountId)).toBeGreaterThan(80);
  });

  it("stays equal after item, state and pause changes, and after the deltas are folded", async () => {
    const t = db();
    const item = await t.contractItem.findFirstOrThrow({ where: { contractId: p.c.c1 }, orderBy: { id: "asc" } });
    await t.contractItem.update({ where: { id: item.id }, data: { quantity: 3, discountPercent: "12.5" } });
    await t.subscriptionContract.update({
      where: { id: p.c.c2 },
      data: { state: "canceled", canceledAt: new Date("2026-06-05T00:00:00Z") },
    });
    const pause = await t.contractPause.create({
      data: {
        contractId: p.c.c4,
        startAt: new Date("2026-05-01T00:00:00Z"),
        endAt: new Date("2026-06-20T00:00:00Z"),
        state: "active",
      },
    });
    await expectSameAsSpans(p.accountId);
    const before = await t.mrrMonthDelta.count({ where: { accountId: p.accountId } });
    await t.$executeRaw`select mrr_month_deltas_compact(${p.accountId}::int)`;
    const after = await t.mrrMonthDelta.count({ where: { accountId: p.accountId } });
    expect(after, "folding leaves one row per key at most").toBeLessThan(before);
    await expectSameAsSpans(p.accountId);
    await t.contractPause.delete({ where: { id: pause.id } });
    await t.subscriptionContract.delete({ where: { id: p.c.c6 } });
    await expectSameAsSpans(p.accountId);
  });

  it("keeps each account's history its own", async () => {
    const own = await db().mrrMonthDelta.findMany({ where: { accountId: p.otherAccountId } });
    expect(own.length).toBeGreaterThan(0);
    await expectSameAsSpans(p.otherAccountId);
  });
});
