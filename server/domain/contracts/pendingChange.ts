// An item change that waits for its payment (payment_behavior=pending_if_incomplete): what its adjustment run
// keeps in `metadata.pending_change` between the charge and its outcome, and the checks around it. The
// contract itself holds nothing of it: until the payment succeeds the change does not exist for billing,
// entitlements or previews (settlePendingChange.ts applies or drops it when the processor answers).
import type { DbTx } from "@/server/db";
import type { EventActor } from "@/server/domain/context";
import { invalid } from "@/server/domain/errors";
import type { Operation } from "@/server/schemas/contracts";
import { type ProrationLine, presentProrationLine } from "./lines";
import { digest } from "./previewToken";

/** awaiting_payment → applied (paid), dropped (payment failed) or credited (paid, but the contract moved on). */
export type PendingChangeState = "awaiting_payment" | "applied" | "dropped" | "credited";

export interface PendingChange {
  operation: Operation;
  /** the operation's fields as executed (without preview token or idempotency key) */
  input: Record<string, unknown>;
  effective_at: string;
  /** the instant it was priced at (the request's now): the re-plan at settlement uses it, so it prices the same */
  planned_at: string;
  /** the contract as it was priced: a change applies only to the contract it was charged for */
  contract_version: number;
  lines_digest: string;
  actor: EventActor | null;
  state: PendingChangeState;
  /** the item the change added or changed, once applied */
  contract_item_id?: number | null;
  fail_code?: string;
  fail_message?: string;
}

/** The change a run's metadata holds, if the run is the payment of a pending change. */
export function pendingChangeOf(metadata: unknown): PendingChange | null {
  const change = (metadata as { pending_change?: PendingChange } | null)?.pending_change;
  return change && typeof change === "object" ? change : null;
}

/** What the charge paid for: the proration lines on the contract version they were priced on. */
export const linesDigest = (contractVersion: number, lines: ProrationLine[]) =>
  digest({ contract_version: contractVersion, lines: lines.map(presentProrationLine) });

/** Run states in which a pending change is still waiting for its processor's answer. */
export const UNSETTLED_RUN_STATES = ["scheduled", "processing", "pending_external"];

/**
 * One change waiting for its payment per contract: a second one would be priced on the contract without
 * the first and could only be paid for twice. Callers hold the contract's row lock.
 */
export async function refuseWhileAwaitingPayment(tx: DbTx, contractId: number): Promise<void> {
  const runs = await tx.billingRun.findMany({
    where: { contractId, kind: "adjustment", state: { in: UNSETTLED_RUN_STATES } },
    select: { id: true, metadata: true },
  });
  const waiting = runs.find((r) => pendingChangeOf(r.metadata)?.state === "awaiting_payment");
  if (waiting)
    throw invalid(
      "non_field_errors",
      `A change of this contract is waiting for its payment (billing run ${waiting.id}); try again once it is settled.`,
      "change_awaiting_payment",
    );
}
