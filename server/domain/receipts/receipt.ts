// The receipt of a succeeded billing run: the document data every rendering uses (admin page,
// subscriber page, PDF, GET /v2/billing-runs/{id}/receipt/). Amounts are four-digit strings like the
// API's; what was charged is rounded to the currency's minor unit, the difference shown as rounding.
// Dated on the account's clock: issued_at is the instant the receipt was numbered (its run settled).
import type { Db } from "@/server/db";
import { runCharge } from "@/server/domain/billing/amounts";
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { type Dec, dec, fmt4, ZERO } from "@/server/domain/money";
import { lineDiscount } from "@/server/domain/pricing/discount";
import { formatCreditNoteNumber } from "@/server/domain/refunds/number";
import { iso } from "@/server/domain/time";
import { formatReceiptNumber } from "./number";

export const NO_RECEIPT = "This billing run has no receipt: only succeeded runs have one.";

/** "tax 24% exclusive: 2.4000" in a line's explanation (pricing/amounts.ts writes it). */
const TAX_TEXT = /; tax ([0-9.]+)% (inclusive|exclusive):/;

async function loadRun(db: Db, where: { id: number; accountId: number; contractId?: number }) {
  return db.billingRun.findFirst({
    where: { ...where, state: "succeeded", receiptNumber: { not: null } },
    include: {
      lines: { orderBy: { id: "asc" } },
      attempts: { where: { state: "succeeded" }, orderBy: { attemptNo: "asc" } },
      // the seller's name through the contract (a run has no relation to its account of its own)
      contract: {
        select: {
          customer: { select: { id: true, reference: true, name: true, email: true } },
          account: { select: { name: true } },
        },
      },
    },
  });
}

type Loaded = NonNullable<Awaited<ReturnType<typeof loadRun>>>;

type CreditNoteRow = Awaited<ReturnType<typeof creditNotesOf>>[number];

type DetailsRow = Awaited<ReturnType<typeof billingDetailsAt>>;

/** The receipt's issue instant (older runs settled before receipts had one: the payment's). */
const issuedAt = (run: Loaded) => run.receiptIssuedAt ?? run.attempts.at(-1)?.updatedAt ?? run.updatedAt;

/** The customer's billing details as they were when the receipt was issued (portal edits; none: null). */
function billingDetailsAt(db: Db, run: Loaded) {
  return db.customerBillingDetails.findFirst({
    where: { customerId: run.contract.customer.id, at: { lte: issuedAt(run) } },
    orderBy: [{ at: "desc" }, { id: "desc" }],
  });
}

function present(
  run: Loaded,
  credits: { amount: unknown; reason: string; createdAt: Date }[],
  creditNotes: CreditNoteRow[],
  details: DetailsRow,
) {
  const lines = run.lines.map((l) => {
    // only what a discount or coupon took off (a proration credit or a part period is no discount)
    const discount = lineDiscount(l);
    const tax = TAX_TEXT.exec(l.description);
    return {
      product_name: l.productName,
      explanation: l.description,
      kind: l.kind,
      proration_reason: l.prorationReason,
      service_period_start_at: iso(l.servicePeriodStartAt),
      service_period_end_at: iso(l.servicePeriodEndAt),
      quantity: l.quantity,
      unit_amount: fmt4(l.unitAmount),
      discount_amount: fmt4(discount),
      subtotal_amount: fmt4(l.subtotal),
      tax_rate: tax ? tax[1] : null,
      tax_policy: tax ? (tax[2] as "inclusive" | "exclusive") : null,
      tax_amount: fmt4(l.tax),
      total_amount: fmt4(dec(l.subtotal).plus(dec(l.tax))),
    };
  });
  const taxes = new Map<string, { rate: string; policy: string; taxable: Dec; tax: Dec }>();
  for (const l of lines) {
    if (!l.tax_rate || dec(l.tax_amount).isZero()) continue;
    const key = `${l.tax_rate}|${l.tax_policy}`;
    const t = taxes.get(key) ?? {
      rate: l.tax_rate,
      policy: l.tax_policy!,
      taxable: ZERO,
      tax: ZERO,
    };
    t.taxable = t.taxable.plus(l.subtotal_amount);
    t.tax = t.tax.plus(l.tax_amount);
    taxes.set(key, t);
  }
  const charge = runCharge(run);
  const customer = run.contract.customer;
  return {
    receipt_number: formatReceiptNumber(run.receiptNumber!),
    sequence: run.receiptNumber!,
    billing_run_id: run.id,
    contract_id: run.contractId,
    issued_at: iso(issuedAt(run)),
    currency: run.currency,
    seller: { name: run.contract.account.name },
    customer: {
      reference: customer.reference,
      name: details?.name ?? customer.name,
      email: details?.email ?? customer.email,
      billing_address: (details?.address ?? null) as Record<string, string> | null,
      tax_id: details?.taxId ?? null,
    },
    period_start_at: iso(run.periodStartAt),
    period_end_at: iso(run.periodEndAt),
    lines,
    subtotal_amount: fmt4(run.subtotal),
    discount_amount: fmt4(lines.reduce((a, l) => a.plus(l.discount_amount), ZERO)),
    taxes: [...taxes.values()].map((t) => ({
      rate: t.rate,
      policy: t.policy,
      taxable_amount: fmt4(t.taxable),
      tax_amount: fmt4(t.tax),
    })),
    tax_amount: fmt4(run.tax),
    total_amount: fmt4(run.total),
    credit_applied_amount: fmt4(run.creditApplied),
    rounding_adjustment_amount: fmt4(charge.rounding),
    // the same rounding as a reader adds it up: what was added to reach the charged amount (12.2760 → 12.28: +0.0040)
    rounding_amount: fmt4(charge.charged.minus(charge.due)),
    charged_amount: fmt4(charge.charged),
    payments: run.attempts.map((a) => ({
      transaction_id: a.method ? null : a.transactionId,
      paid_at: iso(a.paidAt ?? a.updatedAt),
      amount: fmt4(a.amount),
      method: (a.method ?? "processor") as "processor" | "bank_transfer" | "cash" | "cheque" | "other",
      reference: a.reference,
    })),
    credits_used: credits.map((c) => ({
      amount: fmt4(dec(String(c.amount)).abs()),
      reason: c.reason,
      applied_at: iso(c.createdAt),
    })),
    credit_notes: creditNotes.map((n) => ({
      id: n.id,
      number: formatCreditNoteNumber(n.number),
      issued_at: iso(n.issuedAt),
      reason: n.reason,
      total_amount: fmt4(n.total),
      refund_amount: fmt4(n.refundAmount),
      credit_amount: fmt4(n.creditAmount),
      refunded_amount: fmt4(
        n.refunds.filter((r) => r.state === "succeeded").reduce((a, r) => a.plus(dec(r.amount)), ZERO),
      ),
    })),
  };
}

async function creditNotesOf(db: Db, runId: number) {
  return db.creditNote.findMany({
    where: { runId },
    include: { refunds: { select: { state: true, amount: true } } },
    orderBy: { number: "asc" },
  });
}

export type Receipt = ReturnType<typeof present>;

async function presentLoaded(db: Db, run: Loaded): Promise<Receipt> {
  const [credits, notes, details] = await Promise.all([
    creditsUsed(db, run.id),
    creditNotesOf(db, run.id),
    billingDetailsAt(db, run),
  ]);
  return present(run, credits, notes, details);
}

async function creditsUsed(db: Db, runId: number) {
  return db.contractCredit.findMany({
    where: { billingRunId: runId, kind: "use" },
    select: { amount: true, reason: true, createdAt: true },
    orderBy: { id: "asc" },
  });
}

/** The receipt of a run of the caller's account; not found for other accounts' runs and runs not succeeded. */
export async function receiptForRun(ctx: Ctx, runId: number): Promise<Receipt> {
  const run = await loadRun(ctx.db, { id: runId, accountId: ctx.accountId });
  if (!run) throw notFound(NO_RECEIPT);
  return presentLoaded(ctx.db, run);
}

/**
 * The subscriber page's receipt: the contract found by its page token, the run one of that contract's.
 * Null when either is unknown (the page answers 404 either way, saying nothing about which).
 */
export async function receiptForSubscriber(db: Db, token: string, runId: number): Promise<Receipt | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token) || !Number.isSafeInteger(runId) || runId <= 0) return null;
  const c = await db.subscriptionContract.findUnique({
    where: { subscriberToken: token },
    select: { id: true, accountId: true },
  });
  if (!c) return null;
  const run = await loadRun(db, { id: runId, accountId: c.accountId, contractId: c.id });
  return run ? presentLoaded(db, run) : null;
}
