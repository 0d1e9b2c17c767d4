// What a contract's next regular run bills, for aggregates over many contracts (the dashboard's renewals,
// the contract list's column) where running the billing planner per contract would not scale. It follows
// the pricing engine's line rule (unit × quantity × (1 − discount), rounded to four places; exclusive tax
// on top, rounded) for full periods of the items due at next_billing_at, plus waiting pending lines. It
// does not prorate paused or partial periods: the contract detail shows the planner's exact amount
// (contractPage/detail.ts). Expects the contract aliased `c`.
import { Prisma } from "@/server/generated/prisma/client";

export const renewalAmountSql = Prisma.sql`(
  coalesce((
    select sum(g.line + case when pr.tax_policy = 'exclusive' and tr.percentage is not null then round(g.line * tr.percentage / 100, 4) else 0 end)
    from (
      select ci.price_id, round(coalesce(ci.unit_amount_override, (
          select pv.unit_amount from price_versions pv where pv.price_id = ci.price_id
          order by ((pv.effective_from is null or pv.effective_from <= ci.period_end_at) and (pv.effective_to is null or ci.period_end_at < pv.effective_to)) desc,
                   (pv.effective_from > ci.period_end_at) desc, pv.effective_from asc nulls last limit 1), 0)
        * ci.quantity * (100 - coalesce(ci.discount_percent, 0)) / 100, 4) as line
      from contract_items ci
      where ci.contract_id = c.id and ci.status = 'active' and ci.period_end_at <= c.next_billing_at and (ci.end_at is null or ci.end_at > ci.period_end_at)
    ) g
    join catalog_prices cp on cp.id = g.price_id join catalog_products pr on pr.id = cp.product_id left join tax_rates tr on tr.id = pr.tax_rate_id
  ), 0)
  + coalesce((select sum(pl.subtotal + pl.tax) from pending_lines pl where pl.contract_id = c.id and pl.billing_run_id is null), 0)
)`;
