// REST route of subscription offer quotes.
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
    // ...and a discount, whose coupon can be deactivated or used up within the second
    memo: (body) =>
      !body.customer_reference &&
      body.payment_processor_override == null &&
      body.coupon === undefined &&
      body.promotion_code === undefined,
    description:
      "Priced as of the current whole second (`period_start_at` has no fraction). Lines carry `explanation` strings. Extension inputs: `billing_timezone`, `billing_time`, `coupon` or `promotion_code` (the discount is priced into the lines and shown as `discount`).",
    handler: (ctx, { body }) => createQuote(ctx, body),
  }),
];
