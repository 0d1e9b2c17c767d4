// Outbox (spec 6): events are rows written in the same transaction as the change they describe;
// the webhook dispatcher publishes them later, at least once, each with a unique event id.
import { randomFillSync } from "node:crypto";
import type { DbTx } from "@/server/db";
import type { EventActor } from "@/server/domain/context";
import type { Prisma } from "@/server/generated/prisma/client";

/** Every event type the service emits; the events reference (/docs/events) is generated from this list. */
export const EVENT_TYPES = [
  "subscription_contract.created",
  "subscription_contract.updated",
  "subscription_contract.canceled",
  "subscription_contract.paused",
  "subscription_contract.resumed",
  "subscription_contract.restarted",
  "subscription_contract.activated",
  "subscription_contract.ended",
  "billing_run.created",
  "billing_run.succeeded",
  "billing_run.failed",
  "billing_run.exhausted",
  // a run that will never be collected (extension): the first payment of a checkout never made, or the
  // failed payment of an item change pending until paid (the change was dropped)
  "billing_run.voided",
  // money flowing back (extensions): refunds, credit notes, payments recorded outside the processor, write-offs,
  // disputes (chargebacks)
  "billing_run.refunded",
  "billing_run.refund_failed",
  "billing_run.marked_paid",
  "billing_run.written_off",
  "credit_note.created",
  "dispute.created",
  "dispute.closed",
  // metered usage (extension): a seller-set quantity of a period's usage was reached
  "usage.threshold_reached",
  // dunning notices (extension): what a seller e-mails customers (server/domain/notices)
  "billing_run.payment_failed",
  "payment_method.expiring",
  // a card the seller asked the customer for (extension): the link to the hosted card form
  "payment_method.requested",
  "subscription_contract.renewal_upcoming",
  // trials (extension): 3 days before the trial end, and at it (server/domain/billing/trialEnd.ts)
  "subscription_contract.trial_will_end",
  "subscription_contract.trial_ended",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

// NOTE: event ids come from a pool of random bytes, refilled when spent: randomBytes(12) per id made a getrandom
// call each (3–4 µs), and the billing worker makes two ids per billed contract. The same 96 random bits per id.
const ID_BYTES = 12;
const idPool = Buffer.alloc(ID_BYTES * 512);
let idOffset = idPool.length;

export const newEventId = () => {
  if (idOffset + ID_BYTES > idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  const id = `evt_${idPool.toString("hex", idOffset, idOffset + ID_BYTES)}`;
  idOffset += ID_BYTES;
  return id;
};

/** The outbox row of one event: the single definition of its id and payload shape (emitEvent and bulk inserts). */
export function eventRow(accountId: number, type: EventType, data: unknown, at: Date, actor?: EventActor) {
  const eventId = newEventId();
  return {
    eventId,
    accountId,
    type,
    createdAt: at,
    // NOTE: `data` is a presented resource (JSON by construction) typed `unknown` here, which Prisma's
    // InputJsonValue cannot accept without an assertion
    payload: {
      id: eventId,
      type,
      created_at: at.toISOString(),
      data,
      // extension: who made the change when it was not the seller (the customer on the subscriber page)
      ...(actor ? { actor: { type: actor.type, id: actor.id } } : {}),
    } as unknown as Prisma.InputJsonValue,
  };
}

export type EventRow = ReturnType<typeof eventRow>;

export async function emitEvent(
  tx: DbTx,
  accountId: number,
  type: EventType,
  data: unknown,
  at: Date,
  actor?: EventActor,
): Promise<void> {
  await tx.outboxEvent.create({ data: eventRow(accountId, type, data, at, actor) });
}
