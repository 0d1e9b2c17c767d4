// What a payment processor sends to this service's webhook (spec 2.8, 6.2), as both ends see it: the event,
// the card a completed tokenization carries, and the signature the processor puts on the raw body with its
// own secret (`t=<unix seconds>,v1=<hex HMAC-SHA256("<t>.<body>")>`). The receiving end is
// checkouts/processorWebhook.ts; the sandbox processor (sandboxTokenization.ts) sends. Both import this file
// and never each other: the sandbox reaches the handler only through the receiver it is handed.
import { signatureHeader } from "@/server/domain/webhooks/sign";

/** A card as the hosted form sends it and a completed tokenization reports it. */
export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc?: string;
}

export interface ProcessorEvent {
  type:
    | "tokenization.completed"
    | "tokenization.failed"
    | "payment.succeeded"
    | "payment.failed"
    | "refund.succeeded"
    | "refund.failed"
    | "dispute.created"
    | "dispute.closed";
  account_payment_processor_id: number;
  session?: string;
  card?: CardDetails;
  /** the payment's transaction (payments, disputes) */
  transaction_id?: string;
  /** the processor's refund id (refund events) */
  refund_id?: string;
  /** the processor's dispute id (dispute events) */
  dispute_id?: string;
  /** the disputed amount, in the currency's units */
  amount?: string;
  reason?: string;
  /** how a dispute ended */
  outcome?: "won" | "lost";
  fail_code?: string;
  fail_message?: string;
}

/** A webhook as it arrives: the bytes that were signed, the event they parse to, the signature header. */
export interface ProcessorWebhook {
  rawBody: string;
  event: ProcessorEvent;
  signature: string | null;
}

/** Signature header value for `body` at `at` (what the processor sends as `x-sandbox-signature`). */
export function signProcessorWebhook(secret: string, body: string, at: Date = new Date()): string {
  return signatureHeader(secret, Math.floor(at.getTime() / 1000), body);
}

/** The processor's webhook secret, or null when its config holds none (then nothing verifies). */
export function processorWebhookSecret(processor: { config: unknown }): string | null {
  const config = processor.config;
  const secret = config && typeof config === "object" ? (config as Record<string, unknown>).webhook_secret : null;
  return typeof secret === "string" && secret.length >= 16 ? secret : null;
}
