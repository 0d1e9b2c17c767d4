// A contract's timeline, one page at a time: the outbox events about the contract (the account's clock)
// and the audit trail's changes to it (real time, with the actor: API, console actions, subscriber page),
// merged newest first in SQL so a year of history costs one page, not the whole history.
import type { Ctx } from "@/server/domain/context";
import { type ListResult, type PageRequest, pagedList } from "@/server/domain/list";
import { Prisma } from "@/server/generated/prisma/client";

export interface TimelineEntry {
  id: string;
  type: string;
  created_at: string;
  /** who made the change (audit entries); null for an event */
  actor: string | null;
}

interface Row {
  source: "event" | "audit";
  key: string;
  type: string;
  at: Date;
  actor: string | null;
}

// the audit trail's target types of a contract: REST paths, the console's read router and its actions
const AUDIT_TARGETS = ["subscription-contracts", "contracts", "contractActions"];

/** "POST /v2/subscription-contracts/{contractId}/cancel/" → "cancel (API)"; "trpc contractActions.cancel" → "cancel (console)" */
export function actionName(action: string): string {
  const rest = action.match(/subscription-contracts\/\{contractId\}\/(.*?)\/?$/);
  if (rest) return `${rest[1] ? rest[1].replace(/\//g, " ") : action.split(" ")[0].toLowerCase()} (API)`;
  const trpc = action.match(/^trpc (?:contractActions|contracts)\.(\w+)/);
  return trpc ? `${trpc[1]} (console)` : action;
}

function entries(ctx: Ctx, contractId: number): Prisma.Sql {
  const id = String(contractId);
  // the same matching as the customer's activity: a contract event names the contract as data.id, a run event as data.contract_id
  return Prisma.sql`
    select 'event' as source, e.id as n, e.event_id as key, e.type, e.created_at as at, null::text as actor
    from outbox_events e
    where e.account_id = ${ctx.accountId}
      and ((e.type like 'subscription_contract.%' and e.payload->'data'->>'id' = ${id}) or e.payload->'data'->>'contract_id' = ${id})
    union all
    select 'audit', a.id, a.id::text, a.action, a.at, coalesce(nullif(a.actor_label, ''), a.actor_type)
    from audit_log a
    where a.account_id = ${ctx.accountId} and a.target_id = ${id} and a.target_type in (${Prisma.join(AUDIT_TARGETS)})`;
}

/** One page of the contract's timeline, newest first (the contract must be the caller's: checked before). */
export async function contractTimeline(
  ctx: Ctx,
  contractId: number,
  page: PageRequest,
): Promise<ListResult<TimelineEntry>> {
  const all = entries(ctx, contractId);
  return pagedList(
    page,
    async () => {
      const [{ n }] = await ctx.db.$queryRaw<{ n: number }[]>`select count(*)::int as n from (${all}) t`;
      return n;
    },
    (window) =>
      ctx.db.$queryRaw<Row[]>`
        select source, key, type, at, actor from (${all}) t
        order by at desc, source, n desc
        offset ${window?.skip ?? 0} limit ${window?.take ?? page.size}`,
    (row) =>
      row.source === "event"
        ? { id: row.key, type: row.type, created_at: row.at.toISOString(), actor: null }
        : { id: `audit-${row.key}`, type: actionName(row.type), created_at: row.at.toISOString(), actor: row.actor },
  );
}
