// Billing run endpoints (spec 4.10) and test clocks (extension).

import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { DomainError, invalid, notFound } from "@/server/domain/errors";
import { type ListResult, type PageRequest, type PageWindow, pagedList } from "@/server/domain/list";
import type { Prisma } from "@/server/generated/prisma/client";
import { calendarPass } from "./calendarPass";
import type { DueSummary } from "./due";
import { executeRun } from "./execute";
import { presentRun, runInclude } from "./present";
import { processAccountDue } from "./timeOrder";

export interface RunListQuery {
  contract?: number;
  state?: string;
  customer?: number;
  customer_reference?: string;
  page?: PageRequest;
}

export async function listRuns(ctx: Ctx, query: RunListQuery): Promise<ListResult<ReturnType<typeof presentRun>>> {
  const where: Prisma.BillingRunWhereInput = { accountId: ctx.accountId };
  if (query.contract !== undefined) where.contractId = query.contract;
  if (query.state !== undefined) where.state = query.state;
  if (query.customer !== undefined) where.customerId = query.customer;
  if (query.customer_reference !== undefined) where.contract = { customer: { reference: query.customer_reference } };
  const rows = (window: PageWindow) =>
    ctx.db.billingRun.findMany({
      where,
      include: runInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...window,
    });
  return pagedList(
    query.page,
    () => ctx.db.billingRun.count({ where }),
    rows,
    (r) => presentRun(r),
  );
}

/** A run as the API shows it; `db` is a transaction's when the run is shown as that transaction leaves it. */
export async function getRun(ctx: Ctx, id: number, db: DbTx = ctx.db) {
  const run = await db.billingRun.findFirst({ where: { id, accountId: ctx.accountId }, include: runInclude });
  if (!run) throw notFound();
  const credits = await db.contractCredit.findMany({ where: { billingRunId: id }, orderBy: { id: "asc" } });
  return presentRun(run, credits);
}

/** Manual retry of a failed or exhausted run: the next worker pass makes one more attempt. */
export async function retryRun(ctx: Ctx, id: number, input: { reason: string }) {
  const now = ctx.clock.now();
  await ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { state: string; metadata: Record<string, unknown> }[]
    >`select state, metadata from billing_runs where id = ${id} and account_id = ${ctx.accountId} for update`;
    if (!rows.length) throw notFound();
    const { state, metadata } = rows[0];
    if (state !== "failed" && state !== "exhausted" && state !== "written_off")
      throw invalid(
        "non_field_errors",
        `A run in state '${state}' cannot be retried; only failed, exhausted or written-off runs can.`,
      );
    const retries = Array.isArray(metadata.retries) ? metadata.retries : [];
    await tx.billingRun.update({
      where: { id },
      data: {
        state: "failed",
        nextAttemptAt: now,
        updatedAt: now,
        metadata: {
          ...metadata,
          manual_retry: true,
          retry_reason: input.reason,
          retries: [...retries, { reason: input.reason, requested_at: now.toISOString() }],
        } as Prisma.InputJsonValue,
      },
    });
  });
  return getRun(ctx, id);
}

/**
 * A customer's "Pay now" of a failed or exhausted run (subscriber page): one attempt at once, on the card on
 * file. A failure puts the run back as it was (its dunning schedule unchanged, no dunning notice); a success
 * settles it like any payment (a checkout's unpaid first run then activates its contract). Returns the run's state.
 */
export async function payRunNow(ctx: Ctx, contractId: number, runId: number): Promise<string> {
  const now = ctx.clock.now();
  await ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { state: string; next_attempt_at: Date | null; metadata: Record<string, unknown> }[]
    >`
      select state, next_attempt_at, metadata from billing_runs
      where id = ${runId} and contract_id = ${contractId} and account_id = ${ctx.accountId} for update`;
    if (!rows.length) throw notFound();
    const { state, next_attempt_at: resumeAt, metadata } = rows[0];
    if (state !== "failed" && state !== "exhausted" && state !== "written_off")
      throw invalid(
        "billing_run",
        state === "succeeded" ? "This payment is already made." : "This payment is not open.",
      );
    await tx.billingRun.update({
      where: { id: runId },
      data: {
        state: "failed",
        nextAttemptAt: now,
        updatedAt: now,
        metadata: {
          ...metadata,
          customer_payment: { resume_state: state, resume_at: resumeAt?.toISOString() ?? null },
        } as Prisma.InputJsonValue,
      },
    });
  });
  const reached = await executeRun(ctx, runId);
  if (reached === null) throw new DomainError("conflict", "This payment is being processed; reload the page.");
  return reached;
}

/** Test clocks: a test-mode account's clock moves forward (never back); then everything due is billed. */
export async function advanceTestClock(
  ctx: Ctx,
  input: { to?: string; seconds?: number },
): Promise<{ test_clock_at: string; processed: DueSummary }> {
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.accountId } });
  if (account.mode !== "test") throw new DomainError("forbidden", "Only test-mode accounts have a test clock.");
  const current = ctx.clock.now();
  const to = input.to ? new Date(input.to) : new Date(current.getTime() + (input.seconds ?? 0) * 1000);
  if (!input.to && input.seconds === undefined) throw invalid("to", "Send `to` (date-time) or `seconds`.");
  if (to < current) throw invalid("to", "A test clock only moves forward.");
  await ctx.db.account.update({ where: { id: ctx.accountId }, data: { testClockAt: to } });
  const moved = { ...ctx, clock: { now: () => to } };
  const processed = await processAccountDue(moved);
  await calendarPass(moved);
  return { test_clock_at: to.toISOString(), processed };
}
