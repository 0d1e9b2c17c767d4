// The sandbox processor's side of a delayed tokenization (vendor B): a moment after the drop-in completes,
// the "processor" confirms by a signed webhook. It is handed to the webhook handler in process, never
// posted to the request's own origin: a forged Host header could otherwise aim a signed request anywhere.

import { config } from "@/server/config";
import {
  handleProcessorWebhook,
  type ProcessorEvent,
  processorWebhookSecret,
  signProcessorWebhook,
} from "@/server/domain/checkouts/processorWebhook";
import type { CardDetails } from "@/server/domain/checkouts/registrations";
import type { Ctx } from "@/server/domain/context";
import { log } from "@/server/log";

/** How long the sandbox "processor" takes to tokenize. */
const SANDBOX_DELAY_MS = 300;

export function sandboxTokenization(
  ctx: Pick<Ctx, "db" | "clock">,
  input: { processor: { id: number; config: unknown }; session: string; card: CardDetails },
): void {
  const event: ProcessorEvent = {
    type: "tokenization.completed",
    account_payment_processor_id: input.processor.id,
    session: input.session,
    card: input.card,
  };
  // tests that play the processor themselves (signature checks, replays) switch the sandbox's own call off
  if (!config().SANDBOX_PROCESSOR_CALLBACKS) return;
  const rawBody = JSON.stringify(event);
  const secret = processorWebhookSecret(input.processor);
  if (!secret)
    return void log.warn(
      { processorId: input.processor.id },
      "processor has no webhook secret; sandbox webhook not sent",
    );
  setTimeout(() => {
    void handleProcessorWebhook(ctx, { rawBody, event, signature: signProcessorWebhook(secret, rawBody) }).catch((e) =>
      log.warn({ err: e }, "sandbox webhook failed"),
    );
  }, SANDBOX_DELAY_MS);
}
