// A quote priced with the discount a code or coupon names (quotes, checkouts and the widget's "Apply"):
// the lines priced with the coupon, and the discount with what renewals cost once it has run out, so a
// buyer reads "€9.82 for 3 periods, then €12.28" rather than a price that silently changes.
import type { ResolvedDiscount } from "@/server/domain/coupons/apply";
import { presentQuoteDiscount } from "@/server/domain/coupons/present";
import { priceWithDiscount } from "@/server/domain/coupons/terms";
import { fmt4 } from "@/server/domain/money";
import type { CompiledOffer } from "@/server/domain/offers/compile";
import { type PricedOffer, priceOffer } from "@/server/domain/pricing/engine";
import type { QuoteOut } from "@/server/schemas/quotes";
import { presentQuote } from "./present";

export function quoteWithDiscount(
  compiled: CompiledOffer,
  discount: ResolvedDiscount | null,
  metadata: Record<string, unknown>,
): { priced: PricedOffer; quote: QuoteOut } {
  const priced = priceWithDiscount(compiled.offer, discount?.terms ?? null);
  const quote = presentQuote(compiled, priced, metadata);
  if (!discount) return { priced, quote };
  const lasts = discount.coupon.duration === "forever";
  return {
    priced,
    quote: {
      ...quote,
      discount: {
        ...presentQuoteDiscount(discount),
        recurring_total_amount_after_discount: lasts ? null : fmt4(priceOffer(compiled.offer).renewal.total),
      },
    },
  };
}
