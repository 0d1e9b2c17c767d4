// Lifecycle transitions of spec 3.1 as planners for the shared operation flow (preview + execute).

import Decimal from "decimal.js";
import type { DbTx } from "@/server/db";
import { billFinalUsage } from "@/server/domain/billing/finalUsage";
import { invalid, invalidFields } from "@/server/domain/errors";
import type { EventType } from "@/server/domain/events/outbox";
import { END_OF_TIME } from "@/server/domain/instant";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CancelInput, PauseInput, RestartInput, ResumeInput } from "@/server/schemas/contracts";
import { createAdjustmentRun } from "./adjustmentRun";
import { type ContractRecord, canceledContractFields, notAllowed } from "./contractRows";
import { grantCredit } from "./creditLedger";
import { itemLine, type ProrationLine, pendingAsRunLine, prorate } from "./lines";
import type { Plan, PlanArgs } from "./operationFlow";
import { cancelPendingChanges } from "./scheduledChanges";

const liveItems = (c: ContractRecord) => c.items.filter((i) => i.status === "active");

/** A plan that only sets fields of an active contract (no lines; it keeps billing). */
function fieldsOnlyPlan(contractId: number, data: Prisma.SubscriptionContractUpdateInput, event: EventType): Plan {
  return {
    lines: [],
    resultingState: "active",
    continues: true,
    apply: async (tx) => {
      await tx.subscriptionContract.update({ where: { id: contractId }, data });
      return { event };
    },
  };
}

/** Lines for the part [from, to) of each live item's current period (credit −1 or charge +1). */
function periodLines(args: PlanArgs<unknown>, from: Date, to: Date, sign: 1 | -1, reason: string): ProrationLine[] {
  if (!args.prorate) return [];
  return liveItems(args.contract).flatMap((item) => {
    if (!item.periodStartAt || !item.periodEndAt) return [];
    const line = prorate(
      itemLine(args.catalog, item),
      item.id,
      { start: item.periodStartAt, end: item.periodEndAt },
      from,
      to,
      sign,
      reason,
    );
    return line ? [line] : [];
  });
}

export function planCancel(args: PlanArgs<CancelInput>): Plan {
  const { contract, input, at, now } = args;
  if (contract.state !== "active") throw notAllowed(contract, "cancel");
  if (input.cancel_at_period_end && input.cancel_at)
    throw invalid("non_field_errors", "Send either cancel_at_period_end or cancel_at, not both.");
  if (input.cancel_at_period_end) {
    if (!contract.nextBillingAt)
      throw invalid("cancel_at_period_end", "The contract has no current billing period to end.");
    const end = contract.nextBillingAt;
    return fieldsOnlyPlan(
      contract.id,
      { cancelAtPeriodEnd: true, cancelAt: end, canceledAt: null, endedAt: null },
      "subscription_contract.updated",
    );
  }
  if (input.cancel_at) {
    const when = new Date(input.cancel_at);
    if (when <= now) throw invalid("cancel_at", "cancel_at must be in the future; omit it to cancel now.");
    return fieldsOnlyPlan(contract.id, { cancelAtPeriodEnd: false, cancelAt: when }, "subscription_contract.updated");
  }
  if (at > now) throw invalid("effective_at", "An immediate cancellation cannot be in the future; use cancel_at.");
  // credits each item from `at` to the end of its current period, however far that is (nothing during a
  // trial: the operation flow does not prorate then)
  const lines = periodLines(args, at, END_OF_TIME, -1, "canceled");
  return {
    lines,
    resultingState: "canceled",
    continues: false,
    apply: async (tx) => {
      await tx.subscriptionContract.update({
        where: { id: contract.id },
        data: { ...canceledContractFields(at, at), cancelAt: at },
      });
      await tx.contractPause.updateMany({
        where: { contractId: contract.id, state: "scheduled" },
        data: { state: "canceled", canceledAt: now },
      });
      await settlePendingOnCancel(tx, contract, now);
      await billFinalUsage(tx, contract, at);
      await cancelPendingChanges(tx, contract.id, now);
      return { event: "subscription_contract.canceled" };
    },
  };
}

/**
 * A canceled contract has no next invoice: adjustments still waiting for one are settled now, charges
 * (net positive) by an adjustment run due now, credits (net negative) as contract credit.
 */
async function settlePendingOnCancel(tx: DbTx, contract: ContractRecord, now: Date) {
  const pending = await tx.pendingLine.findMany({
    where: { contractId: contract.id, billingRunId: null },
    orderBy: { id: "asc" },
  });
  if (!pending.length) return;
  const sum = (k: "subtotal" | "tax") => pending.reduce((a, l) => a.plus(l[k].toString()), new Decimal(0));
  const net = sum("subtotal").plus(sum("tax"));
  if (net.gt(0)) {
    await createAdjustmentRun(
      tx,
      contract,
      {
        lines: pending.map(pendingAsRunLine),
        pendingLineIds: pending.map((p) => p.id),
        periodKey: `cancel:${now.toISOString()}`,
        metadata: { operation: "cancel", reason: "pending adjustments of a canceled contract" },
      },
      now,
    );
  } else {
    if (net.lt(0)) {
      await grantCredit(tx, contract, net.negated(), "pending adjustments of a canceled contract", "cancel", now);
    }
    // settled as credit (or nothing): the queue entries are done
    await tx.pendingLine.deleteMany({ where: { id: { in: pending.map((p) => p.id) } } });
  }
}

/** Restart: clears a pending cancellation, or reactivates a canceled contract from now (new anchor). */
export function planRestart(args: PlanArgs<RestartInput>): Plan {
  const { contract, now } = args;
  if (contract.state === "active" && (contract.cancelAt || contract.cancelAtPeriodEnd)) {
    return fieldsOnlyPlan(contract.id, { cancelAtPeriodEnd: false, cancelAt: null }, "subscription_contract.restarted");
  }
  if (contract.state !== "canceled")
    throw notAllowed(contract, "restart", { active: "The contract has no pending cancellation to clear." });
  const items = liveItems(contract);
  if (!items.length) throw invalid("non_field_errors", "The contract has no items to restart.");
  return restartBillingPlan(contract, now, "subscription_contract.restarted");
}

/** A contract that starts a new billing period now, billed in advance by the next run. */
function restartBillingPlan(contract: ContractRecord, now: Date, event: EventType): Plan {
  const items = liveItems(contract);
  return {
    lines: [],
    resultingState: "active",
    continues: true,
    apply: async (tx) => {
      await tx.subscriptionContract.update({
        where: { id: contract.id },
        data: {
          state: "active",
          recurring: true,
          cancelAtPeriodEnd: false,
          cancelAt: null,
          canceledAt: null,
          endedAt: null,
          billingAnchorAt: now,
          nextBillingAt: now,
        },
      });
      await tx.contractItem.updateMany({
        where: { id: { in: items.map((i) => i.id) } },
        data: { periodStartAt: now, periodEndAt: now },
      });
      return { event };
    },
  };
}

export function planPause(args: PlanArgs<PauseInput>): Plan {
  const { contract, input, at, now } = args;
  const start = new Date(input.start_date);
  const end = new Date(input.end_date);
  if (end <= start) throw invalid("end_date", "end_date must be after start_date.");
  if (end <= now) throw invalid("end_date", "end_date must be in the future.");
  const current = start <= now;
  if (contract.state !== "active" && !(contract.state === "paused" && !current))
    throw notAllowed(contract, current ? "pause" : "schedule a pause for");
  const overlap = contract.pauses.find(
    (p) => (p.state === "scheduled" || p.state === "active") && p.startAt < end && start < p.endAt,
  );
  if (overlap) throw invalidFields({ start_date: [`The pause overlaps pause ${overlap.id}.`] });
  if (contract.cancelAt && start >= contract.cancelAt)
    throw invalid("start_date", "The contract is canceled before this pause would start.");
  // from `at` (now, or the previewed instant when executed with a preview token), never before the window
  const lines = periodLines(args, at > start ? at : start, end, -1, "paused");
  return {
    lines,
    resultingState: current ? "paused" : contract.state,
    continues: true,
    apply: async (tx) => {
      await tx.contractPause.create({
        data: {
          contractId: contract.id,
          startAt: start,
          endAt: end,
          state: current ? "active" : "scheduled",
          reason: input.reason ?? null,
          createdAt: now,
        },
      });
      if (current) await tx.subscriptionContract.update({ where: { id: contract.id }, data: { state: "paused" } });
      return { event: current ? "subscription_contract.paused" : "subscription_contract.updated" };
    },
  };
}

/** Resume: ends the current pause now; renewals continue on the contract's anchors. */
export function planResume(args: PlanArgs<ResumeInput>): Plan {
  const { contract, now } = args;
  if (contract.state !== "paused") throw notAllowed(contract, "resume");
  if (args.at > now) throw invalid("effective_at", "A resume cannot be in the future.");
  const pause = contract.pauses.find(
    (p) => p.state === "active" || (p.state !== "canceled" && p.startAt <= now && now < p.endAt),
  );
  // the pause ends at `at` (now, or the previewed instant when executed with a preview token)
  const at = pause && args.at < pause.startAt ? pause.startAt : args.at;
  // paused at a trial end without a payment method: billing starts over from now (as a restart does)
  if (!pause && !contract.nextBillingAt && contract.trialEndAt && contract.trialEndAt <= now)
    return restartBillingPlan(contract, now, "subscription_contract.resumed");
  const until = pause?.endAt ?? at;
  const lines = periodLines(args, at, until, 1, "resumed");
  return {
    lines,
    resultingState: "active",
    continues: true,
    apply: async (tx) => {
      if (pause)
        await tx.contractPause.update({
          where: { id: pause.id },
          data: { state: "completed", endAt: at < pause.endAt ? at : pause.endAt },
        });
      await tx.subscriptionContract.update({ where: { id: contract.id }, data: { state: "active" } });
      return { event: "subscription_contract.resumed" };
    },
  };
}
