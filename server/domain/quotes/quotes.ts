import type { OfferInput } from "../../schemas/offers";
import type { QuoteOut } from "../../schemas/quotes";
import type { Ctx } from "../context";
import { invalid } from "../errors";
import { compileOffer } from "../offers/compile";
import { checkProcessorOverride } from "../payments/override";
import { priceOffer } from "../pricing/engine";
import { presentQuote } from "./present";

/** Spec 4.3: prices an offer as of now; persists nothing. */
export async function createQuote(ctx: Ctx, input: OfferInput): Promise<QuoteOut> {
  // initial_items only ride on an initial run; a quote checks the rule when a mode is named
  if (input.initial_billing_mode && input.initial_billing_mode !== "create_initial_run" && input.initial_items.length) {
    throw invalid("initial_items", "initial_items are allowed only with initial_billing_mode=create_initial_run.");
  }
  const compiled = await compileOffer(ctx, input);
  // the same rule as the contract this quote previews (the endpoint does not memoize such quotes)
  await checkProcessorOverride(ctx, ctx.db, input.payment_processor_override, compiled.offer.currency);
  return presentQuote(compiled, priceOffer(compiled.offer), input.metadata ?? {});
}
