// MRR (docs/decisions.md "Seller admin console data"): per currency, the recurring amounts of live
// contract items normalised to a month, discounts applied, tax excluded, at given instants. Each item of a
// live contract (and each pause overlapping it, negatively) is a live interval, a row of mrr_spans, which
// triggers keep (mrr_spans_refresh: the rule of which item counts when lives there). The spans live at a
// month's start are the sum of the earlier months' rows of mrr_month_deltas (a span's weight added in the
// month it starts, taken back in the month it ends); an instant inside a month adds the spans that started
// and takes back those that ended in that month up to it. Only the few per-price sums meet the price
// versions in effect at each instant.
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { Prisma } from "@/server/generated/prisma/client";

export interface MrrPoint {
  at: Date;
  currency: string;
  mrr: Decimal;
}

/** MRR per currency at each of `instants` (ascending). One row per instant and currency with a non-zero figure. */
export async function mrrAt(ctx: Ctx, instants: Date[]): Promise<MrrPoint[]> {
  const pts = instants.map((d) => d.toISOString());
  await compactWhenLong(ctx);
  const live = Prisma.sql`
    pts as (
      -- m: the first instant of the instant's month, or of the next month for a month's last millisecond
      select i::int as idx, t, t at time zone 'UTC' as tu, date_trunc('month', (t at time zone 'UTC') + interval '1 millisecond') as m
      from unnest(${pts}::timestamptz[]) with ordinality as u(t, i)
    ),
    moves as (
      -- the spans live at m: the deltas of the months before it
      select p.idx, p.t, d.price_id, d.currency, d.override, d.weight as w
      from pts p join mrr_month_deltas d on d.account_id = ${ctx.accountId} and d.month < p.m
      union all
      -- from m to the instant: the spans that started, and (negatively) those that ended
      select p.idx, p.t, s.price_id, s.currency, s.override, s.weight
      from pts p join mrr_spans s on s.account_id = ${ctx.accountId} and s.live_from >= p.m and s.live_from <= p.tu
      union all
      select p.idx, p.t, s.price_id, s.currency, s.override, -s.weight
      from pts p join mrr_spans s on s.account_id = ${ctx.accountId} and s.live_to >= p.m and s.live_to <= p.tu
    ),
    live as (select idx, t, price_id, currency, override, sum(w) as w from moves group by 1, 2, 3, 4, 5 having sum(w) <> 0)`;
  return pricedLive(ctx, live, instants);
}

/**
 * Prices the live weights: `live` defines the CTE `live (idx, t, price_id, currency, override, w)`, the
 * summed weight per price of the spans live at instant number idx (1-based) of `instants`, at t.
 */
export async function pricedLive(ctx: Ctx, live: Prisma.Sql, instants: Date[]): Promise<MrrPoint[]> {
  const rows = await ctx.db.$queryRaw<{ idx: number; currency: string; mrr: string }[]>`
    with ${live}
    select l.idx, l.currency,
      sum(coalesce(l.override, v.unit_amount, 0) * l.w * f.per_month * f.net)::text as mrr
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
      -- tax-inclusive prices: the tax is carved out (the same as the pricing engine does for a line)
      case when pr.tax_policy = 'inclusive' and tr.percentage is not null then 100 / (100 + tr.percentage) else 1 end as net
    ) f
    left join lateral (
      select pv.unit_amount from price_versions pv where pv.price_id = l.price_id
      order by ((pv.effective_from is null or pv.effective_from <= l.t) and (pv.effective_to is null or l.t < pv.effective_to)) desc,
               (pv.effective_from > l.t) desc, pv.effective_from asc nulls last
      limit 1
    ) v on true
    group by 1, 2 order by 1, 2`;
  return rows.map((r) => ({ at: instants[r.idx - 1], currency: r.currency, mrr: new Decimal(r.mrr) }));
}

/** Delta rows an account may gather before they are folded (a contract change appends up to four). */
const COMPACT_ABOVE = 2_000;

async function compactWhenLong(ctx: Ctx) {
  const [{ rows }] = await ctx.db.$queryRaw<{ rows: number }[]>`
    select count(*)::int as rows from mrr_month_deltas where account_id = ${ctx.accountId}`;
  if (rows > COMPACT_ABOVE) await ctx.db.$executeRaw`select mrr_month_deltas_compact(${ctx.accountId}::int)`;
}
