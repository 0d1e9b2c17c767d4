// Trial milestones (an extension of the spec), processed with everything else due for a contract:
// subscription_contract.trial_will_end 3 days before the trial end (like Stripe) and, at the trial end,
// subscription_contract.trial_ended. At the end a contract whose customer has no usable payment method
// is canceled or paused (the contract's trial_end_behavior) before its first regular run would bill.
// Each milestone is emitted once: its notice_emissions row and its events share one transaction.
import type { Ctx } from "@/server/domain/context";
import { viewContractById } from "@/server/domain/contracts/contractResponse";
import { canceledContractFields, withLockedContract, withVersionBump } from "@/server/domain/contracts/contractRows";
import { type EventType, emitEvent } from "@/server/domain/events/outbox";
import { claim } from "@/server/domain/notices/tick";
import type { Prisma } from "@/server/generated/prisma/client";
import { pickPaymentMethod } from "./execute";

export const TRIAL_NOTICE_DAYS = 3;
const DAY_MS = 86_400_000;
const WILL_END = "subscription_contract.trial_will_end" as const;
const ENDED = "subscription_contract.trial_ended" as const;

/** A contract has one trial (set at creation): its milestones are keyed by the contract. */
export const trialSubject = (contractId: number) => `contract_${contractId}`;

interface TrialFields {
  id: number;
  state: string;
  trialStartAt: Date | null;
  trialEndAt: Date | null;
}

/** When the trial_will_end notice is due: 3 days before the end, or at the start of a shorter trial. */
export function trialNoticeAt(contract: Pick<TrialFields, "trialStartAt" | "trialEndAt">): Date {
  const at = new Date(contract.trialEndAt!.getTime() - TRIAL_NOTICE_DAYS * DAY_MS);
  return contract.trialStartAt && contract.trialStartAt > at ? contract.trialStartAt : at;
}

/** The next trial milestone at or before `until` not emitted yet, or null. */
export async function nextTrialDueAt(ctx: Ctx, contract: TrialFields, until: Date): Promise<Date | null> {
  if (!contract.trialEndAt || (contract.state !== "active" && contract.state !== "paused")) return null;
  const emitted = await ctx.db.noticeEmission.findMany({
    where: { accountId: ctx.accountId, kind: { in: [WILL_END, ENDED] }, subjectKey: trialSubject(contract.id) },
    select: { kind: true },
  });
  const done = new Set(emitted.map((e) => e.kind));
  const notice = trialNoticeAt(contract);
  if (!done.has(WILL_END) && notice <= until) return notice;
  if (!done.has(ENDED) && contract.trialEndAt <= until) return contract.trialEndAt;
  return null;
}

/** Emits the trial milestones due at ctx.clock.now() and applies the trial end. Returns the events written. */
export async function applyTrialDue(ctx: Ctx, contractId: number): Promise<EventType[]> {
  return withLockedContract(ctx, contractId, async (tx, contract) => {
    const now = ctx.clock.now();
    if (!contract.trialEndAt || (contract.state !== "active" && contract.state !== "paused")) return [];
    const events: EventType[] = [];
    const subject = [trialSubject(contract.id)];
    if (trialNoticeAt(contract) <= now && (await claim(tx, ctx.accountId, WILL_END, subject, now)).size)
      events.push(WILL_END);
    if (contract.trialEndAt <= now && (await claim(tx, ctx.accountId, ENDED, subject, now)).size) {
      const run = { customerId: contract.customerId, currency: contract.currency, kind: "regular" };
      const method = contract.state === "active" ? await pickPaymentMethod(tx, run, contract) : true;
      if (!method) {
        const at = contract.trialEndAt;
        const data: Prisma.SubscriptionContractUpdateInput =
          contract.trialEndBehavior === "pause"
            ? { state: "paused", nextBillingAt: null }
            : { ...canceledContractFields(at, at), cancelAt: at };
        await tx.subscriptionContract.update({ where: { id: contract.id }, data: withVersionBump(now, data) });
        events.push(
          contract.trialEndBehavior === "pause" ? "subscription_contract.paused" : "subscription_contract.canceled",
        );
      }
      events.push(ENDED);
    }
    if (!events.length) return events;
    const view = await viewContractById(ctx, tx, contract.id);
    for (const type of events) await emitEvent(tx, ctx.accountId, type, view, now);
    return events;
  });
}
