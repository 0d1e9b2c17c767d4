// A subscription offer quote (POST /v2/subscription-offer-quotes/): compile the offer, apply a discount,
// price it with the pure pricing engine.

import type { Ctx } from "@/server/domain/context";
import { resolveDiscount } from "@/server/domain/coupons/apply";
import { invalid } from "@/server/domain/errors";
import { compileOffer } from "@/server/domain/offers/compile";
import { checkProcessorOverride } from "@/server/domain/payments/override";
import { quoteWithDiscount } from "@/server/domain/quotes/discounted";
import type { DiscountInput } from "@/server/schemas/coupons";
import type { OfferInput } from "@/server/schemas/offers";
import type { QuoteOut } from "@/server/schemas/quotes";

/** Spec 4.3: prices an offer as of now; persists nothing. */
export async function createQuote(ctx: Ctx, input: OfferInput & DiscountInput): Promise<QuoteOut> {
  // initial_items only ride on an initial run; a quote checks the rule when a mode is named
  if (input.initial_billing_mode && input.initial_billing_mode !== "create_initial_run" && input.initial_items.length) {
    throw invalid("initial_items", "initial_items are allowed only with initial_billing_mode=create_initial_run.");
  }
  const compiled = await compileOffer(ctx, input);
  // the same rule as the contract this quote previews (the endpoint does not memoize such quotes)
  await checkProcessorOverride(ctx, ctx.db, input.payment_processor_override, compiled.offer.currency);
  const discount = await resolveDiscount(ctx, ctx.db, input, compiled.offer.currency);
  return quoteWithDiscount(compiled, discount, input.metadata ?? {}).quote;
}
