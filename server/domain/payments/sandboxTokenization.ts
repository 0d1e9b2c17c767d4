// The sandbox processor's side of a delayed tokenization (vendor B): a moment after the drop-in completes,
// the "processor" confirms by a signed webhook. The webhook goes to the receiver the caller hands in (the
// card form's route passes the service's webhook handler, run in process), never to the request's own
// origin: a forged Host header could otherwise aim a signed request anywhere. Handed in, not imported: the
// handler (checkouts/processorWebhook.ts) imports registrations.ts, which calls this file.

import {
  type CardDetails,
  type ProcessorEvent,
  type ProcessorWebhook,
  processorWebhookSecret,
  signProcessorWebhook,
} from "@/server/domain/payments/processorEvents";
import { log } from "@/server/log";

/** How long the sandbox "processor" takes to tokenize. */
const SANDBOX_DELAY_MS = 300;

/** Where the sandbox processor's webhooks go; null: nowhere (a test that plays the processor itself). */
export type SandboxWebhookReceiver = ((webhook: ProcessorWebhook) => Promise<unknown>) | null;

/** Sends `event` to the receiver a moment from now, signed with the processor's secret (the sandbox's webhooks). */
export function sendSandboxWebhook(
  receiver: SandboxWebhookReceiver,
  processor: { id: number; config: unknown },
  event: ProcessorEvent,
  delayMs = SANDBOX_DELAY_MS,
): void {
  if (!receiver) return;
  const rawBody = JSON.stringify(event);
  const secret = processorWebhookSecret(processor);
  if (!secret)
    return void log.warn({ processorId: processor.id }, "processor has no webhook secret; sandbox webhook not sent");
  setTimeout(() => {
    void receiver({ rawBody, event, signature: signProcessorWebhook(secret, rawBody) }).catch((e) =>
      log.warn({ err: e }, "sandbox webhook failed"),
    );
  }, delayMs);
}

export function sandboxTokenization(
  receiver: SandboxWebhookReceiver,
  input: { processor: { id: number; config: unknown }; session: string; card: CardDetails },
): void {
  sendSandboxWebhook(receiver, input.processor, {
    type: "tokenization.completed",
    account_payment_processor_id: input.processor.id,
    session: input.session,
    card: input.card,
  });
}
