// Billing runs → the BillingRun of spec 2.9.

import { dec, fmt4, fmt6 } from "@/server/domain/money";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import { runCharge } from "./amounts";

export const runInclude = {
  lines: { orderBy: { id: "asc" } },
  attempts: { orderBy: { attemptNo: "asc" } },
  contract: { select: { customer: { select: { reference: true } } } },
} satisfies Prisma.BillingRunInclude;

export type RunRecord = Prisma.BillingRunGetPayload<{ include: typeof runInclude }>;
type RunRow = Prisma.BillingRunGetPayload<object>;

export function presentRunSummary(r: RunRow, c?: { customer: { reference: string } }) {
  return {
    id: r.id,
    contract_id: r.contractId,
    customer_id: r.customerId,
    customer_reference: c?.customer.reference ?? null,
    kind: r.kind,
    state: r.state,
    currency: r.currency,
    period_start_at: iso(r.periodStartAt),
    period_end_at: iso(r.periodEndAt),
    subtotal_amount: fmt4(r.subtotal),
    tax_amount: fmt4(r.tax),
    total_amount: fmt4(r.total),
    attempt_count: r.attemptCount,
  };
}

export function presentRun(
  r: RunRecord,
  credits: { id: number; amount: Prisma.Decimal; kind: string; reason: string; createdAt: Date }[] = [],
) {
  const charge = runCharge(r);
  return {
    ...presentRunSummary(r, r.contract),
    credit_applied_amount: fmt4(r.creditApplied),
    amount_due: fmt4(charge.due),
    rounding_adjustment_amount: fmt4(charge.rounding),
    charged_amount: fmt4(charge.charged),
    scheduled_at: iso(r.scheduledAt),
    next_attempt_at: r.nextAttemptAt ? iso(r.nextAttemptAt) : null,
    metadata: r.metadata as Record<string, unknown>,
    lines: r.lines.map((l) => ({
      id: l.id,
      contract_item_id: l.contractItemId,
      price_id: l.priceId,
      price_version_id: l.priceVersionId,
      product_name: l.productName,
      quantity: l.quantity,
      unit_amount: fmt4(l.unitAmount),
      proration_factor: fmt6(l.prorationFactor),
      line_subtotal_amount: fmt4(l.subtotal),
      line_tax_amount: fmt4(l.tax),
      line_total_amount: fmt4(l.lineTotal),
      service_period_start_at: iso(l.servicePeriodStartAt),
      service_period_end_at: iso(l.servicePeriodEndAt),
      proration_reason: l.prorationReason,
      kind: l.kind,
      description: l.description,
    })),
    attempts: r.attempts.map((a) => ({
      id: a.id,
      attempt_no: a.attemptNo,
      state: a.state,
      amount: fmt4(a.amount),
      transaction_id: a.transactionId,
      fail_code: a.failCode,
      fail_message: a.failMessage,
      created_at: iso(a.createdAt),
    })),
    transactions: [
      ...r.attempts
        .filter((a) => a.transactionId)
        .map((a) => ({
          type: "payment",
          id: a.transactionId!,
          amount: fmt4(a.amount),
          state: a.state,
          created_at: iso(a.updatedAt),
        })),
      ...credits.map((c) => ({
        type: c.kind === "use" ? "credit_applied" : "credit_granted",
        id: `credit_${c.id}`,
        amount: fmt4(dec(c.amount).abs()),
        state: "succeeded",
        created_at: iso(c.createdAt),
      })),
    ],
    status: r.state,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}
