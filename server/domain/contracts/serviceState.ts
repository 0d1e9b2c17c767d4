// Service state of a contract at an instant (pure): the access flag never comes from payment state
// alone; it follows contract state, pauses, item service periods and unpaid runs past a grace period.
import type { ContractRecord } from "./contractRows";

/** Days an unpaid run may stay unpaid before the contract is past_due and service stops. */
export const PAST_DUE_GRACE_DAYS = 3;
const DAY = 86_400_000;

/** A run unpaid since this instant or earlier is past the grace period at `at` (the SQL filters use it too). */
export const pastDueGraceStart = (at: Date) => new Date(at.getTime() - PAST_DUE_GRACE_DAYS * DAY);

type Item = ContractRecord["items"][number];
type Pause = ContractRecord["pauses"][number];

export const pauseCovers = (p: Pause, at: Date) => p.state !== "canceled" && p.startAt <= at && at < p.endAt;

export function itemEntitledUntil(contract: Pick<ContractRecord, "cancelAt" | "endedAt">, item: Item): Date | null {
  let until = item.periodEndAt;
  for (const cap of [item.endAt, item.removedAt, contract.cancelAt, contract.endedAt])
    if (cap && (!until || cap < until)) until = cap;
  return until;
}

export function itemActiveAt(contract: Pick<ContractRecord, "cancelAt" | "endedAt">, item: Item, at: Date): boolean {
  if (item.removedAt && item.removedAt <= at) return false;
  if ((item.startAt && item.startAt > at) || (item.endAt && item.endAt <= at)) return false;
  const until = itemEntitledUntil(contract, item);
  return !!until && at < until;
}

export function isPastDue(
  contract: Pick<ContractRecord, "billingAttentionRequired" | "pastDueSince">,
  at: Date,
): boolean {
  return contract.billingAttentionRequired && !!contract.pastDueSince && contract.pastDueSince <= pastDueGraceStart(at);
}

export function serviceStateAt(
  contract: ContractRecord,
  at: Date,
): { state: "active" | "inactive" | "partial" | "past_due"; active: boolean; items: Map<number, boolean> } {
  const items = new Map<number, boolean>();
  // nothing before the contract's service began (creation, activation or restart): entitlement queries may ask about the past
  // (a trial is service too: the anchor is its end, where billing starts)
  const began =
    contract.trialStartAt && contract.trialStartAt < contract.billingAnchorAt
      ? contract.trialStartAt
      : contract.billingAnchorAt;
  const live =
    at >= began &&
    (contract.state === "active" ||
      (contract.state === "canceled" && contract.endedAt != null && at < contract.endedAt));
  const paused = contract.pauses.some((p) => pauseCovers(p, at));
  for (const i of contract.items) items.set(i.id, live && !paused && itemActiveAt(contract, i, at));
  if (!live || paused) return { state: "inactive", active: false, items };
  if (isPastDue(contract, at))
    return { state: "past_due", active: false, items: new Map([...items].map(([k]) => [k, false])) };
  const relevant = contract.items.filter((i) => i.status === "active" || (i.removedAt && i.removedAt > at));
  const on = relevant.filter((i) => items.get(i.id)).length;
  if (!on) return { state: "inactive", active: false, items };
  return { state: on < relevant.length ? "partial" : "active", active: true, items };
}
