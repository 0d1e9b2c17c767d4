// Inbound processor webhook (spec 2.8, 6.2): the sandbox processors tell us that a delayed tokenization
// or an externally authenticated payment completed. Each processor signs with its own random secret
// (`config.webhook_secret`, created with the row by a database trigger; there is no shared default), over
// a timestamp and the body: `t=<unix seconds>,v1=<hex HMAC-SHA256("<t>.<body>")>`. A request older or
// newer than 5 minutes by the real clock (never an account's test clock), one whose signature was
// already accepted, a wrong signature and an unknown processor id all get the same 401. The event's shape
// and its signing are payments/processorEvents.ts, which the sandbox processor that sends uses too.
import { createHash, randomBytes } from "node:crypto";
import { systemClock } from "@/server/clock";
import { config } from "@/server/config";
import type { Db } from "@/server/db";
import { accountClockOf } from "@/server/domain/accountContext";
import { recordOutcome } from "@/server/domain/billing/execute";
import type { Ctx } from "@/server/domain/context";
import { DomainError, invalid, isDomainError } from "@/server/domain/errors";
import {
  type ProcessorEvent,
  type ProcessorWebhook,
  processorWebhookSecret,
} from "@/server/domain/payments/processorEvents";
import type { SandboxWebhookReceiver } from "@/server/domain/payments/sandboxTokenization";
import { closeDispute, openDispute } from "@/server/domain/refunds/disputes";
import { settleRefund } from "@/server/domain/refunds/refunds";
import { verifiedSignature } from "@/server/domain/webhooks/sign";
import { verifyCard } from "./registrations";

export const PROCESSOR_WEBHOOK_TOLERANCE_S = 5 * 60;

// checked against when there is no secret to check against, so that case costs the same HMAC
const UNGUESSABLE = `whsec_${randomBytes(32).toString("hex")}`;
const refused = () => new DomainError("unauthenticated", "Invalid processor signature.");
/** A replay is the same verified signature (the HMAC of timestamp and body), however the header was written. */
const receiptKey = (verified: string) => createHash("sha256").update(verified).digest("hex");

async function authenticate(db: Db, event: ProcessorEvent, rawBody: string, signature: string | null) {
  const id = Number(event.account_payment_processor_id);
  const processor =
    Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
      ? await db.accountPaymentProcessor.findUnique({ where: { id } })
      : null;
  const secret = (processor && processorWebhookSecret(processor)) ?? UNGUESSABLE;
  const now = systemClock.now();
  const verified = verifiedSignature(
    secret,
    signature ?? "",
    rawBody,
    Math.floor(now.getTime() / 1000),
    PROCESSOR_WEBHOOK_TOLERANCE_S,
  );
  if (!verified || !processor) throw refused();
  // a captured request replayed inside its 5 minutes: the same signature is accepted once
  await db.processorWebhookReceipt.deleteMany({
    where: { receivedAt: { lt: new Date(now.getTime() - 2 * PROCESSOR_WEBHOOK_TOLERANCE_S * 1000) } },
  });
  const fresh = await db.processorWebhookReceipt.createMany({
    data: [{ signature: receiptKey(verified), receivedAt: now }],
    skipDuplicates: true,
  });
  if (fresh.count === 0) throw refused();
  return processor;
}

/**
 * Verifies the processor's signature over `rawBody` (the bytes as received; `event` is what they parsed
 * to) and applies the event. Public: the signature authenticates and the processor names the account, so
 * `ctx.accountId` is not used and `ctx.clock` is the base the account's clock runs on.
 */
export async function handleProcessorWebhook(
  ctx: Pick<Ctx, "db" | "clock">,
  input: ProcessorWebhook,
): Promise<{ handled: string }> {
  const { db, clock: base } = ctx;
  const { rawBody, event, signature } = input;
  const processor = await authenticate(db, event, rawBody, signature);
  if (event.type === "tokenization.completed" || event.type === "tokenization.failed") {
    const registration = await db.paymentMethodRegistration.findFirst({
      where: { processorSession: String(event.session ?? ""), processorId: processor.id },
    });
    if (!registration) throw new DomainError("not_found", "Unknown session.");
    if (registration.status === "verified" || registration.status === "failed") return { handled: "duplicate" };
    if (event.type === "tokenization.failed") {
      await db.paymentMethodRegistration.update({
        where: { id: registration.id },
        data: {
          status: "failed",
          failCode: event.fail_code ?? "tokenization_failed",
          failMessage: event.fail_message ?? "Tokenization failed.",
        },
      });
      return { handled: "tokenization.failed" };
    }
    if (!event.card) throw invalid("card", "The completed session carries the card.");
    try {
      await verifyCard(
        { db, clock: await accountClockOf(db, registration.accountId, base) },
        { registrationId: registration.id, card: event.card },
      );
    } catch (error) {
      // the card's zero-amount authorisation was declined: the registration fails (the form says why)
      if (!isDomainError(error) || !error.code) throw error;
      await db.paymentMethodRegistration.update({
        where: { id: registration.id },
        data: { status: "failed", failCode: error.code, failMessage: error.message },
      });
      return { handled: "tokenization.declined" };
    }
    return { handled: "tokenization.completed" };
  }
  if (event.type === "refund.succeeded" || event.type === "refund.failed" || event.type.startsWith("dispute.")) {
    // on the processor's account, at its clock: refunds settle, disputes open and close
    const accountCtx: Ctx = {
      db,
      accountId: processor.accountId,
      clock: await accountClockOf(db, processor.accountId, base),
    };
    if (event.type === "refund.succeeded" || event.type === "refund.failed") {
      const settled = await settleRefund(accountCtx, {
        refundId: String(event.refund_id ?? ""),
        outcome: event.type === "refund.succeeded" ? "succeeded" : "failed",
        failCode: event.fail_code,
        failMessage: event.fail_message,
      });
      return { handled: settled === "settled" ? event.type : settled === "duplicate" ? "duplicate" : "ignored" };
    }
    if (event.type === "dispute.created") {
      await openDispute(accountCtx, {
        transactionId: String(event.transaction_id ?? ""),
        disputeId: String(event.dispute_id ?? ""),
        amount: event.amount,
        reason: event.reason,
      });
      return { handled: event.type };
    }
    if (event.type === "dispute.closed" && (event.outcome === "won" || event.outcome === "lost")) {
      await closeDispute(accountCtx, { disputeId: String(event.dispute_id ?? ""), outcome: event.outcome });
      return { handled: event.type };
    }
    throw invalid("type", "Unknown event type.");
  }
  if (event.type !== "payment.succeeded" && event.type !== "payment.failed")
    throw invalid("type", "Unknown event type.");
  const attempt = await db.billingAttempt.findFirst({
    where: { transactionId: String(event.transaction_id ?? ""), state: "pending_external" },
    include: { run: true },
  });
  if (!attempt || attempt.run.accountId !== processor.accountId) return { handled: "ignored" };
  // settled at the account's time: a test-clock account's run, contract and events stay on its clock
  const clock = await accountClockOf(db, attempt.run.accountId, base);
  const accountCtx: Ctx = { db, accountId: attempt.run.accountId, clock };
  await recordOutcome(
    accountCtx,
    attempt.runId,
    attempt.id,
    event.type === "payment.succeeded"
      ? { status: "succeeded", transactionId: event.transaction_id! }
      : {
          status: "failed",
          transactionId: event.transaction_id!,
          failCode: event.fail_code ?? "authentication_failed",
          failMessage: event.fail_message ?? "The customer did not complete authentication.",
        },
    clock.now(),
  );
  return { handled: event.type };
}

/**
 * Where the sandbox processors send their webhooks (a card confirmed, a refund settled): this handler, in
 * process, with the caller's ctx (its base clock). `SANDBOX_PROCESSOR_CALLBACKS=off`: nowhere, for tests that
 * send those webhooks themselves. Transports hand it to the domain calls that need it (never imported there).
 */
export const sandboxWebhookReceiver = (ctx: Pick<Ctx, "db" | "clock">): SandboxWebhookReceiver =>
  config().SANDBOX_PROCESSOR_CALLBACKS ? (webhook) => handleProcessorWebhook(ctx, webhook) : null;
