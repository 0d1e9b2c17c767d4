// Shipping options of the account: create, edit, deactivate (active=false).

import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { type DecimalLike, fmt4, fmt4n } from "@/server/domain/money";
import type { CatalogListInput, ShippingOptionInput } from "@/server/schemas/catalogAdmin";
import { catalogPage } from "./adminList";

/** A shipping option's stored terms, as read by the seller's list and by a checkout's option list. */
export interface ShippingOptionTerms {
  id: number;
  name: string;
  serviceCode: string;
  currency: string;
  priceAmount: DecimalLike;
  freeAboveAmount: DecimalLike | null;
  requiresLocation: boolean;
}

interface Row extends ShippingOptionTerms {
  active: boolean;
  createdAt: Date;
}

/** The API fields of an option's terms (a checkout replaces price_amount by the price for its total). */
export const shippingOptionTermsResponse = (row: ShippingOptionTerms) => ({
  id: row.id,
  name: row.name,
  service_code: row.serviceCode,
  currency: row.currency,
  price_amount: fmt4(row.priceAmount),
  free_above_amount: fmt4n(row.freeAboveAmount),
  requires_location: row.requiresLocation,
});

const present = (row: Row) => ({
  ...shippingOptionTermsResponse(row),
  active: row.active,
  created_at: row.createdAt.toISOString(),
});

const data = (input: Partial<ShippingOptionInput>) => ({
  name: input.name,
  serviceCode: input.service_code,
  currency: input.currency,
  priceAmount: input.price_amount === undefined ? undefined : fmt4(input.price_amount),
  freeAboveAmount: input.free_above_amount === undefined ? undefined : fmt4n(input.free_above_amount),
  requiresLocation: input.requires_location,
  active: input.active,
});

export async function createShippingOption(ctx: Ctx, input: ShippingOptionInput) {
  const fields = data(input);
  return present(
    await ctx.db.shippingOption.create({
      data: {
        ...fields,
        accountId: ctx.accountId,
        name: input.name,
        serviceCode: input.service_code,
        currency: input.currency,
        priceAmount: fmt4(input.price_amount),
      },
    }),
  );
}

export async function updateShippingOption(ctx: Ctx, id: number, input: Partial<ShippingOptionInput>) {
  const found = await ctx.db.shippingOption.findFirst({ where: { id, accountId: ctx.accountId } });
  if (!found) throw notFound();
  return present(await ctx.db.shippingOption.update({ where: { id }, data: data(input) }));
}

/** One page of the account's shipping options for the console list. */
export async function listShippingOptions(ctx: Ctx, input: CatalogListInput) {
  return catalogPage(ctx, input, present, {
    count: (where) => ctx.db.shippingOption.count({ where }),
    rows: (query) => ctx.db.shippingOption.findMany(query),
  });
}
