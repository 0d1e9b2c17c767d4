// /admin/billing-runs: one page of the account's runs with filters, in SQL; and one run with its retry
// schedule (from the dunning rules in billing/dunning.ts) for the run's detail page.

import { MAX_ATTEMPTS, nextAttemptAfter } from "@/server/domain/billing/dunning";
import { getRun } from "@/server/domain/billing/runs";
import type { Ctx } from "@/server/domain/context";
import { END_OF_TIME } from "@/server/domain/instant";
import { fmt4 } from "@/server/domain/money";
import { Prisma } from "@/server/generated/prisma/client";
import { cappedCount, cappedPage } from "./cappedCount";
import { accountListConditions, rangeConditions } from "./listConditions";

export interface RunListFilters {
  state?: string | string[];
  currency?: string;
  /** customer id, or exact customer reference */
  customer?: string;
  contract?: number;
  /** runs whose billed period starts in this range */
  period_from?: string;
  period_to?: string;
  scheduled_from?: string;
  scheduled_to?: string;
  /** runs with a payment that succeeded in this range */
  paid_from?: string;
  paid_to?: string;
  /** runs with a refund settled in this range (the dashboard's "refunded") */
  refunded_from?: string;
  refunded_to?: string;
  /** runs with an open dispute */
  disputed?: "open";
}
export interface RunListInput {
  page: number;
  pageSize: number;
  filters?: RunListFilters;
}

export function runWhere(ctx: Ctx, f: RunListFilters): Prisma.Sql {
  const parts = accountListConditions(ctx, "r", f);
  if (f.contract !== undefined) parts.push(Prisma.sql`r.contract_id = ${f.contract}`);
  const range = (column: Prisma.Sql, from?: string, to?: string) => parts.push(...rangeConditions(column, from, to));
  range(Prisma.sql`r.period_start_at`, f.period_from, f.period_to);
  range(Prisma.sql`r.scheduled_at`, f.scheduled_from, f.scheduled_to);
  if (f.paid_from || f.paid_to) {
    const from = f.paid_from ? new Date(f.paid_from) : new Date(0),
      to = f.paid_to ? new Date(f.paid_to) : END_OF_TIME;
    // the dashboard's "collected" counts payments with updated_at in (from, to]
    parts.push(
      Prisma.sql`exists (select 1 from billing_attempts a where a.run_id = r.id and a.state = 'succeeded' and a.updated_at > ${from} and a.updated_at <= ${to})`,
    );
  }
  if (f.refunded_from || f.refunded_to) {
    const from = f.refunded_from ? new Date(f.refunded_from) : new Date(0),
      to = f.refunded_to ? new Date(f.refunded_to) : END_OF_TIME;
    parts.push(
      Prisma.sql`exists (select 1 from refunds f where f.run_id = r.id and f.state = 'succeeded' and f.settled_at > ${from} and f.settled_at <= ${to})`,
    );
  }
  if (f.disputed === "open")
    parts.push(Prisma.sql`exists (select 1 from disputes d where d.run_id = r.id and d.state = 'open')`);
  return Prisma.join(parts, " and ");
}

interface Row {
  id: number;
  contract_id: number;
  customer_id: number;
  customer_reference: string;
  kind: string;
  state: string;
  currency: string;
  period_start_at: Date;
  period_end_at: Date;
  scheduled_at: Date;
  total_amount: string;
  attempt_count: number;
  next_attempt_at: Date | null;
  created_at: Date;
}

/** Newest scheduled first. */
export async function listRunsForConsole(ctx: Ctx, input: RunListInput) {
  const where = runWhere(ctx, input.filters ?? {});
  const n = await cappedCount(ctx, Prisma.sql`select 1 from billing_runs r where ${where}`);
  const rows = await ctx.db.$queryRaw<Row[]>`
    select r.id, r.contract_id, r.customer_id, cu.reference as customer_reference, r.kind, r.state, r.currency, r.period_start_at, r.period_end_at, r.scheduled_at,
      r.total::text as total_amount, r.attempt_count, r.next_attempt_at, r.created_at
    from (select r.* from billing_runs r where ${where} order by r.scheduled_at desc, r.id desc limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}) r
    join customers cu on cu.id = r.customer_id
    order by r.scheduled_at desc, r.id desc`;
  return cappedPage(
    n,
    input,
    // the columns are named as the list shows them: only instants and the amount are converted
    rows.map((r) => ({
      ...r,
      period_start_at: r.period_start_at.toISOString(),
      period_end_at: r.period_end_at.toISOString(),
      scheduled_at: r.scheduled_at.toISOString(),
      total_amount: fmt4(r.total_amount),
      next_attempt_at: r.next_attempt_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    })),
  );
}

/**
 * The attempts still to come under the dunning rules: the next one at next_attempt_at, each later one
 * assuming the previous fails when it runs. Empty unless the run is failed (exhausted runs retry only by hand).
 */
export function retrySchedule(run: { state: string; attempt_count: number; next_attempt_at: string | null }) {
  if (run.state !== "failed" || !run.next_attempt_at) return [];
  const out = [{ attempt_no: run.attempt_count + 1, at: run.next_attempt_at }];
  for (let no = run.attempt_count + 1; no < MAX_ATTEMPTS; no++) {
    const next = nextAttemptAfter(new Date(out.at(-1)!.at), no);
    if (!next) break;
    out.push({ attempt_no: no + 1, at: next.toISOString() });
  }
  return out;
}

/** The REST run (lines with explanations, attempts, payments and credit) plus its retry schedule. */
export async function runForConsole(ctx: Ctx, id: number) {
  const run = await getRun(ctx, id);
  return { ...run, retry_schedule: retrySchedule(run) };
}
