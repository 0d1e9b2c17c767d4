// MRR (docs/decisions.md "Seller admin console data"): per currency, the recurring amounts of live
// contract items normalised to a month, discounts applied, tax excluded, at given instants. Aggregated
// in SQL in one pass over the account's live intervals: each item of a live contract (and each pause
// overlapping it, negatively) is a row of mrr_spans, which triggers keep (mrr_spans_refresh in migration
// 20261123190000_console_volume: the rule of which item counts when lives there); intervals are bucketed
// against the sorted instants and summed per price, and only those few sums meet the price versions in
// effect at each instant.
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
  // one instant (the current MRR): the spans live then, by a plain range test; several: bucketed once
  const live =
    pts.length === 1
      ? Prisma.sql`
    live as (
      select 1 as idx, ${pts[0]}::timestamptz as t, price_id, currency, override, sum(weight) as w from mrr_spans
      where account_id = ${ctx.accountId} and live_from <= ${pts[0]}::timestamptz and live_to > ${pts[0]}::timestamptz
      group by 3, 4, 5
    )`
      : Prisma.sql`
    pts as (select i::int as idx, t from unnest(${pts}::timestamptz[]) with ordinality as u(t, i)),
    arr as (select array_agg(t order by idx) as ts from pts),
    spans as (
      -- the live intervals of the account's items, and of the pauses over them negatively (kept by triggers)
      select price_id, currency, override, weight as w, live_from, live_to from mrr_spans where account_id = ${ctx.accountId}
    ),
    buckets as (
      -- live at instant i (1-based) ⇔ from_idx < i ≤ to_idx: from_idx = #instants before live_from, to_idx = #instants before live_to
      select price_id, currency, override, sum(w) as w,
             width_bucket(live_from - interval '1 microsecond', (select ts from arr)) as from_idx,
             width_bucket(live_to - interval '1 microsecond', (select ts from arr)) as to_idx
      from spans s
      where live_to > live_from
      group by 1, 2, 3, 5, 6
    ),
    live as (
      select pts.idx, pts.t, b.price_id, b.currency, b.override, sum(b.w) as w
      from buckets b join pts on pts.idx > b.from_idx and pts.idx <= b.to_idx
      group by 1, 2, 3, 4, 5
    )`;
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
