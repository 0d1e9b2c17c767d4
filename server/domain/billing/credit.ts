// Explicit use of contract credit on a run (extension: POST /v2/billing-runs/{id}/apply-credit/). Spec 4.6:
// credit is recorded and does not reduce the next charge by itself; when it is used, it applies after
// taxes and line totals and before the processor charge, partially or fully, never credit the same run
// granted; a run it covers completely succeeds without a processor charge.
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { invalid } from "@/server/domain/errors";
import { fenceIdempotency } from "@/server/domain/idempotency/fence";
import { dec, fmt4 } from "@/server/domain/money";
import { lockAccountRow } from "@/server/domain/rowLock";
import type { Prisma } from "@/server/generated/prisma/client";
import { runCharge } from "./amounts";
import { creditAvailableTo, recordCreditUse, recordOutcomeIn } from "./execute";
import { getRun } from "./runs";

/** Runs waiting for a charge: not being charged now, not settled. */
const APPLICABLE = ["scheduled", "failed", "exhausted"];

export interface ApplyCreditInput {
  amount?: string;
  reason?: string;
}

export async function applyCreditToRun(ctx: Ctx, runId: number, input: ApplyCreditInput) {
  const now = ctx.clock.now();
  return ctx.db.$transaction(async (tx) => {
    // the row lock keeps a worker from claiming the run between the check and the update
    await lockAccountRow(tx, "billing_runs", runId, ctx.accountId);
    const run = await tx.billingRun.findUniqueOrThrow({ where: { id: runId } });
    if (!APPLICABLE.includes(run.state)) {
      throw invalid(
        "non_field_errors",
        `Credit can be applied only to a scheduled, failed or exhausted run; this run is '${run.state}'.`,
      );
    }
    const before = runCharge(run);
    if (before.due.lte(0)) throw invalid("non_field_errors", "Nothing is due on this run.");
    // the contract row too (after the run, as recordOutcome does): two runs of one contract never spend the same credit
    await tx.$queryRaw`select id from subscription_contracts where id = ${run.contractId} for update`;
    const available = await creditAvailableTo(tx, run);
    if (available.lte(0)) {
      throw invalid(
        "non_field_errors",
        "The contract has no credit this run can use (credit granted by a run cannot be used by that same run).",
      );
    }
    const use = input.amount === undefined ? Decimal.min(available, before.due) : dec(input.amount);
    if (use.lte(0)) throw invalid("amount", "Ensure this value is greater than 0.");
    if (use.gt(available))
      throw invalid("amount", `Only ${fmt4(available)} ${run.currency} of credit is available to this run.`);
    if (use.gt(before.due)) throw invalid("amount", `Only ${fmt4(before.due)} ${run.currency} is due on this run.`);

    await recordCreditUse(tx, run, use, input.reason || `applied to billing run ${run.id}`, now);
    const creditApplied = dec(run.creditApplied).plus(use);
    const meta = run.metadata as Record<string, unknown>;
    const applications = Array.isArray(meta.credit_applications) ? meta.credit_applications : [];
    await tx.billingRun.update({
      where: { id: run.id },
      data: {
        creditApplied: fmt4(creditApplied),
        updatedAt: now,
        metadata: {
          ...meta,
          credit_applications: [
            ...applications,
            { amount: fmt4(use), reason: input.reason ?? null, applied_at: now.toISOString() },
          ],
        } as Prisma.InputJsonValue,
      },
    });
    // nothing left for a processor: the run is settled now, without an attempt
    if (runCharge({ ...run, creditApplied }).charged.lte(0)) await recordOutcomeIn(tx, run.id, null, null, now);
    const view = await getRun(ctx, run.id, tx);
    // an idempotency key's outcome commits with the credit use, or neither does (a retry took the key over)
    await fenceIdempotency(tx, ctx, { type: "billing_run", id: run.id }, view);
    return view;
  });
}
