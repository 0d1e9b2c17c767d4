// Routes outside the API-key world: the hosted card form's submission (the registration token is the
// capability) and the sandbox processors' inbound webhook (authenticated by its HMAC signature).
import { getDb } from "../db";
import { handleProcessorWebhook, processorWebhookSecret, signProcessorWebhook } from "../domain/checkouts/processorWebhook";
import { submitRegistration, type CardDetails } from "../domain/checkouts/registrations";
import { isDomainError } from "../domain/errors";
import { log } from "../log";
import { requestClock } from "./endpoint";
import { errorBody, STATUS } from "./errors";
import { json } from "./response";

async function guarded(fn: () => Promise<unknown>): Promise<Response> {
  try {
    return json(await fn());
  } catch (e) {
    if (isDomainError(e)) return json(errorBody(e), STATUS[e.kind]);
    log.error({ err: e }, "public route failed");
    return json({ detail: "Internal server error." }, 500);
  }
}

export async function submitCardForm(req: Request, token: string): Promise<Response> {
  return guarded(async () => {
    const body = (await req.json().catch(() => ({}))) as { card?: CardDetails; encrypted_card?: string };
    const db = getDb();
    const r = await submitRegistration(db, token, body, requestClock.base);
    if ("pendingCard" in r && r.pendingCard) {
      // the sandbox "processor" finishes tokenization a moment later and tells us by signed webhook
      const origin = new URL(req.url).origin;
      const reg = await db.paymentMethodRegistration.findUniqueOrThrow({ where: { token }, include: { checkout: false } });
      const processor = await db.accountPaymentProcessor.findUniqueOrThrow({ where: { id: reg.processorId } });
      const payload = JSON.stringify({ type: "tokenization.completed", account_payment_processor_id: processor.id, session: r.processor_session, card: r.pendingCard });
      const secret = processorWebhookSecret(processor);
      if (!secret) log.warn({ processorId: processor.id }, "processor has no webhook secret; sandbox webhook not sent");
      else setTimeout(() => {
        void fetch(`${origin}/api/processors/sandbox/webhook/`, { method: "POST", headers: { "content-type": "application/json", "x-sandbox-signature": signProcessorWebhook(secret, payload) }, body: payload }).catch((e) => log.warn({ err: e }, "sandbox webhook failed"));
      }, 300);
      return { status: r.status };
    }
    return r;
  });
}

export async function processorWebhook(req: Request): Promise<Response> {
  return guarded(async () => handleProcessorWebhook(getDb(), await req.text(), req.headers.get("x-sandbox-signature"), requestClock.base));
}
