// Billing runs → the BillingRun of spec 2.9.

import { dec, fmt4, fmt6 } from "@/server/domain/money";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import { runCharge } from "./amounts";

export const runInclude = {
  lines: { orderBy: { id: "asc" } },
  attempts: { orderBy: { attemptNo: "asc" } },
  refunds: { orderBy: { id: "asc" } },
  creditNotes: { select: { total: true } },
  disputes: { where: { state: "open" }, select: { amount: true } },
  contract: { select: { customer: { select: { reference: true } } } },
} satisfies Prisma.BillingRunInclude;

export type RunRecord = Prisma.BillingRunGetPayload<{ include: typeof runInclude }>;
type RunRow = Prisma.BillingRunGetPayload<object>;

export function presentRunSummary(run: RunRow, contract?: { customer: { reference: string } }) {
  return {
    id: run.id,
    contract_id: run.contractId,
    customer_id: run.customerId,
    customer_reference: contract?.customer.reference ?? null,
    kind: run.kind,
    state: run.state,
    currency: run.currency,
    period_start_at: iso(run.periodStartAt),
    period_end_at: iso(run.periodEndAt),
    subtotal_amount: fmt4(run.subtotal),
    tax_amount: fmt4(run.tax),
    total_amount: fmt4(run.total),
    attempt_count: run.attemptCount,
  };
}

export function presentRun(
  run: RunRecord,
  credits: { id: number; amount: Prisma.Decimal; kind: string; reason: string; createdAt: Date }[] = [],
) {
  const charge = runCharge(run);
  return {
    ...presentRunSummary(run, run.contract),
    credit_applied_amount: fmt4(run.creditApplied),
    amount_due: fmt4(charge.due),
    rounding_adjustment_amount: fmt4(charge.rounding),
    charged_amount: fmt4(charge.charged),
    scheduled_at: iso(run.scheduledAt),
    next_attempt_at: run.nextAttemptAt ? iso(run.nextAttemptAt) : null,
    metadata: run.metadata as Record<string, unknown>,
    lines: run.lines.map((line) => ({
      id: line.id,
      contract_item_id: line.contractItemId,
      price_id: line.priceId,
      price_version_id: line.priceVersionId,
      product_name: line.productName,
      quantity: line.usageQuantity ? Number(line.usageQuantity) : line.quantity,
      unit_amount: fmt4(line.unitAmount),
      proration_factor: fmt6(line.prorationFactor),
      line_subtotal_amount: fmt4(line.subtotal),
      line_tax_amount: fmt4(line.tax),
      line_total_amount: fmt4(line.lineTotal),
      service_period_start_at: iso(line.servicePeriodStartAt),
      service_period_end_at: iso(line.servicePeriodEndAt),
      proration_reason: line.prorationReason,
      kind: line.kind,
      description: line.description,
      usage_quantity: line.usageQuantity ? dec(line.usageQuantity).toFixed() : null,
    })),
    attempts: run.attempts.map((attempt) => ({
      id: attempt.id,
      attempt_no: attempt.attemptNo,
      state: attempt.state,
      amount: fmt4(attempt.amount),
      transaction_id: attempt.transactionId,
      fail_code: attempt.failCode,
      fail_message: attempt.failMessage,
      created_at: iso(attempt.createdAt),
      method: attempt.method,
      reference: attempt.reference,
      paid_at: attempt.paidAt ? iso(attempt.paidAt) : null,
    })),
    transactions: [
      ...run.attempts
        .filter((a) => a.transactionId)
        .map((attempt) => ({
          type: "payment",
          id: attempt.transactionId!,
          amount: fmt4(attempt.amount),
          state: attempt.state,
          created_at: iso(attempt.updatedAt),
        })),
      ...credits.map((credit) => ({
        type: credit.kind === "use" ? "credit_applied" : "credit_granted",
        id: `credit_${credit.id}`,
        amount: fmt4(dec(credit.amount).abs()),
        state: "succeeded",
        created_at: iso(credit.createdAt),
      })),
      ...run.refunds.map((refund) => ({
        type: refund.method === "chargeback" ? "chargeback" : "refund",
        id: refund.transactionId ?? `refund_${refund.id}`,
        amount: fmt4(refund.amount),
        state: refund.state,
        created_at: iso(refund.createdAt),
      })),
    ],
    status: run.state,
    created_at: iso(run.createdAt),
    updated_at: iso(run.updatedAt),
    refunded_amount: fmt4(
      run.refunds.filter((r) => r.state === "succeeded").reduce((a, r) => a.plus(dec(r.amount)), dec(0)),
    ),
    credited_amount: fmt4(run.creditNotes.reduce((a, n) => a.plus(dec(n.total)), dec(0))),
    disputed_amount: fmt4(run.disputes.reduce((a, d) => a.plus(dec(d.amount)), dec(0))),
  };
}
