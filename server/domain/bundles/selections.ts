// Resolves bundle_item_selections against a bundle (spec 2.4): which items are in, at which price.
// Shared by the add-ons endpoint, quotes, checkouts and contract creation.

import type { PriceRecord } from "@/server/domain/catalog/present";
import { invalidFields } from "@/server/domain/errors";
import type { BundleItemSelectionInput } from "@/server/schemas/bundles";
import { allowedPrices, type BundleDetailRecord, type BundleItemRecord } from "./present";

export interface ResolvedBundleItem {
  item: BundleItemRecord;
  price: PriceRecord;
  selection?: BundleItemSelectionInput;
  /** the selection's quantity, else the item's; before bundle_quantity */
  quantity: number;
}

/** Throws 400 `bundle_item_selections` (or the given key) listing every problem found. */
export function resolveSelections(
  bundle: BundleDetailRecord,
  selections: BundleItemSelectionInput[],
  errorKey = "bundle_item_selections",
): ResolvedBundleItem[] {
  const errors: string[] = [];
  const byItem = new Map<number, BundleItemSelectionInput>();
  for (const selection of selections) {
    if (!bundle.items.some((i) => i.id === selection.bundle_item))
      errors.push(`Bundle item ${selection.bundle_item} is not part of bundle template ${bundle.id}.`);
    else if (byItem.has(selection.bundle_item))
      errors.push(`Bundle item ${selection.bundle_item} is selected more than once.`);
    else byItem.set(selection.bundle_item, selection);
  }
  const resolved: ResolvedBundleItem[] = [];
  for (const item of bundle.items) {
    const sel = byItem.get(item.id);
    if (sel && sel.include === false) {
      if (item.required)
        errors.push(`Bundle item ${item.id} (${item.product.name}) is required and cannot be excluded.`);
      continue;
    }
    if (!sel && !item.required) continue; // optional items are in only when selected
    const options = allowedPrices(item);
    let price: PriceRecord | undefined;
    if (sel?.selected_price != null) {
      price = options.find((o) => o.price.id === sel.selected_price)?.price;
      if (!price)
        errors.push(`Price ${sel.selected_price} is not selectable for bundle item ${item.id} (${item.product.name}).`);
    } else {
      price = options.find((o) => o.isDefault)?.price ?? (options.length === 1 ? options[0].price : undefined);
      if (!price) errors.push(`A price selection is required for bundle item ${item.id} (${item.product.name}).`);
    }
    if (price) resolved.push({ item, price, selection: sel, quantity: sel?.quantity ?? item.quantity });
  }
  if (errors.length) throw invalidFields({ [errorKey]: errors });
  return resolved;
}
