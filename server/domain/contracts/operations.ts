// Entry points for contract changes: execution and proration-preview of each operation (spec 4.6), and the
// charge of an item change pending until paid (payment_behavior=pending_if_incomplete) before it applies.
import type { z } from "zod";
import { executeClaimedRun } from "@/server/domain/billing/execute";
import type { Ctx } from "@/server/domain/context";
import { addFieldError, DomainError } from "@/server/domain/errors";
import {
  type ContractOut,
  type Operation,
  operationBodies,
  type ProrationPreviewOut,
} from "@/server/schemas/contracts";
import { viewContractById } from "./contractResponse";
import { planAddItem, planRemoveItem, planUpdateItem } from "./items";
import { planCancel, planPause, planRestart, planResume } from "./lifecycle";
import {
  type CommonInput,
  executeOperation,
  type OperationResult,
  type Planner,
  previewOperation,
} from "./operationFlow";
import { pendingChangeOf } from "./pendingChange";

const planners: { [K in Operation]: Planner<z.infer<(typeof operationBodies)[K]>> } = {
  add_item: planAddItem,
  update_item: planUpdateItem,
  remove_item: planRemoveItem,
  cancel: planCancel,
  restart: planRestart,
  pause: planPause,
  resume: planResume,
};

export async function runOperation<K extends Operation>(
  ctx: Ctx,
  contractId: number,
  op: K,
  input: z.infer<(typeof operationBodies)[K]>,
): Promise<OperationResult> {
  const result = await executeOperation(
    ctx,
    contractId,
    op,
    input as CommonInput,
    planners[op] as Planner<CommonInput>,
  );
  return result.changeState === "awaiting_payment" ? payThenApply(ctx, contractId, result) : result;
}

/**
 * pending_if_incomplete: charge the change's adjustment run now (it was created claimed, so no worker got it
 * first); its outcome applies the change (execute.ts → settlePendingChange.ts). Paid: the contract as
 * changed. Failed: 400 `payment` with the processor's reason, and the contract as it was. Waiting for the
 * customer's bank (pending_external): 200 with the unchanged contract and change_state awaiting_payment.
 */
async function payThenApply(ctx: Ctx, contractId: number, pending: OperationResult): Promise<OperationResult> {
  const runId = pending.adjustmentRunId!;
  const state = await executeClaimedRun(ctx, runId);
  const run = await ctx.db.billingRun.findUniqueOrThrow({
    where: { id: runId },
    include: { attempts: { orderBy: { attemptNo: "desc" }, take: 1 } },
  });
  const change = pendingChangeOf(run.metadata);
  if (state === "pending_external") return pending;
  if (state === "voided") {
    const reason = run.attempts[0]?.failMessage ?? "The payment failed.";
    throw new DomainError(
      "validation",
      `The payment failed (${reason}); the change was not applied.`,
      { payment: [reason] },
      run.attempts[0]?.failCode ?? "payment_failed",
      { adjustment_billing_run_id: runId, contract_id: contractId },
    );
  }
  if (change?.state !== "applied")
    throw new DomainError(
      "validation",
      "The contract changed while the payment was made: the change was not applied and the payment is contract credit.",
      { non_field_errors: ["The contract changed while the payment was made; the payment is contract credit."] },
      "change_stale",
    );
  return {
    ...pending,
    contract: await viewContractById(ctx, ctx.db, contractId),
    contractItemId: change.contract_item_id ?? null,
    changeState: "applied",
  };
}

export async function runLifecycle<K extends "cancel" | "restart" | "pause" | "resume">(
  ctx: Ctx,
  contractId: number,
  op: K,
  input: z.infer<(typeof operationBodies)[K]>,
): Promise<ContractOut> {
  return (await runOperation(ctx, contractId, op, input)).contract;
}

/** proration-preview: `operation` (default update_item) plus that operation's own fields, strictly. */
export async function previewChange(
  ctx: Ctx,
  contractId: number,
  body: Record<string, unknown>,
): Promise<ProrationPreviewOut> {
  const { operation = "update_item", ...rest } = body as { operation?: Operation };
  const schema = operationBodies[operation];
  const parsed = schema.safeParse(rest);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys")
        for (const k of issue.keys) addFieldError(fields, k, `Unknown field for operation ${operation}.`);
      else
        addFieldError(
          fields,
          String(issue.path[0] ?? "non_field_errors"),
          issue.code === "invalid_type" && issue.input === undefined ? "This field is required." : issue.message,
        );
    }
    throw new DomainError("validation", "Invalid input.", fields);
  }
  return previewOperation(
    ctx,
    contractId,
    operation,
    parsed.data as CommonInput,
    planners[operation] as Planner<CommonInput>,
  );
}
