// A contract's service state in SQL (for filtering and sorting whole lists), the same rule as
// contracts/serviceState.ts serviceStateAt: inactive unless live and unpaused; past_due after the grace period
// of an unpaid run; partial when some of the relevant items are not in service. Expects `c` and `${now}`.

import { pastDueGraceStart } from "@/server/domain/contracts/serviceState";
import { Prisma } from "@/server/generated/prisma/client";

export function serviceStateSql(now: Date): Prisma.Sql {
  const itemOn = Prisma.sql`(i.removed_at is null or i.removed_at > ${now}) and (i.start_at is null or i.start_at <= ${now}) and (i.end_at is null or i.end_at > ${now})
    and ${now} < least(i.period_end_at, i.end_at, i.removed_at, c.cancel_at, c.ended_at)`; // least() skips nulls, as itemEntitledUntil does
  const relevant = Prisma.sql`(i.status = 'active' or i.removed_at > ${now})`;
  const grace = pastDueGraceStart(now);
  return Prisma.sql`(case
    when not (${now} >= least(c.trial_start_at, c.billing_anchor_at) and (c.state = 'active' or (c.state = 'canceled' and c.ended_at is not null and ${now} < c.ended_at))) then 'inactive'
    when exists (select 1 from contract_pauses p where p.contract_id = c.id and p.state <> 'canceled' and p.start_at <= ${now} and ${now} < p.end_at) then 'inactive'
    when c.billing_attention_required and c.past_due_since is not null and c.past_due_since <= ${grace} then 'past_due'
    when not exists (select 1 from contract_items i where i.contract_id = c.id and ${relevant} and ${itemOn}) then 'inactive'
    when exists (select 1 from contract_items i where i.contract_id = c.id and ${relevant} and not (${itemOn})) then 'partial'
    else 'active' end)`;
}
