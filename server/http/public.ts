// Routes outside the API-key world: the hosted card form's submission (the registration token is the
// capability) and the sandbox processors' inbound webhook (authenticated by its HMAC signature).
import type { z } from "zod";
import { getDb } from "../db";
import { handleProcessorWebhook, processorWebhookSecret, signProcessorWebhook } from "../domain/checkouts/processorWebhook";
import { submitRegistration, type CardDetails } from "../domain/checkouts/registrations";
import { DomainError, isDomainError } from "../domain/errors";
import { log } from "../log";
import { auditCardForm } from "./audit";
import { processorWebhookBody, cardFormBody } from "../schemas/public";
import { expectObject, parseJsonBody, PUBLIC_BODY_LIMIT, readBodyText, readJsonObject } from "./body";
import { textProblem, zodFieldErrors } from "../inputChecks";
import { requestBaseClock } from "../requestClock";
import { errorBody, STATUS } from "./errors";
import { json } from "./response";

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new DomainError("validation", "Invalid input.", zodFieldErrors(r.error));
  return r.data;
}

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
    if (textProblem(token)) throw new DomainError("not_found", "Not found."); // PostgreSQL cannot even compare it
    const body = parsed(cardFormBody, await readJsonObject(req, PUBLIC_BODY_LIMIT, true)) as { card?: CardDetails; encrypted_card?: string };
    const db = getDb();
    const r = await submitRegistration(db, token, body, requestBaseClock());
    await auditCardForm(db, token, r);
    if ("pendingCard" in r && r.pendingCard) {
      // the sandbox "processor" finishes tokenization a moment later and tells us by a signed webhook. It is
      // handed to the same handler in process: posting it to the request's own origin would let a forged
      // Host header aim a signed request at any address.
      const reg = await db.paymentMethodRegistration.findUniqueOrThrow({ where: { token }, include: { checkout: false } });
      const processor = await db.accountPaymentProcessor.findUniqueOrThrow({ where: { id: reg.processorId } });
      const payload = JSON.stringify({ type: "tokenization.completed", account_payment_processor_id: processor.id, session: r.processor_session, card: r.pendingCard });
      const secret = processorWebhookSecret(processor);
      if (!secret) log.warn({ processorId: processor.id }, "processor has no webhook secret; sandbox webhook not sent");
      else setTimeout(() => {
        void handleProcessorWebhook(getDb(), payload, signProcessorWebhook(secret, payload), requestBaseClock()).catch((e) => log.warn({ err: e }, "sandbox webhook failed"));
      }, 300);
      return { status: r.status };
    }
    return r;
  });
}

export async function processorWebhook(req: Request): Promise<Response> {
  return guarded(async () => {
    // the raw text is what is signed: it is passed on unchanged once it parses to an event-shaped object
    const text = await readBodyText(req, PUBLIC_BODY_LIMIT);
    parsed(processorWebhookBody, expectObject(parseJsonBody(text, true)));
    return handleProcessorWebhook(getDb(), text, req.headers.get("x-sandbox-signature"), requestBaseClock());
  });
}
