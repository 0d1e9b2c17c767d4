// Shipping of a checkout (spec 2.10, 4.7 rule 2): when it is required, which options a buyer may choose
// and what each costs for a given order total. The one rule for the secret-key checkout (create.ts) and
// the widget's option list (sessions/widget.ts), so both always agree.
import { type ShippingOptionTerms, shippingOptionTermsResponse } from "@/server/domain/catalog/shippingOptions";
import type { Ctx } from "@/server/domain/context";
import { invalid } from "@/server/domain/errors";
import { type DecimalLike, dec, fmt4, fmt4n } from "@/server/domain/money";
import type { CompiledOffer } from "@/server/domain/offers/compile";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import type { ShippingInput } from "@/server/schemas/payments";

/** Free shipping once the order total reaches the option's threshold; the price is recorded, never charged. */
export const shippingPrice = (option: ShippingOptionTerms, orderTotal: DecimalLike) =>
  fmt4(option.freeAboveAmount != null && dec(orderTotal).gte(dec(option.freeAboveAmount)) ? 0 : option.priceAmount);

/** Does the cart hold a product not marked electronic? */
async function hasPhysicalProduct(ctx: Ctx, compiled: CompiledOffer) {
  const catalog = await catalogSnapshot(ctx);
  const lines = [...compiled.offer.recurring, ...compiled.offer.initial];
  return lines.some((l) => catalog.prices.get(l.price.id)?.product.electronic === false);
}

const activeOptions = (ctx: Ctx) =>
  ctx.db.shippingOption.findMany({ where: { accountId: ctx.accountId, active: true }, orderBy: { id: "asc" } });

/** The options a buyer may choose for this offer, each priced for its total, and whether one is required. */
export async function shippingOptionsFor(ctx: Ctx, compiled: CompiledOffer, orderTotal: DecimalLike) {
  const options = await activeOptions(ctx);
  const physical = options.length > 0 && (await hasPhysicalProduct(ctx, compiled));
  return {
    shipping_required: physical,
    options: options.map((option) => ({
      ...shippingOptionTermsResponse(option),
      price_amount: shippingPrice(option, orderTotal),
    })),
  };
}

/** The checkout's shipping selection snapshot (null without one); 400 `shipping` when it breaks a rule. */
export async function shippingSnapshot(
  ctx: Ctx,
  compiled: CompiledOffer,
  orderTotal: DecimalLike,
  input: ShippingInput | undefined,
) {
  if (!input) {
    const required = await ctx.db.shippingOption.count({ where: { accountId: ctx.accountId, active: true } });
    if (required && (await hasPhysicalProduct(ctx, compiled)))
      throw invalid("shipping", "Shipping is required: the cart contains a physical product.");
    return null;
  }
  const option = await ctx.db.shippingOption.findFirst({
    where: { id: input.option, accountId: ctx.accountId, active: true },
  });
  if (!option) throw invalid("shipping", `Shipping option ${input.option} not found or inactive.`);
  if (option.requiresLocation && !input.location_id)
    throw invalid("shipping", `Shipping option '${option.name}' needs a location_id (pickup point or locker).`);
  return {
    option_id: option.id,
    name: option.name,
    service_code: option.serviceCode,
    currency: option.currency,
    price_amount: shippingPrice(option, orderTotal),
    free_above_amount: fmt4n(option.freeAboveAmount),
    location_id: input.location_id ?? null,
    location_name: input.location_name ?? null,
    location_address: input.location_address ?? null,
  };
}
