// What the operator's metrics endpoint reads from the database on each scrape, across every account: billing
// runs by state, attempts by outcome, webhook deliveries waiting (and how long the oldest has waited) and the
// worker's pg-boss queues (jobs not yet started, the oldest one's age). One query per gauge family.
import type { SystemCtx } from "@/server/domain/context";

export interface OperatorGauges {
  runsByState: { state: string; count: number }[];
  attemptsByOutcome: { outcome: string; count: number }[];
  webhooks: { pending: number; oldestPendingSeconds: number };
  queues: { queue: string; depth: number; oldestSeconds: number }[];
}

/** Ages are measured against ctx.clock (real time for the endpoint), from rows the database stamped itself. */
export async function operatorGauges(ctx: Pick<SystemCtx, "db" | "clock">): Promise<OperatorGauges> {
  const now = ctx.clock.now();
  const [runs, attempts, webhooks, queues] = await Promise.all([
    ctx.db.$queryRaw<{ state: string; count: number }[]>`
      select state, count(*)::int as count from billing_runs group by state order by state`,
    ctx.db.$queryRaw<{ outcome: string; count: number }[]>`
      select state as outcome, count(*)::int as count from billing_attempts group by state order by state`,
    ctx.db.$queryRaw<{ pending: number; oldest: Date | null }[]>`
      select count(*)::int as pending, min(created_at) as oldest from webhook_deliveries where state = 'pending'`,
    pgBossQueues(ctx),
  ]);
  const oldest = webhooks[0]?.oldest;
  return {
    runsByState: runs,
    attemptsByOutcome: attempts,
    webhooks: { pending: webhooks[0]?.pending ?? 0, oldestPendingSeconds: ageSeconds(now, oldest) },
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
