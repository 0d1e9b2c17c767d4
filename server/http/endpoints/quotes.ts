import { createQuote } from "@/server/domain/quotes/quotes";
import { defineEndpoint } from "@/server/http/endpoint";
import { quoteBody, quoteResponse } from "@/server/schemas/quotes";

export const quoteEndpoints = [
  defineEndpoint({
    method: "POST",
    path: "/v2/subscription-offer-quotes/",
    summary: "Price an offer (bundle or direct items) without persisting anything",
    tags: ["Quotes"],
    body: quoteBody,
    bodyRequired: true,
    response: quoteResponse,
    readOnly: true,
    // a quote depends on the catalog, the instant and the body, except for the customer and the processor it names
    memo: (body) => !body.customer_reference && body.payment_processor_override == null,
    description:
      "Priced as of the current whole second (`period_start_at` has no fraction). Lines carry `explanation` strings. Extension inputs: `billing_timezone`, `billing_time`.",
    handler: (ctx, { body }) => createQuote(ctx, body),
  }),
];
