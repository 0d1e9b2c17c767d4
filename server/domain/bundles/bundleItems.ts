// Editing a bundle template's items one at a time from the console: add, replace (product, quantity,
// price choice, default and selectable prices) and remove. Contracts made from the bundle keep their own
// items (contract items only remember the bundle item's id), so edits apply to new contracts and quotes.

import type { Ctx } from "@/server/domain/context";
import { type FieldErrors, invalid, invalidFields, notFound } from "@/server/domain/errors";
import type { BundleItemInput } from "@/server/schemas/bundleAdmin";
import { getBundle } from "./bundles";
import { checkItem, itemFields, selectable } from "./bundleWrites";

async function ownBundle(ctx: Ctx, bundleId: number) {
  const bundle = await ctx.db.bundleTemplate.findFirst({
    where: { id: bundleId, accountId: ctx.accountId },
    select: { id: true },
  });
  if (!bundle) throw notFound();
}

async function ownItem(ctx: Ctx, bundleId: number, itemId: number) {
  await ownBundle(ctx, bundleId);
  const item = await ctx.db.bundleTemplateItem.findFirst({ where: { id: itemId, bundleId }, select: { id: true } });
  if (!item) throw notFound();
}

async function checked(ctx: Ctx, input: BundleItemInput) {
  const errors: FieldErrors = {};
  await checkItem(ctx, input, "", errors);
  if (Object.keys(errors).length) throw invalidFields(errors);
}

/** Adds an item after the bundle's last one. */
export async function addBundleItem(ctx: Ctx, bundleId: number, input: BundleItemInput) {
  await ownBundle(ctx, bundleId);
  await checked(ctx, input);
  const last = await ctx.db.bundleTemplateItem.aggregate({ where: { bundleId }, _max: { displayOrder: true } });
  await ctx.db.bundleTemplateItem.create({
    data: {
      bundleId,
      ...itemFields(input),
      displayOrder: (last._max.displayOrder ?? -1) + 1,
      selectablePrices: selectable(input),
    },
  });
  return getBundle(ctx, bundleId, { active: "all" });
}

/** Replaces an item's product, quantity, price choice and prices (its place in the bundle stays). */
export async function updateBundleItem(ctx: Ctx, bundleId: number, itemId: number, input: BundleItemInput) {
  await ownItem(ctx, bundleId, itemId);
  await checked(ctx, input);
  await ctx.db.$transaction([
    ctx.db.bundleSelectablePrice.deleteMany({ where: { itemId } }),
    ctx.db.bundleTemplateItem.update({
      where: { id: itemId },
      data: { ...itemFields(input), selectablePrices: selectable(input) },
    }),
  ]);
  return getBundle(ctx, bundleId, { active: "all" });
}

/** Removes an item; a bundle keeps at least one. */
export async function removeBundleItem(ctx: Ctx, bundleId: number, itemId: number) {
  await ownItem(ctx, bundleId, itemId);
  if ((await ctx.db.bundleTemplateItem.count({ where: { bundleId } })) <= 1)
    throw invalid("item_id", "A bundle needs at least one item: add another before removing this one.");
  await ctx.db.bundleTemplateItem.delete({ where: { id: itemId } });
  return getBundle(ctx, bundleId, { active: "all" });
}
