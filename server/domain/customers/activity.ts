// A customer's activity for the console: the outbox events of the customer's contracts and of their
// billing runs, newest first, each with the contract (and run) it is about, so the customer page links to
// them; one page at a time with the total.
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { type ListResult, type PageRequest, pagedList, tablePage } from "@/server/domain/list";
import { Prisma } from "@/server/generated/prisma/client";

export interface CustomerActivityEvent {
  id: string;
  type: string;
  created_at: string;
  contract_id: number | null;
  billing_run_id: number | null;
}

export async function customerActivity(
  ctx: Ctx,
  reference: string,
  page: PageRequest = tablePage(1),
): Promise<ListResult<CustomerActivityEvent>> {
  const customer = await ctx.db.customer.findFirst({
    where: { accountId: ctx.accountId, reference },
    select: { id: true },
  });
  if (!customer) throw notFound();
  const contracts = await ctx.db.subscriptionContract.findMany({
    where: { accountId: ctx.accountId, customerId: customer.id },
    select: { id: true },
  });
  if (!contracts.length) return { results: [], count: 0, page: { ...page, number: 1 } };
  const ids = contracts.map((c) => String(c.id));
  // the same matching as the contract timeline (contractPage/timeline.ts): a contract event names the
  // contract as data.id, a run event as data.contract_id
  const where = Prisma.sql`account_id = ${ctx.accountId}
      and ((type like 'subscription_contract.%' and payload->'data'->>'id' = any(${ids})) or payload->'data'->>'contract_id' = any(${ids}))`;
  const int = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);
  return pagedList(
    page,
    async () => {
      const [{ n }] = await ctx.db.$queryRaw<
        { n: number }[]
      >`select count(*)::int as n from outbox_events where ${where}`;
      return n;
    },
    (window) =>
      ctx.db.$queryRaw<
        { event_id: string; type: string; created_at: Date; contract_id: string | null; run_id: string | null }[]
      >`
        select event_id, type, created_at,
          case when type like 'subscription_contract.%' then payload->'data'->>'id' else payload->'data'->>'contract_id' end as contract_id,
          case when type like 'billing_run.%' then payload->'data'->>'id' end as run_id
        from outbox_events
        where ${where}
        order by id desc offset ${window?.skip ?? 0} limit ${window?.take ?? page.size}`,
    (r) => ({
      id: r.event_id,
      type: r.type,
      created_at: r.created_at.toISOString(),
      contract_id: int(r.contract_id),
      billing_run_id: int(r.run_id),
    }),
  );
}
