// What a customer does on the subscriber page, through the same domain functions as the REST API
// (proration preview and execution with its preview token, cancel, restart, pause, resume), acting as
// the contract's subscriber (ctx.actor: recorded on the events). The seller's policy decides what is allowed.

import { payRunNow } from "@/server/domain/billing/runs";
import type { Ctx } from "@/server/domain/context";
import { loadContract } from "@/server/domain/contracts/contractRows";
import type { CommonInput } from "@/server/domain/contracts/operationFlow";
import { previewChange, runLifecycle, runOperation } from "@/server/domain/contracts/operations";
import { cancelScheduledChange } from "@/server/domain/contracts/scheduledChanges";
import {
  confirmScheduledChange,
  previewScheduledChange,
  type ScheduledRequest,
} from "@/server/domain/contracts/scheduledPreview";
import { invalid } from "@/server/domain/errors";
import { fmt4 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import {
  acceptRetentionOffer,
  cancellationOptions,
  checkReason,
  recordCancellation,
} from "@/server/domain/portal/cancellation";
import { setContractCustomerLocale } from "@/server/domain/portal/language";
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
 * higher (charged now, prorated). Anything else is a downgrade: under the default policy it is scheduled for
 * the item's period end (nothing now; the renewal bills the new amount), under prorate_both_now it is
 * applied and credited now.
 */
async function planFor(ctx: Ctx, contractId: number, change: PlanChange, policy: SelfServicePolicyOut) {
  const c = await loadContract(ctx.db, ctx.accountId, contractId);
  const catalog = await catalogSnapshot(ctx);
  const { delta, quantity } = checkChange(changeOptions(c, catalog, ctx.clock.now()), change);
  const direction: ChangeDirection = delta.gt(0) ? "upgrade" : "downgrade";
  // an upgrade is charged now and takes effect only once paid: a declined card changes nothing
  const proration: CommonInput =
    direction === "upgrade"
      ? { proration_behavior: "always_invoice", payment_behavior: "pending_if_incomplete" }
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
  // a downgrade "at the renewal" waits for the item's period end (an add-on is never scheduled: adding
  // something of no cost changes no amount); an item not billing yet has no period end, so it applies now
  const item = change.kind === "add" ? undefined : c.items.find((i) => i.id === change.contract_item);
  const schedule: ScheduledRequest | null =
    direction === "downgrade" &&
    policy.customer_proration === "upgrade_now_downgrade_at_renewal" &&
    change.kind !== "add" &&
    (c.state === "active" || c.state === "paused") &&
    item?.periodEndAt
      ? {
          operation: fields.operation,
          input: { ...withoutOperation(fields), ...proration },
          terms: {
            contractItemId: change.contract_item,
            kind: change.kind === "remove" ? "remove" : "update",
            priceId: change.kind === "price" ? change.price : null,
            quantity: change.kind === "quantity" ? (quantity ?? null) : null,
          },
        }
      : null;
  return { direction, delta: fmt4(delta), fields: { ...fields, ...proration }, schedule };
}

const withoutOperation = ({ operation: _op, ...rest }: { operation: Operation } & Record<string, unknown>) => rest;

export interface ChangePreview {
  direction: ChangeDirection;
  /** how the amount of each billing period changes */
  period_delta: string;
  preview: ProrationPreviewOut;
  /** when the change waits for the item's renewal: the instant it applies (nothing is charged now) */
  scheduled_for: string | null;
}

export async function previewPlanChange(ctx: Ctx, contractId: number, change: PlanChange): Promise<ChangePreview> {
  const policy = await getSelfServicePolicy(ctx);
  requireAllowed(policy, "change_plan");
  const plan = await planFor(ctx, contractId, change, policy);
  if (plan.schedule) {
    const preview = await previewScheduledChange(ctx, contractId, plan.schedule);
    return { direction: plan.direction, period_delta: plan.delta, preview, scheduled_for: preview.effective_at };
  }
  const preview = await previewChange(ctx, contractId, plan.fields);
  return { direction: plan.direction, period_delta: plan.delta, preview, scheduled_for: null };
}

export async function confirmPlanChange(ctx: Ctx, contractId: number, change: PlanChange, previewToken: string) {
  const policy = await getSelfServicePolicy(ctx);
  requireAllowed(policy, "change_plan");
  const { fields, schedule } = await planFor(ctx, contractId, change, policy);
  if (schedule) {
    const done = await confirmScheduledChange(ctx, contractId, schedule, previewToken);
    return {
      contract_id: contractId,
      adjustment_run_id: null,
      invoice_now_amount: "0.0000",
      credit_amount: "0.0000",
      scheduled_change_id: done.change.id,
      scheduled_for: iso(done.change.effectiveAt),
      change_state: "scheduled" as ChangeState,
    };
  }
  const { operation, ...input } = fields;
  // the preview token binds the operation, its fields and the amounts: the charge equals the preview; an
  // upgrade's declined payment is a 400 `payment` (the plan stays as it was). NOTE: the fields are the REST
  // body of an operation chosen at run time (add, update or remove an item), as previewed; runOperation's
  // input type follows its operation argument, which TypeScript cannot relate to a value known only then
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
    scheduled_change_id: null,
    scheduled_for: null,
    change_state: (result.changeState ?? "applied") as ChangeState,
  };
}

/** "Pay now" of a failed run with the card on file: 200 with the run's state when paid, else 400 saying why. */
async function payNow(ctx: Ctx, contractId: number, runId: number) {
  const state = await payRunNow(ctx, contractId, runId);
  if (state === "succeeded" || state === "pending_external") return { billing_run_id: runId, state };
  const attempt = await ctx.db.billingAttempt.findFirst({ where: { runId }, orderBy: { attemptNo: "desc" } });
  const why = attempt?.failMessage ?? "The payment failed.";
  throw invalid(
    "payment",
    `${why} Nothing was charged. Update your card and try again.`,
    attempt?.failCode ?? undefined,
  );
}

/** What a confirmed change did: applied now, waiting for the customer's bank to confirm its payment, or scheduled. */
export type ChangeState = "applied" | "awaiting_payment" | "scheduled";

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
    case "cancel": {
      requireAllowed(policy, "cancel");
      // the seller's reasons and retention offer (portal/cancellation.ts): an offer on the table is shown first
      const reason = await checkReason(ctx, action.reason);
      const { offer } = await cancellationOptions(ctx, contractId);
      if (offer && !action.offer_declined)
        throw invalid("offer", "There is an offer for you before you cancel; reload the page.", "retention_offer");
      const result = await runLifecycle(ctx, contractId, "cancel", {
        cancel_at_period_end: true,
        reason: reason ? `${REASON}: ${reason}` : REASON,
      });
      await recordCancellation(ctx, contractId, reason, !!offer);
      return result;
    }
    case "accept_offer":
      requireAllowed(policy, "cancel");
      return acceptRetentionOffer(ctx, contractId, action.reason);
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
    case "keep_current_plan":
      // no policy check: undoing a pending change is always the customer's to do
      return cancelScheduledChange(ctx, contractId, action.change_id);
    case "update_card":
      requireAllowed(policy, "update_card");
      return startCardUpdate(ctx, contractId);
    case "pay_now":
      // no policy check: paying what is owed is always the customer's to do
      return payNow(ctx, contractId, action.billing_run);
    case "set_language":
      // no policy check: the customer's language is always theirs to pick
      return setContractCustomerLocale(ctx, contractId, action.locale);
  }
}
