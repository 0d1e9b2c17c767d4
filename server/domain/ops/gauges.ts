// What the operator's metrics endpoint reads from the database on each scrape, across every account: billing
// runs by state, attempts by outcome, webhook deliveries waiting (and how long the oldest has waited) and the
// worker's pg-boss queues (jobs not yet started, the oldest one's age), billing lag (contracts whose next
// billing date has passed on their account's clock and are not billed yet) and outbox events not yet
// published to webhooks. One query per gauge family.
import type { SystemCtx } from "@/server/domain/context";

export interface OperatorGauges {
  runsByState: { state: string; count: number }[];
  attemptsByOutcome: { outcome: string; count: number }[];
  webhooks: { pending: number; oldestPendingSeconds: number };
  /** contracts due by their account's clock (a test clock, or real time) and not billed yet */
  overdue: { contracts: number; oldestSeconds: number };
  outbox: { unpublished: number; oldestSeconds: number };
  queues: { queue: string; depth: number; oldestSeconds: number }[];
}

/** Ages are measured against ctx.clock (real time for the endpoint), from rows the database stamped itself. */
export async function operatorGauges(ctx: Pick<SystemCtx, "db" | "clock">): Promise<OperatorGauges> {
  const now = ctx.clock.now();
  const [runs, attempts, webhooks, queues, overdue, outbox] = await Promise.all([
    ctx.db.$queryRaw<{ state: string; count: number }[]>`
      select state, count(*)::int as count from billing_runs group by state order by state`,
    ctx.db.$queryRaw<{ outcome: string; count: number }[]>`
      select state as outcome, count(*)::int as count from billing_attempts group by state order by state`,
    ctx.db.$queryRaw<{ pending: number; oldest: Date | null }[]>`
      select count(*)::int as pending, min(created_at) as oldest from webhook_deliveries where state = 'pending'`,
    pgBossQueues(ctx),
    // the account's clock as accountClock() has it: a test-mode account's test clock when later than real time
    ctx.db.$queryRaw<{ count: number; lag: number | null }[]>`
      with c as (
        select (case when a.mode = 'test' and a.test_clock_at is not null
                     then greatest(a.test_clock_at, ${now.toISOString()}::timestamptz at time zone 'UTC')
                     else ${now.toISOString()}::timestamptz at time zone 'UTC' end) - s.next_billing_at as late
        from subscription_contracts s join accounts a on a.id = s.account_id
        where s.state in ('active', 'paused') and s.next_billing_at is not null
      )
      select count(*)::int as count, extract(epoch from max(late))::float8 as lag from c where late > interval '0'`,
    ctx.db.$queryRaw<{ count: number; oldest: Date | null }[]>`
      select count(*)::int as count, min(created_at) as oldest from outbox_events where published_at is null`,
  ]);
  const oldest = webhooks[0]?.oldest;
  return {
    runsByState: runs,
    attemptsByOutcome: attempts,
    webhooks: { pending: webhooks[0]?.pending ?? 0, oldestPendingSeconds: ageSeconds(now, oldest) },
    overdue: { contracts: overdue[0]?.count ?? 0, oldestSeconds: Math.max(0, overdue[0]?.lag ?? 0) },
    outbox: { unpublished: outbox[0]?.count ?? 0, oldestSeconds: ageSeconds(now, outbox[0]?.oldest) },
    queues: queues.map((q) => ({ queue: q.name, depth: q.depth, oldestSeconds: ageSeconds(now, q.oldest) })),
  };
}

const ageSeconds = (now: Date, since: Date | null | undefined) =>
  since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : 0;

/**
 * Jobs waiting per queue (pg-boss states created and retry, as its getQueueSize counts them). The schema exists
 * only once a worker has started: no rows before that.
 */
async function pgBossQueues(ctx: Pick<SystemCtx, "db">) {
  const [exists] = await ctx.db.$queryRaw<{ table: string | null }[]>`select to_regclass('pgboss.job')::text as table`;
  if (!exists?.table) return [];
  return ctx.db.$queryRaw<{ name: string; depth: number; oldest: Date | null }[]>`
    select name, count(*) filter (where state < 'active')::int as depth,
           min(created_on) filter (where state < 'active') as oldest
    from pgboss.job group by name order by name`;
}
