// SQL fragments shared by the due-work queries (due.ts's dueContractIds, timeOrder.ts's waves), each written
// the way it is so the planner reads one contract's rows at a time at a million contracts: the chunk's ids
// joined from an unnest, a contract's runs read by contract only, "no such row yet" as a `limit 1` subquery.
// Each expects the contract as `c`.
import { Prisma } from "@/server/generated/prisma/client";

/**
 * The contracts `c` to look at: the given ones, or all (the caller adds the account). NOTE: given ids are joined
 * from an unnest so each is one primary-key lookup. Written as `c.id = any($1)` beside `c.account_id = $2`, the
 * planner may walk the account's (account_id, created_at, id) index with a skip scan instead, reading every
 * contract of the account for a chunk of 200 (160 ms at 20,000 contracts, seconds at a million); written as
 * `($1 is null or c.id = any($1))`, a generic plan scans them all.
 */
export const contractsAmong = (among: number[] | null | undefined) =>
  among
    ? Prisma.sql`unnest(${among}::int[]) as among_ids(id) join subscription_contracts c on c.id = among_ids.id`
    : Prisma.sql`subscription_contracts c`;

// NOTE: "no such row" as a scalar subquery with limit 1, not `not exists`: PostgreSQL 18 may turn a correlated
// not exists into a hashed subplan that reads the whole table on every call, and does when the table was small at
// planning time (a generic plan made early): billing_runs grows by a row per contract and period.
/** The contract's regular run for its next_billing_at is not built yet. */
export const regularRunMissing = Prisma.sql`(select 1 from billing_runs r where r.contract_id = c.id
  and r.period_key = 'regular:' || to_char(c.next_billing_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') limit 1) is null`;

/**
 * The contract's runs, read by contract only. NOTE: the offset 0 keeps the state conditions outside the scan:
 * with them inside, the planner may AND the contract's index with the state index and read every run ever
 * `processing` (dead index entries until vacuum) for each contract, 1 ms each.
 */
export const contractRuns = Prisma.sql`(select r.state, r.scheduled_at, r.next_attempt_at, r.processing_since
  from billing_runs r where r.contract_id = c.id offset 0) r`;

/** The contract's trial notice of `kind` has not been emitted yet. */
export const noticeMissing = (
  kind: string,
) => Prisma.sql`(select 1 from notice_emissions n where n.account_id = c.account_id
  and n.kind = ${kind} and n.subject_key = 'contract_' || c.id limit 1) is null`;
