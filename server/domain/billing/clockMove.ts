// A move of the test clock as the console makes it: several advances (steps of at most a day, so the seller
// sees the clock and the counts move) under one move id. The move is one audit entry, from the clock's time
// before its first step to the time after its last, and its "runs created" are counted in the database:
// the account's runs created since the move began, the worker's as well as the steps' own (a step's own
// summary misses what the worker billed between and during the steps). They are told apart by id, not by
// created_at: a run carries the instant it bills, which for a contract overdue when the move began lies
// before the move's start.
import { type AuditEntry, findAuditByKey, recordAuditByKey } from "@/server/domain/audit/audit";
import type { Ctx } from "@/server/domain/context";
import { advanceTestClock } from "./runs";

/** The audit action of a console clock move (the name the procedure's own entry would have had). */
export const CLOCK_MOVE_ACTION = "trpc billing.advanceClock";

/** The account's newest run id now (0 without runs): runs created later have larger ids. */
async function lastRunId(ctx: Ctx): Promise<number> {
  const last = await ctx.db.billingRun.findFirst({
    where: { accountId: ctx.accountId },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  return last?.id ?? 0;
}

export interface ClockMoveStep {
  test_clock_at: string;
  processed: Awaited<ReturnType<typeof advanceTestClock>>["processed"];
  move: { id: string; from: string; to: string; steps: number; runs_created: number };
}

/**
 * One step of the move `move`: advances the clock to `to` (billing what comes due), then records the move in
 * its one audit entry (from, to, steps, runs created). A failure to record is logged, not a failed step, as
 * for every console change.
 */
export async function advanceClockStep(
  ctx: Ctx,
  input: { to: string; move: string },
  actor: AuditEntry["actor"],
): Promise<ClockMoveStep> {
  const previous = await findAuditByKey(ctx, CLOCK_MOVE_ACTION, input.move);
  const earlier = previous?.details ?? {};
  const from = typeof earlier.from === "string" ? earlier.from : ctx.clock.now().toISOString();
  const after = typeof earlier.runs_after_id === "number" ? earlier.runs_after_id : await lastRunId(ctx);
  const steps = (typeof earlier.steps === "number" ? earlier.steps : 0) + 1;
  const result = await advanceTestClock(ctx, { to: input.to });
  const created = await ctx.db.billingRun.count({ where: { accountId: ctx.accountId, id: { gt: after } } });
  const move = { id: input.move, from, to: result.test_clock_at, steps, runs_created: created };
  try {
    await recordAuditByKey(
      ctx,
      input.move,
      {
        actor,
        action: CLOCK_MOVE_ACTION,
        target: { type: "test-clock" },
        // where the clock was (kept from the first step) and where it is now
        beforeId: from,
        afterId: move.to,
        details: { from, to: move.to, steps, runs_created: created, runs_after_id: after },
      },
      previous,
    );
  } catch (e) {
    ctx.log?.error({ err: e }, "audit record of a clock move failed");
  }
  return { ...result, move };
}
