// Creating and editing bundle templates from the console: items (default and selectable prices) and add-on rules.
// Every referenced product, price and bundle must be the account's own; a price must belong to its item's product.

import { namedRecordData } from "@/server/domain/catalog/namedRecord";
import type { Ctx } from "@/server/domain/context";
import { addFieldError, type FieldErrors, invalidFields, notFound } from "@/server/domain/errors";
import type { AddonRuleInput, BundleInput, BundleItemInput } from "@/server/schemas/bundleAdmin";
import { getBundle } from "./bundles";

/** One item's product and prices (the account's own; a price must be its product's); errors under `${at}.field`. */
export async function checkItem(ctx: Ctx, it: BundleItemInput, at: string, errors: FieldErrors) {
  const product = await ctx.db.catalogProduct.findFirst({ where: { id: it.product_id, accountId: ctx.accountId } });
  if (!product) {
    addFieldError(errors, `${at}product_id`, "Product not found.");
    return;
  }
  const priceIds = [...(it.default_price_id ? [it.default_price_id] : []), ...(it.selectable_price_ids ?? [])];
  const prices = await ctx.db.catalogPrice.count({
    where: { id: { in: priceIds }, accountId: ctx.accountId, productId: product.id },
  });
  if (prices !== new Set(priceIds).size)
    addFieldError(errors, `${at}default_price_id`, "Prices must be this product's own prices.");
  if (it.price_option_scope === "selectable" && !it.selectable_price_ids?.length)
    addFieldError(errors, `${at}selectable_price_ids`, "A selectable item needs at least one selectable price.");
  // a fixed item is quoted at its default price only: without an active one, every quote of the bundle is a 400
  if ((it.price_option_scope ?? "fixed") === "fixed") {
    const price = it.default_price_id
      ? await ctx.db.catalogPrice.findFirst({
          where: { id: it.default_price_id, accountId: ctx.accountId, productId: product.id },
          select: { active: true },
        })
      : null;
    if (!it.default_price_id)
      addFieldError(errors, `${at}default_price_id`, "A fixed item is sold at its default price: choose one.");
    else if (price && !price.active)
      addFieldError(errors, `${at}default_price_id`, "This price is inactive: a fixed item needs an active price.");
  }
}

/** An item's own columns, as created or replaced. */
export const itemFields = (it: BundleItemInput) => ({
  productId: it.product_id,
  quantity: it.quantity ?? 1,
  required: it.required ?? true,
  priceOptionScope: it.price_option_scope ?? "fixed",
  defaultPriceId: it.default_price_id ?? null,
});

/** An item's selectable prices, in the order given; the default price is marked. */
export const selectable = (it: BundleItemInput) => ({
  create: (it.selectable_price_ids ?? []).map((priceId, j) => ({
    priceId,
    displayOrder: j,
    isDefault: priceId === it.default_price_id,
  })),
});

async function checkItems(ctx: Ctx, items: BundleInput["items"], errors: FieldErrors) {
  for (const [i, it] of items.entries()) await checkItem(ctx, it, `items.${i}.`, errors);
}

export async function createBundle(ctx: Ctx, input: BundleInput) {
  const errors: FieldErrors = {};
  if (
    input.reference &&
    (await ctx.db.bundleTemplate.findFirst({ where: { accountId: ctx.accountId, reference: input.reference } }))
  ) {
    addFieldError(errors, "reference", "A bundle template with this reference already exists.");
  }
  await checkItems(ctx, input.items, errors);
  if (Object.keys(errors).length) throw invalidFields(errors);
  const bundle = await ctx.db.bundleTemplate.create({
    data: {
      ...namedRecordData(ctx, input),
      defaultCurrency: input.default_currency ?? null,
      items: {
        create: input.items.map((it, i) => ({ ...itemFields(it), displayOrder: i, selectablePrices: selectable(it) })),
      },
    },
  });
  return getBundle(ctx, bundle.id, { active: "all" });
}

export async function updateBundle(
  ctx: Ctx,
  id: number,
  input: { name?: string; description?: string | null; active?: boolean },
) {
  const found = await ctx.db.bundleTemplate.findFirst({ where: { id, accountId: ctx.accountId } });
  if (!found) throw notFound();
  await ctx.db.bundleTemplate.update({
    where: { id },
    data: { name: input.name, description: input.description, active: input.active },
  });
  return getBundle(ctx, id, { active: "all" });
}

export async function addAddonRule(ctx: Ctx, bundleId: number, input: AddonRuleInput) {
  const bundle = await ctx.db.bundleTemplate.findFirst({ where: { id: bundleId, accountId: ctx.accountId } });
  if (!bundle) throw notFound();
  const errors: FieldErrors = {};
  if (!input.target_product_id === !input.target_bundle_id)
    addFieldError(errors, "target_product_id", "Choose a product or a bundle to offer, not both.");
  if (
    input.target_product_id &&
    !(await ctx.db.catalogProduct.findFirst({ where: { id: input.target_product_id, accountId: ctx.accountId } }))
  )
    addFieldError(errors, "target_product_id", "Product not found.");
  if (
    input.target_bundle_id &&
    (input.target_bundle_id === bundleId ||
      !(await ctx.db.bundleTemplate.findFirst({ where: { id: input.target_bundle_id, accountId: ctx.accountId } })))
  )
    addFieldError(errors, "target_bundle_id", "Bundle not found.");
  if (
    input.default_price_id &&
    !(await ctx.db.catalogPrice.findFirst({
      where: {
        id: input.default_price_id,
        accountId: ctx.accountId,
        ...(input.target_product_id ? { productId: input.target_product_id } : {}),
      },
    }))
  )
    addFieldError(errors, "default_price_id", "Price not found for this product.");
  if (input.max_quantity != null && input.max_quantity < (input.min_quantity ?? 0))
    addFieldError(errors, "max_quantity", "Must be at least the minimum quantity.");
  if (Object.keys(errors).length) throw invalidFields(errors);
  const count = await ctx.db.addonRule.count({ where: { bundleId } });
  await ctx.db.addonRule.create({
    data: {
      accountId: ctx.accountId,
      bundleId,
      targetProductId: input.target_product_id ?? null,
      targetBundleId: input.target_bundle_id ?? null,
      defaultPriceId: input.default_price_id ?? null,
      minQuantity: input.min_quantity ?? 0,
      maxQuantity: input.max_quantity ?? null,
      sameIntervalRequired: input.same_interval_required ?? true,
      sameCurrencyRequired: input.same_currency_required ?? true,
      displayOrder: count,
    },
  });
  return getBundle(ctx, bundleId, { active: "all" });
}

export async function setAddonRuleActive(ctx: Ctx, bundleId: number, ruleId: number, active: boolean) {
  const rule = await ctx.db.addonRule.findFirst({ where: { id: ruleId, bundleId, accountId: ctx.accountId } });
  if (!rule) throw notFound();
  await ctx.db.addonRule.update({ where: { id: ruleId }, data: { active } });
  return getBundle(ctx, bundleId, { active: "all" });
}

/** A bundle's add-on rules, with what each offers (for the bundle page). */
export async function listAddonRules(ctx: Ctx, bundleId: number) {
  // another account's (or no) bundle is a 404, not an empty list
  if (
    !(await ctx.db.bundleTemplate.findFirst({
      where: { id: bundleId, accountId: ctx.accountId },
      select: { id: true },
    }))
  )
    throw notFound();
  const rules = await ctx.db.addonRule.findMany({
    where: { bundleId, accountId: ctx.accountId },
    orderBy: [{ displayOrder: "asc" }, { id: "asc" }],
    include: {
      targetProduct: { select: { id: true, name: true } },
      targetBundle: { select: { id: true, name: true } },
    },
  });
  return rules.map((row) => ({
    id: row.id,
    active: row.active,
    target: row.targetProduct
      ? `Product: ${row.targetProduct.name}`
      : row.targetBundle
        ? `Bundle: ${row.targetBundle.name}`
        : "—",
    default_price_id: row.defaultPriceId,
    min_quantity: row.minQuantity,
    max_quantity: row.maxQuantity,
    same_interval_required: row.sameIntervalRequired,
    same_currency_required: row.sameCurrencyRequired,
  }));
}
