// The one SQL source of every analytics figure (docs/decisions.md "Revenue analytics"): each customer's MRR
// per currency at the end of every month in which it changed, read from mrr_spans (the live intervals of MRR
// the triggers keep, server/domain/dashboard/mrr.ts) instead of contracts, items and pauses.
//
// A span is cut where the price version in effect changes (a new version moves a customer's MRR) and starts
// no earlier than the contract's trial end (a trial is not MRR). Each piece adds its monthly value where it
// starts and takes it back where it ends; summed per customer, currency and month (in the account's zone),
// then accumulated in month order, that is the customer's MRR at the end of each month with a change. It is
// rounded half-up to four places per customer, so opening + movements = closing holds to the last digit.
// Changes after the account's "now" (a future item end, a scheduled pause) have not happened yet. The
// stored instants are UTC timestamps without a zone, hence the double "at time zone".
import { Prisma } from "@/server/generated/prisma/client";

export interface CustomerMonthsScope {
  accountId: number;
  zone: string;
  now: Date;
  currency?: string;
}

/**
 * CTEs ending in `cm (customer_id, currency, month, contract_ids, o, c, kind, cohort)`: o and c the
 * customer's rounded MRR at the start and the end of the month (text 'YYYY-MM'), kind its movement (null
 * when the rounded MRR did not move), cohort the month of its first new movement in that currency.
 */
export function customerMonthsCte(scope: CustomerMonthsScope): Prisma.Sql {
  const currency = scope.currency ? Prisma.sql`and s.currency = ${scope.currency}` : Prisma.empty;
  return Prisma.sql`
    factor as (
      select cp.id as price_id,
        case
          when cp.recurrence_type = 'billing_schedule' then
            (select coalesce(sum(case when r.month is null then 12 else 1 end), 0) from billing_schedule_rules r where r.schedule_id = cp.billing_schedule_id)::numeric / 12
          when cp.interval = 'day' then 365::numeric / (12 * coalesce(cp.interval_count, 1))
          when cp.interval = 'week' then 52::numeric / (12 * coalesce(cp.interval_count, 1))
          when cp.interval = 'year' then 1::numeric / (12 * coalesce(cp.interval_count, 1))
          else 1::numeric / coalesce(cp.interval_count, 1)
        end
        * case when pr.tax_policy = 'inclusive' and tr.percentage is not null then 100 / (100 + tr.percentage) else 1 end as k
      from catalog_prices cp
      join catalog_products pr on pr.id = cp.product_id
      left join tax_rates tr on tr.id = pr.tax_rate_id
      where cp.account_id = ${scope.accountId} and cp.billing_type = 'recurring'
    ),
    piece as (
      select c.customer_id, s.contract_id, s.currency,
        greatest(s.live_from, c.trial_end_at, v.effective_from) as f,
        least(s.live_to, v.effective_to) as t,
        s.weight * coalesce(s.override, v.unit_amount, 0) * fa.k as value
      from mrr_spans s
      join subscription_contracts c on c.id = s.contract_id
      join factor fa on fa.price_id = s.price_id
      left join price_versions v on s.override is null and v.price_id = s.price_id
        and (v.effective_from is null or v.effective_from < s.live_to)
        and (v.effective_to is null or v.effective_to > s.live_from)
      where s.account_id = ${scope.accountId} ${currency}
    ),
    ev as (
      select customer_id, currency, contract_id, f as at, value from piece where f < t and f <= (${scope.now.toISOString()}::timestamptz at time zone 'UTC')
      union all
      select customer_id, currency, contract_id, t, -value from piece where f < t and t <= (${scope.now.toISOString()}::timestamptz at time zone 'UTC')
    ),
    monthly as (
      select customer_id, currency, to_char((at at time zone 'UTC') at time zone ${scope.zone}, 'YYYY-MM') as month,
        sum(value) as d, array_agg(distinct contract_id order by contract_id) as contract_ids
      from ev group by 1, 2, 3
    ),
    running as (
      select customer_id, currency, month, contract_ids,
        round(sum(d) over w - d, 4) as o, round(sum(d) over w, 4) as c
      from monthly window w as (partition by customer_id, currency order by month)
    ),
    flagged as (
      select *, coalesce(bool_or(c > 0) over (partition by customer_id, currency order by month
        rows between unbounded preceding and 1 preceding), false) as paid_before
      from running
    ),
    kinded as (
      select customer_id, currency, month, contract_ids, o, c,
        case
          when o = 0 and c > 0 then case when paid_before then 'reactivation' else 'new' end
          when o > 0 and c = 0 then 'churn'
          when c > o then 'expansion'
          when c < o then 'contraction'
        end as kind
      from flagged
    ),
    cm as (
      select *, min(month) filter (where kind = 'new') over (partition by customer_id, currency) as cohort from kinded
    )`;
}

export const MOVEMENT_KINDS = ["new", "expansion", "contraction", "churn", "reactivation"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
