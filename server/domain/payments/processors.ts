// Processor adapters behind one interface. The sandbox adapters decide outcomes by test card number
// (README "Test cards"), deterministically per idempotency key, so a retried call repeats its result.
import { createHash } from "node:crypto";
import Decimal from "decimal.js";
import { isCurrencyCode, minorUnitExponent } from "@/server/domain/currencies";

export interface ChargeRequest {
  /** in the currency's units, with at most its minor-unit digits ("12.28" EUR, "1228" JPY, "12.276" KWD) */
  amount: string;
  currency: string;
  idempotencyKey: string;
  paymentMethod: { collectionMethod: string; token: string | null };
}
export type ChargeResult =
  | { status: "succeeded"; transactionId: string }
  | { status: "failed"; transactionId: string; failCode: string; failMessage: string }
  | { status: "pending_external"; transactionId: string };

/** A zero-amount authorisation of a card about to be put on file (as real processors verify a card). */
export interface VerifyRequest {
  currency: string;
  paymentMethod: { collectionMethod: string; token: string | null };
}
export type VerifyResult = { status: "succeeded" } | { status: "failed"; failCode: string; failMessage: string };

/** Money back on a payment the processor took: its transaction, in the currency's units like a charge. */
export interface RefundRequest {
  transactionId: string;
  amount: string;
  currency: string;
  idempotencyKey: string;
  paymentMethod: { collectionMethod: string; token: string | null } | null;
  /** vendor B refunds asynchronously: pending now, its signed webhook settles the refund */
  asynchronous: boolean;
}
export type RefundResult =
  | { status: "succeeded" | "pending"; refundId: string }
  | { status: "failed"; refundId: string; failCode: string; failMessage: string };

export interface ProcessorAdapter {
  charge(req: ChargeRequest): Promise<ChargeResult>;
  verify(req: VerifyRequest): Promise<VerifyResult>;
  refund(req: RefundRequest): Promise<RefundResult>;
}

/**
 * Test card numbers and what the sandbox does with them. A zero-amount authorisation (verify) refuses the
 * declined and expired cards; it passes the others (it checks no balance), so `insufficient_funds` and
 * `declines_charges` cards go on file and fail only when charged.
 */
export const TEST_CARDS: Record<
  string,
  {
    outcome: "succeeded" | "failed" | "pending_external";
    failCode?: string;
    failMessage?: string;
    label: string;
    /** the card passes a zero-amount authorisation although its charges fail */
    verifies?: boolean;
    /** the processor refuses refunds to this card (charges succeed) */
    refundFails?: boolean;
  }
> = {
  "4242424242424242": { outcome: "succeeded", label: "Visa: succeeds" },
  "5555555555554444": { outcome: "succeeded", label: "Mastercard: succeeds" },
  "4000000000000002": {
    outcome: "failed",
    failCode: "card_declined",
    failMessage: "The card was declined.",
    label: "declined",
  },
  "4000000000009995": {
    outcome: "failed",
    failCode: "insufficient_funds",
    failMessage: "The card has insufficient funds.",
    label: "insufficient funds",
    verifies: true,
  },
  "4000000000000341": {
    outcome: "failed",
    failCode: "card_declined",
    failMessage: "The card was declined.",
    label: "goes on file, then every charge is declined",
    verifies: true,
  },
  "4000000000000069": {
    outcome: "failed",
    failCode: "expired_card",
    failMessage: "The card has expired.",
    label: "expired card",
  },
  "4000000000005126": {
    outcome: "succeeded",
    label: "charges succeed; refunds to it are refused",
    refundFails: true,
  },
  "4000000000003220": {
    outcome: "pending_external",
    label: "requires external action (3-D Secure); completes via the processor webhook",
  },
};

export const cardFromToken = (token: string | null) => (token ?? "").replace(/^tok_sandbox_/, "");

/** Why a processor refuses the amount, as real ones do: unknown currency, or more digits than its minor unit. */
export function amountProblem(amount: string, currency: string): string | null {
  if (!isCurrencyCode(currency)) return `Unsupported currency ${currency}.`;
  const exponent = minorUnitExponent(currency);
  const shape = exponent === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${exponent}})?$`);
  if (!shape.test(amount)) return `Invalid amount ${amount} ${currency}: at most ${exponent} fraction digits.`;
  return new Decimal(amount).gt(0) ? null : `Invalid amount ${amount} ${currency}: must be positive.`;
}

const sandbox: ProcessorAdapter = {
  async charge(req) {
    const transactionId = `txn_${createHash("sha256").update(req.idempotencyKey).digest("hex").slice(0, 20)}`;
    const problem = amountProblem(req.amount, req.currency);
    if (problem) return { status: "failed", transactionId, failCode: "invalid_amount", failMessage: problem };
    if (req.paymentMethod.collectionMethod !== "card") return { status: "succeeded", transactionId }; // claim/invoice: collected outside
    const card = TEST_CARDS[cardFromToken(req.paymentMethod.token)];
    if (!card || card.outcome === "succeeded") return { status: "succeeded", transactionId };
    if (card.outcome === "pending_external") return { status: "pending_external", transactionId };
    return { status: "failed", transactionId, failCode: card.failCode!, failMessage: card.failMessage! };
  },
  async refund(req) {
    const refundId = `re_${createHash("sha256").update(req.idempotencyKey).digest("hex").slice(0, 20)}`;
    const problem = amountProblem(req.amount, req.currency);
    if (problem) return { status: "failed", refundId, failCode: "invalid_amount", failMessage: problem };
    const card = req.paymentMethod ? TEST_CARDS[cardFromToken(req.paymentMethod.token)] : undefined;
    // an asynchronous processor answers pending either way; its webhook then says what became of it
    if (req.asynchronous) return { status: "pending", refundId };
    if (card?.refundFails)
      return {
        status: "failed",
        refundId,
        failCode: "refund_declined",
        failMessage: "The card's bank refused the refund.",
      };
    return { status: "succeeded", refundId };
  },
  async verify(req) {
    if (req.paymentMethod.collectionMethod !== "card") return { status: "succeeded" };
    const card = TEST_CARDS[cardFromToken(req.paymentMethod.token)];
    if (card?.outcome !== "failed" || card.verifies) return { status: "succeeded" };
    return { status: "failed", failCode: card.failCode!, failMessage: card.failMessage! };
  },
};

const adapters: Record<string, ProcessorAdapter> = {
  sandbox_generic: sandbox,
  sandbox_vendor_a: sandbox,
  sandbox_vendor_b: sandbox,
  sandbox_vendor_c: sandbox,
};

export function adapterFor(processorType: string): ProcessorAdapter {
  const adapter = adapters[processorType];
  if (!adapter) throw new Error(`no adapter for processor type ${processorType}`);
  return adapter;
}
