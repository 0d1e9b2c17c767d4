// The idempotency fence: a keyed request's effect and its key's outcome as one atomic fact. A route whose
// effect is one transaction arms `ctx.idempotency`; the domain function then calls `fenceIdempotency`
// inside that transaction, which stores the response (and the resource it names) on the key's record, but
// only while the record is still this request's claim. A retry that took the claim over (its request
// looked dead) makes the call fail, so the old effect rolls back; an effect that committed has its outcome
// stored with it, so a retry replays it instead of executing again.
import type { DbTx } from "@/server/db";
import { DomainError } from "@/server/domain/errors";
import { jsonValue } from "./store";

/** The claim a request executes under, and how its route answers what the domain committed. */
export interface IdempotencyFence {
  recordId: number;
  /** the claim's owner token (store.ts): the record is this request's while it still carries it */
  owner: string;
  /** the route's success status */
  status: number;
  /** the route's response body of what the domain hands the fence */
  present(committed: unknown): unknown;
  /** set when a transaction stored the outcome (it stands once that transaction commits) */
  stored: boolean;
}

/** What the request produced, named on the key's record. */
export interface FencedResource {
  type: string;
  id: number;
}

/**
 * Inside the effect's transaction: stores the key's outcome (`committed` as the route answers it) on the
 * claim, or throws a 409 when a retry has taken the claim over (the transaction then rolls back). Does
 * nothing for requests without a key, and for callers whose route does not arm the fence.
 */
export async function fenceIdempotency(
  tx: DbTx,
  // the `idempotency` of the domain's Ctx, written out: context.ts imports this file for the fence's type
  ctx: { idempotency?: IdempotencyFence },
  resource: FencedResource,
  committed: unknown,
): Promise<void> {
  const fence = ctx.idempotency;
  if (!fence) return;
  // exactly the JSON the response will carry
  const body = JSON.parse(JSON.stringify(fence.present(committed) ?? null));
  const stored = await tx.idempotencyRecord.updateMany({
    where: { id: fence.recordId, ownerToken: fence.owner, state: "pending" },
    data: {
      state: "done",
      responseStatus: fence.status,
      responseBody: jsonValue(body),
      resourceType: resource.type,
      resourceId: resource.id,
    },
  });
  if (stored.count !== 1)
    throw new DomainError(
      "conflict",
      "A retry with this idempotency key took this request over; retry it to get the outcome.",
    );
  fence.stored = true;
}
