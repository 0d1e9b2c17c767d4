// MRR history from month deltas (migration 20261124013000_mrr_month_deltas): mrrAt reads the spans live at a
// month's start from mrr_month_deltas and the moves within the month from mrr_spans. Checked against the
// plain rule on the spans (live_from <= t < live_to, summed per price) at month ends, month starts, span
// boundaries and instants inside months, after every kind of change, and after the deltas are folded.
import { beforeAll, describe, expect, it } from "vitest";
import { mrrAt } from "@/server/domain/dashboard/mrr";
import { ctxFor, db } from "@/tests/helpers";
import { NOW, type Portfolio, seedPortfolio } from "./_portfolio";

let p: Portfolio;
beforeAll(async () => {
  p = await seedPortfolio();
});

/** MRR at one instant by the plain rule over every span (the query mrr.ts ran before the month deltas). */
async function mrrFromSpans(accountId: number, at: Date) {
  const rows = await db().$queryRaw<{ currency: string; mrr: string }[]>`
    with live as (
      select price_id, currency, override, sum(weight) as w from mrr_spans
      where account_id = ${accountId} and live_from <= ${at} and live_to > ${at} group by 1, 2, 3 having sum(weight) <> 0
    )
    select l.currency, sum(coalesce(l.override, v.unit_amount, 0) * l.w * f.per_month * f.net)::text as mrr
    from live l
    join catalog_prices cp on cp.id = l.price_id and cp.billing_type = 'recurring'
    join catalog_products pr on pr.id = cp.product_id
    left join tax_rates tr on tr.id = pr.tax_rate_id
    cross join lateral (select
      case
        when cp.recurrence_type = 'billing_schedule' then
          (select coalesce(sum(case when r.month is null then 12 else 1 end), 0) from billing_schedule_rules r where r.schedule_id = cp.billing_schedule_id)::numeric / 12
        when cp.interval = 'day' then 365::numeric / (12 * coalesce(cp.interval_count, 1))
        when cp.interval = 'week' then 52::numeric / (12 * coalesce(cp.interval_count, 1))
        when cp.interval = 'year' then 1::numeric / (12 * coalesce(cp.interval_count, 1))
        else 1::numeric / coalesce(cp.interval_count, 1)
      end as per_month,
      case when pr.tax_policy = 'inclusive' and tr.percentage is not null then 100 / (100 + tr.percentage) else 1 end as net
    ) f
    left join lateral (
      select pv.unit_amount from price_versions pv where pv.price_id = l.price_id
      order by ((pv.effective_from is null or pv.effective_from <= ${at}) and (pv.effective_to is null or ${at} < pv.effective_to)) desc,
               (pv.effective_from > ${at}) desc, pv.effective_from asc nulls last
      limit 1
    ) v on true
    group by 1 order by 1`;
  return rows.map((r) => ({ currency: r.currency, mrr: Number(r.mrr).toFixed(6) }));
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
