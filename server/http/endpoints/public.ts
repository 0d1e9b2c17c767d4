// Routes outside the API-key world, not in the REST registry (nor the OpenAPI document): the hosted card
// form's submission (the registration token is the capability) and the sandbox processors' inbound
// webhook (authenticated by its HMAC signature over the raw body).
import { z } from "zod";
import { handleProcessorWebhook, sandboxWebhookReceiver } from "@/server/domain/checkouts/processorWebhook";
import { registrationState, submitRegistration } from "@/server/domain/checkouts/registrations";
import type { CardDetails, ProcessorEvent } from "@/server/domain/payments/processorEvents";
import { auditCardForm } from "@/server/http/audit";
import { PUBLIC_BODY_LIMIT } from "@/server/http/body";
import { defineEndpoint } from "@/server/http/endpoint";
import { toRouteHandler } from "@/server/http/route";
import { cardFormBody, processorWebhookBody } from "@/server/schemas/public";

const cardForm = defineEndpoint({
  method: "POST",
  path: "/pay/registrations/{token}/",
  summary: "Hosted card form submission",
  tags: ["Public"],
  auth: "none",
  bodyLimit: PUBLIC_BODY_LIMIT,
  params: z.object({ token: z.string() }),
  body: cardFormBody,
  bodyRequired: true,
  // the card's own fields are checked by the domain (validCard), with its messages
  handler: (ctx, { params, body }) =>
    submitRegistration(
      ctx,
      { token: params.token, card: body.card as CardDetails | undefined, encrypted_card: body.encrypted_card },
      { sandboxWebhooks: sandboxWebhookReceiver(ctx) },
    ),
  audit: (ctx, { params }, result) => auditCardForm(ctx.db, params.token, result),
});

// the form's poll after a card was saved (vendor B's webhook, the seller's finalize): no card data in it
const cardFormState = defineEndpoint({
  method: "GET",
  path: "/pay/registrations/{token}/",
  summary: "Hosted card form state",
  tags: ["Public"],
  auth: "none",
  params: z.object({ token: z.string().max(200) }),
  handler: (ctx, { params }) => registrationState(ctx, { token: params.token }),
});

const processorWebhook = defineEndpoint({
  method: "POST",
  path: "/processors/sandbox/webhook/",
  summary: "Sandbox processor webhook",
  tags: ["Public"],
  auth: "none",
  bodyLimit: PUBLIC_BODY_LIMIT,
  body: processorWebhookBody,
  bodyRequired: true,
  // the raw text is what is signed: it is passed on unchanged with the event it parsed to
  handler: (ctx, { req, text, body }) =>
    handleProcessorWebhook(ctx, {
      rawBody: text!,
      event: body as ProcessorEvent,
      signature: req.headers.get("x-sandbox-signature"),
    }),
});

export const submitCardForm = toRouteHandler(cardForm);
export const getCardFormState = toRouteHandler(cardFormState);
export const receiveProcessorWebhook = toRouteHandler(processorWebhook);
