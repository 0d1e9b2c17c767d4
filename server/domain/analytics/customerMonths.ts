// The one source of every analytics figure (docs/decisions.md "Revenue analytics"): each customer's MRR per
// currency at the end of every month in which it changed, from the stored customer-months of migration
// 20261126190000_customer_month_mrr.
//
// customer_month_mrr holds the whole timeline (future changes included) from mrr_spans, the live intervals of
// MRR the triggers keep (server/domain/dashboard/mrr.ts): a span, cut where the price version in effect
// changes and started no earlier than the contract's trial end, adds its monthly value in the month (in the
// account's zone) it starts and takes it back in the month it ends; accumulated per customer and currency
// and rounded half-up to four places per customer, so opening + movements = closing to the last digit. The
// triggers recompute a customer's rows in the transaction that changes its spans; a change that moves every
// customer on a price marks the account stale, and the next read rebuilds it (as for a new zone).
//
// A read takes the months before the account's current month as stored (their figures summed per month in
// customer_month_mrr_sums) and the current month's rows up to "now" (currentMonthRows), which count the changes
// up to "now" only (a scheduled item end or pause later this month has not happened yet); later months have
// no rows.
import { runLongStatement } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { Prisma } from "@/server/generated/prisma/client";

export interface CustomerMonthsScope {
  accountId: number;
  zone: string;
  now: Date;
  /** the account's current month (YYYY-MM in zone) */
  current: string;
  currency?: string;
}

/**
 * Builds the account's customer-months when they are missing, stale or of another zone; true when it did.
 * Writes go to the primary when ctx.db is a replica (read with `readAfter` then).
 */
export async function ensureCustomerMonths(ctx: Ctx, scope: CustomerMonthsScope): Promise<boolean> {
  const writer = ctx.primary ?? ctx.db;
  const [state] = await writer.$queryRaw<{ zone: string }[]>`
    select zone from customer_month_mrr_state where account_id = ${ctx.accountId}`;
  if (state?.zone === scope.zone) return false;
  // NOTE: minutes at a million contracts, past a request's statement limit: on its own connection to the primary
  await runLongStatement("select customer_month_mrr_rebuild($1::int, $2)", [ctx.accountId, scope.zone]);
  return true;
}

/**
 * Sums the figures of the months before the current one that have none (after a month turned, a change in a
 * past month, a rebuild); true when there were some (always true without a replica: the sum itself checks).
 */
export async function ensureMonthSums(ctx: Ctx, scope: CustomerMonthsScope): Promise<boolean> {
  const writer = ctx.primary ?? ctx.db;
  if (ctx.primary) {
    const [{ missing }] = await writer.$queryRaw<{ missing: boolean }[]>`
      select customer_month_mrr_unsummed(${ctx.accountId}::int, ${scope.current}) is not null as missing`;
    if (!missing) return false;
  }
  await writer.$executeRaw`select customer_month_mrr_sum(${ctx.accountId}::int, ${scope.current})`;
  return true;
}

/** The ctx to read with after the ensure steps: the primary when they just wrote (a replica may lag behind). */
export const readAfter = (ctx: Ctx, wrote: boolean): Ctx =>
  wrote && ctx.primary ? { ...ctx, db: ctx.primary, primary: undefined } : ctx;

/**
 * The current month's rows up to now (columns as customerMonthRows'): stored rows whose last change is up
 * to now as they are, and the rows of customers with a change later this month recomputed up to now by
 * customer_month_mrr_current_live (migration 20261129090000; none, after one index probe, in the usual case).
 * `where` narrows both halves.
 */
function currentMonthRows(scope: CustomerMonthsScope, where = Prisma.empty): Prisma.Sql {
  const now = Prisma.sql`${scope.now.toISOString()}::timestamptz at time zone 'UTC'`;
  const currency = scope.currency ? Prisma.sql`and currency = ${scope.currency}` : Prisma.empty;
  // \`where\` outside: it may name the cohort as shown (none when it is a later month)
  return Prisma.sql`
    select * from (
      select customer_id, currency, month, contract_ids, opening as o, closing as c, kind,
        case when cohort <= ${scope.current} then cohort end as cohort
      from customer_month_mrr
      where account_id = ${scope.accountId} and month = ${scope.current} and last_at <= ${now} ${currency}) stored
    where true ${where}
    union all
    select customer_id, currency, month, contract_ids, o, c, kind, cohort
    from customer_month_mrr_current_live(${scope.accountId}::int, ${scope.zone}, ${scope.current}, ${now},
      ${scope.currency ?? null}::text)
    where true ${where}`;
}

/** `cur`: the current month's rows up to now, empty unless `needed`. */
export function currentMonthCte(scope: CustomerMonthsScope, needed: boolean): Prisma.Sql {
  return needed
    ? Prisma.sql`cur as materialized (${currentMonthRows(scope)})`
    : Prisma.sql`cur as (
        select null::int as customer_id, null::text as currency, null::text as month, null::int[] as contract_ids,
          null::numeric as o, null::numeric as c, null::text as kind, null::text as cohort where false)`;
}

/** Months from `from` to `to` (YYYY-MM, inclusive; either open). */
export interface MonthBounds {
  from?: string;
  to?: string;
}

/**
 * A subquery of the customer-month rows `(customer_id, currency, month, contract_ids, o, c, kind, cohort)` of
 * the months in `bounds` up to the current one: o and c the customer's rounded MRR at the start and the end
 * of the month (for the current month: now), kind its movement (null when the rounded MRR did not move),
 * cohort the month of its first new movement in that currency. `where` narrows both parts.
 */
export function customerMonthRows(scope: CustomerMonthsScope, bounds: MonthBounds, where = Prisma.empty): Prisma.Sql {
  const currency = scope.currency ? Prisma.sql`and currency = ${scope.currency}` : Prisma.empty;
  const from = bounds.from ? Prisma.sql`and month >= ${bounds.from}` : Prisma.empty;
  const to = bounds.to ? Prisma.sql`and month <= ${bounds.to}` : Prisma.empty;
  const stored = Prisma.sql`
    select customer_id, currency, month, contract_ids, opening as o, closing as c, kind, cohort
    from customer_month_mrr
    where account_id = ${scope.accountId} and month < ${scope.current} ${currency} ${from} ${to} ${where}`;
  const withCurrent = (!bounds.from || bounds.from <= scope.current) && (!bounds.to || scope.current <= bounds.to);
  if (!withCurrent) return Prisma.sql`(${stored})`;
  return Prisma.sql`(${stored}
    union all
    ${currentMonthRows(scope, where)})`;
}

export const MOVEMENT_KINDS = ["new", "expansion", "contraction", "churn", "reactivation"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
