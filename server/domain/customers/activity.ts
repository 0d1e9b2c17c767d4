// A customer's activity for the console: the outbox events of the customer's contracts and of their
// billing runs, newest first, each with the contract (and run) it is about, so the customer page links to them.
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";

const ACTIVITY_LIMIT = 200;

export interface CustomerActivityEvent {
  id: string;
  type: string;
  created_at: string;
  contract_id: number | null;
  billing_run_id: number | null;
}

export async function customerActivity(ctx: Ctx, reference: string): Promise<CustomerActivityEvent[]> {
  const customer = await ctx.db.customer.findFirst({
    where: { accountId: ctx.accountId, reference },
    select: { id: true },
  });
  if (!customer) throw notFound();
  const contracts = await ctx.db.subscriptionContract.findMany({
    where: { accountId: ctx.accountId, customerId: customer.id },
    select: { id: true },
  });
  if (!contracts.length) return [];
  const ids = contracts.map((c) => String(c.id));
  // the same matching as the contract timeline (contractPage/detail.ts): a contract event names the
  // contract as data.id, a run event as data.contract_id
  const rows = await ctx.db.$queryRaw<
    { event_id: string; type: string; created_at: Date; contract_id: string | null; run_id: string | null }[]
  >`
    select event_id, type, created_at,
      case when type like 'subscription_contract.%' then payload->'data'->>'id' else payload->'data'->>'contract_id' end as contract_id,
      case when type like 'billing_run.%' then payload->'data'->>'id' end as run_id
    from outbox_events
    where account_id = ${ctx.accountId}
      and ((type like 'subscription_contract.%' and payload->'data'->>'id' = any(${ids})) or payload->'data'->>'contract_id' = any(${ids}))
    order by id desc limit ${ACTIVITY_LIMIT}`;
  const int = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);
  return rows.map((r) => ({
    id: r.event_id,
    type: r.type,
    created_at: r.created_at.toISOString(),
    contract_id: int(r.contract_id),
    billing_run_id: int(r.run_id),
  }));
}
