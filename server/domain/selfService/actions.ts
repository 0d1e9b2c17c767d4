// What a customer does on the subscriber page, through the same domain functions as the REST API
// (proration preview and execution with its preview token, cancel, restart, pause, resume), acting as
// the contract's subscriber (ctx.actor: recorded on the events). The seller's policy decides what is allowed.
import type { Ctx } from "@/server/domain/context";
import type { CommonInput } from "@/server/domain/contracts/operationFlow";
import { previewChange, runLifecycle, runOperation } from "@/server/domain/contracts/operations";
import { loadContract } from "@/server/domain/contracts/records";
import { invalid } from "@/server/domain/errors";
import { fmt4 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { iso } from "@/server/domain/time";
import type { Operation, ProrationPreviewOut } from "@/server/schemas/contracts";
import type { PlanChange, SelfServicePolicyOut, SubscriberAction } from "@/server/schemas/selfService";
import { startCardUpdate } from "./card";
import { changeOptions, checkChange } from "./options";
import { getSelfServicePolicy, requireAllowed } from "./policy";

const REASON = "Changed by the customer on the subscriber page";

export type ChangeDirection = "upgrade" | "downgrade";

/**
 * The operation and its fields for a customer's change. Upgrade: the new amount per billing period is
 * higher (charged now, prorated). Anything else is a downgrade: under the default policy it applies
 * without proration (no credit; the renewal bills the new amount), under prorate_both_now it is credited now.
 */
async function planFor(ctx: Ctx, contractId: number, change: PlanChange, policy: SelfServicePolicyOut) {
  const c = await loadContract(ctx.db, ctx.accountId, contractId);
  const catalog = await catalogSnapshot(ctx);
  const { delta, quantity } = checkChange(changeOptions(c, catalog, ctx.clock.now()), change);
  const direction: ChangeDirection = delta.gt(0) ? "upgrade" : "downgrade";
  const proration: CommonInput =
    direction === "upgrade"
      ? { proration_behavior: "always_invoice" }
      : policy.customer_proration === "prorate_both_now"
        ? { proration_behavior: "create_prorations", settlement_behavior: "credit_balance" }
        : { proration_behavior: "none" };
  const fields: { operation: Operation } & Record<string, unknown> =
    change.kind === "add"
      ? { operation: "add_item", price: change.price }
      : change.kind === "remove"
        ? { operation: "remove_item", contract_item: change.contract_item }
        : change.kind === "price"
          ? { operation: "update_item", contract_item: change.contract_item, price: change.price }
          : { operation: "update_item", contract_item: change.contract_item, quantity };
  return { direction, delta: fmt4(delta), fields: { ...fields, ...proration } };
}

export interface ChangePreview {
  direction: ChangeDirection;
  /** how the amount of each billing period changes */
  period_delta: string;
  preview: ProrationPreviewOut;
}

export async function previewPlanChange(ctx: Ctx, contractId: number, change: PlanChange): Promise<ChangePreview> {
  const policy = await getSelfServicePolicy(ctx);
  requireAllowed(policy, "change_plan");
  const plan = await planFor(ctx, contractId, change, policy);
  const preview = await previewChange(ctx, contractId, plan.fields);
  return { direction: plan.direction, period_delta: plan.delta, preview };
}

export async function confirmPlanChange(ctx: Ctx, contractId: number, change: PlanChange, previewToken: string) {
  const policy = await getSelfServicePolicy(ctx);
  requireAllowed(policy, "change_plan");
  const { fields } = await planFor(ctx, contractId, change, policy);
  const { operation, ...input } = fields;
  // the preview token binds the operation, its fields and the amounts: the charge equals the preview
  const result = await runOperation(ctx, contractId, operation, {
    ...input,
    preview_token: previewToken,
    reason: REASON,
  } as never);
  return {
    contract_id: contractId,
    adjustment_run_id: result.adjustmentRunId,
    invoice_now_amount: result.preview.invoice_now_amount,
    credit_amount: result.preview.credit_amount,
  };
}

async function undoCancel(ctx: Ctx, contractId: number) {
  const c = await loadContract(ctx.db, ctx.accountId, contractId);
  // undo only while the period lasts: a contract already canceled is the seller's to restart
  if (c.state !== "active" || !c.cancelAt || c.cancelAt <= ctx.clock.now())
    throw invalid("non_field_errors", "There is no scheduled cancellation to undo.");
  return runLifecycle(ctx, contractId, "restart", { reason: REASON });
}

function monthsLater(from: Date, months: number): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** One action of the subscriber page; the result is what the page needs next (ids, amounts, a redirect). */
export async function subscriberAct(ctx: Ctx, contractId: number, action: SubscriberAction): Promise<unknown> {
  const policy = await getSelfServicePolicy(ctx);
  switch (action.action) {
    case "preview_change":
      return previewPlanChange(ctx, contractId, action.change);
    case "confirm_change":
      return confirmPlanChange(ctx, contractId, action.change, action.preview_token);
    case "cancel":
      requireAllowed(policy, "cancel");
      return runLifecycle(ctx, contractId, "cancel", {
        cancel_at_period_end: true,
        reason: action.reason ? `${REASON}: ${action.reason}` : REASON,
      });
    case "undo_cancel":
      requireAllowed(policy, "cancel");
      return undoCancel(ctx, contractId);
    case "pause": {
      requireAllowed(policy, "pause");
      const now = ctx.clock.now();
      return runLifecycle(ctx, contractId, "pause", {
        start_date: iso(now),
        end_date: iso(monthsLater(now, action.months)),
        reason: REASON,
      });
    }
    case "resume":
      requireAllowed(policy, "pause");
      return runLifecycle(ctx, contractId, "resume", { reason: REASON });
    case "update_card":
      requireAllowed(policy, "update_card");
      return startCardUpdate(ctx, contractId);
  }
}
