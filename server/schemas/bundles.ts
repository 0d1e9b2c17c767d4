// Zod schemas of bundle templates, their items and add-on offers.
import { z } from "zod";
import { namedRecordFields, priceResponse } from "./catalog";
import { activeQuery, input, metadata, namedExtension, namedObject, pageQuery, timestamps } from "./common";

export const bundleProductResponse = namedObject("BundleProduct", {
  id: z.number().int(),
  name: z.string(),
  reference: z.string().nullable(),
  image_url: z.string().nullable(),
});

export const bundleSelectablePriceResponse = namedObject("BundleSelectablePrice", {
  price_id: z.number().int(),
  display_label: z.string().nullable(),
  is_default: z.boolean(),
  price: priceResponse,
});

export const bundleTemplateItemResponse = namedObject("BundleTemplateItem", {
  id: z.number().int(),
  product: bundleProductResponse,
  quantity: z.number().int(),
  required: z.boolean(),
  price_option_scope: z.string(),
  default_price_id: z.number().int().nullable(),
  default_price: priceResponse.nullable(),
  selectable_prices: z.array(bundleSelectablePriceResponse),
  display_order: z.number().int(),
  metadata,
});

export const bundleTemplateResponse = namedObject("BundleTemplate", {
  ...namedRecordFields,
  default_currency: z.string().nullable(),
  active: z.boolean(),
  item_count: z.number().int(),
  metadata,
  ...timestamps,
});

export const bundleTemplateDetailResponse = namedExtension(bundleTemplateResponse, "BundleTemplateDetail", {
  items: z.array(bundleTemplateItemResponse),
});

const addonCommon = {
  rule_id: z.number().int(),
  relationship_type: z.string(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int().nullable(),
  same_interval_required: z.boolean(),
  same_currency_required: z.boolean(),
};
export const bundleAddonProductOfferResponse = namedObject("BundleAddonProductOffer", {
  ...addonCommon,
  product: bundleProductResponse,
  default_price_id: z.number().int(),
  selectable_prices: z.array(priceResponse),
});
export const bundleAddonBundleOfferResponse = z
  .object({ ...addonCommon, bundle_template: bundleTemplateDetailResponse })
  .meta({ id: "BundleAddonBundleOffer" });

export const bundleAddonsResponse = namedObject("BundleAddons", {
  bundle_template_id: z.number().int(),
  currency: z.string().nullable(),
  recurrence_type: z.string().nullable(),
  interval: z.string().nullable(),
  interval_count: z.number().int().nullable(),
  billing_day_of_month: z.number().int().nullable(),
  billing_schedule_id: z.number().int().nullable(),
  product_addons: z.array(bundleAddonProductOfferResponse),
  bundle_addons: z.array(bundleAddonBundleOfferResponse),
});

/** BundleItemSelection input (spec 2.4). */
export const bundleItemSelectionInput = namedObject("BundleItemSelection", {
  bundle_item: input.id,
  include: z.boolean({ error: "Must be a boolean." }).default(true),
  selected_price: input.id.nullable().optional(),
  quantity: input.positiveInt.optional(),
  unit_amount_override: input.money.nullable().optional(),
  discount_percent: input.percent.nullable().optional(),
  start_at: input.dateTime.nullable().optional(),
  end_at: input.dateTime.nullable().optional(),
  metadata: input.metadata.optional(),
});

export const addonsBody = z.object({
  bundle_item_selections: z
    .array(bundleItemSelectionInput, { error: "A list of bundle item selections is required." })
    .max(200),
});

export const bundleListQuery = z.object({ active: activeQuery, reference: z.string().optional(), ...pageQuery });

export type BundleTemplateOut = z.infer<typeof bundleTemplateResponse>;
export type BundleTemplateDetailOut = z.infer<typeof bundleTemplateDetailResponse>;
export type BundleTemplateItemOut = z.infer<typeof bundleTemplateItemResponse>;
export type BundleAddonsOut = z.infer<typeof bundleAddonsResponse>;
export type BundleItemSelectionInput = z.infer<typeof bundleItemSelectionInput>;
