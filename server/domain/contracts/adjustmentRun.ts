// The one place an adjustment run is created: a billing run due now for proration charges settled at
// once (invoice_now) or for the pending adjustments of a contract canceled before its next invoice (and the
// payment of an item change pending until paid, which its caller charges at once).
// The pending lines it bills point at it, so no later run bills them again.
import Decimal from "decimal.js";
import type { DbTx } from "@/server/db";
import { runPeriodOf } from "@/server/domain/billing/period";
import { fmt4 } from "@/server/domain/money";
import type { Prisma } from "@/server/generated/prisma/client";
import type { ContractRecord } from "./contractRows";

type RunLine = Prisma.BillingRunLineCreateWithoutRunInput;

export interface AdjustmentRun {
  lines: RunLine[];
  /** pending lines included in `lines` */
  pendingLineIds: number[];
  periodKey: string;
  metadata: Record<string, unknown>;
  /**
   * Created in `processing` rather than `scheduled`: the caller charges it at once (a change pending until
   * paid), and no worker may claim it first; a caller that dies leaves it to the worker after the lease.
   */
  claimed?: boolean;
}

export async function createAdjustmentRun(
  tx: DbTx,
  contract: Pick<ContractRecord, "id" | "accountId" | "customerId" | "currency">,
  run: AdjustmentRun,
  now: Date,
): Promise<number> {
  const sum = (k: "subtotal" | "tax") => run.lines.reduce((a, l) => a.plus(l[k].toString()), new Decimal(0));
  const created = await tx.billingRun.create({
    data: {
      accountId: contract.accountId,
      contractId: contract.id,
      customerId: contract.customerId,
      kind: "adjustment",
      state: run.claimed ? "processing" : "scheduled",
      currency: contract.currency,
      ...runPeriodOf(run.lines, { start: now, end: now }),
      periodKey: run.periodKey,
      scheduledAt: now,
      createdAt: now,
      updatedAt: now,
      subtotal: fmt4(sum("subtotal")),
      tax: fmt4(sum("tax")),
      total: fmt4(sum("subtotal").plus(sum("tax"))),
      metadata: run.metadata as Prisma.InputJsonValue,
      lines: { create: run.lines },
    },
  });
  if (run.pendingLineIds.length)
    await tx.pendingLine.updateMany({ where: { id: { in: run.pendingLineIds } }, data: { billingRunId: created.id } });
  return created.id;
}
