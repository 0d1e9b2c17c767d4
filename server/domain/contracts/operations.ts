// Entry points for contract changes: execution and proration-preview of each operation (spec 4.6).
import type { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { addFieldError, DomainError } from "@/server/domain/errors";
import {
  type ContractOut,
  type Operation,
  operationBodies,
  type ProrationPreviewOut,
} from "@/server/schemas/contracts";
import { planAddItem, planRemoveItem, planUpdateItem } from "./items";
import { planCancel, planPause, planRestart, planResume } from "./lifecycle";
import {
  type CommonInput,
  executeOperation,
  type OperationResult,
  type Planner,
  previewOperation,
} from "./operationFlow";

const planners: { [K in Operation]: Planner<z.infer<(typeof operationBodies)[K]>> } = {
  add_item: planAddItem,
  update_item: planUpdateItem,
  remove_item: planRemoveItem,
  cancel: planCancel,
  restart: planRestart,
  pause: planPause,
  resume: planResume,
};

export function runOperation<K extends Operation>(
  ctx: Ctx,
  contractId: number,
  op: K,
  input: z.infer<(typeof operationBodies)[K]>,
): Promise<OperationResult> {
  return executeOperation(ctx, contractId, op, input as CommonInput, planners[op] as Planner<CommonInput>);
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
