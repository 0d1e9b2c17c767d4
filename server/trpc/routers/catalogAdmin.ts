// Catalog beyond products for the console: bundle templates (items, add-on rules), tax rates, shipping
// options, billing schedules. Each procedure calls the domain function; inputs are the shared zod schemas.
import { z } from "zod";
import { addBundleItem, removeBundleItem, updateBundleItem } from "@/server/domain/bundles/bundleItems";
import { getBundle, listBundles } from "@/server/domain/bundles/bundles";
import {
  addAddonRule,
  createBundle,
  listAddonRules,
  setAddonRuleActive,
  updateBundle,
} from "@/server/domain/bundles/bundleWrites";
import {
  createBillingSchedule,
  listBillingSchedules,
  updateBillingSchedule,
} from "@/server/domain/catalog/billingSchedules";
import {
  createShippingOption,
  listShippingOptions,
  updateShippingOption,
} from "@/server/domain/catalog/shippingOptions";
import { createTaxRate, listTaxRatesAdmin, updateTaxRate } from "@/server/domain/catalog/taxRates";
import { addonRuleInput, bundleInput, bundleItemInput } from "@/server/schemas/bundleAdmin";
import { billingScheduleInput, shippingOptionInput, taxRateInput } from "@/server/schemas/catalogAdmin";
import { idInput } from "@/server/schemas/common";
import { catalogRecordRouter } from "@/server/trpc/catalogRecordRouter";
import { byIdQuery } from "@/server/trpc/idProcedures";
import { protectedProcedure, router } from "@/server/trpc/init";
import { activeFilter } from "@/server/trpc/inputs";

const bundles = router({
  list: protectedProcedure
    .input(z.object({ active: activeFilter }).default({ active: "all" }))
    .query(async ({ ctx, input }) => (await listBundles(ctx.domain, { active: input.active })).results),
  get: byIdQuery((ctx, id) => getBundle(ctx, id, { active: "all" })),
  addonRules: byIdQuery(listAddonRules),
  create: protectedProcedure.input(bundleInput).mutation(({ ctx, input }) => createBundle(ctx.domain, input)),
  update: protectedProcedure
    .input(
      z.object({
        id: idInput,
        name: z.string().trim().min(1, "This field may not be blank.").max(200).optional(),
        active: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input }) => updateBundle(ctx.domain, input.id, input)),
  // items: `id` is the bundle's (so the console sweeps cover them), `item_id` the item's
  addItem: protectedProcedure
    .input(bundleItemInput.extend({ id: idInput }))
    .mutation(({ ctx, input: { id, ...item } }) => addBundleItem(ctx.domain, id, item)),
  updateItem: protectedProcedure
    .input(bundleItemInput.extend({ id: idInput, item_id: idInput }))
    .mutation(({ ctx, input: { id, item_id, ...item } }) => updateBundleItem(ctx.domain, id, item_id, item)),
  removeItem: protectedProcedure
    .input(z.object({ id: idInput, item_id: idInput }))
    .mutation(({ ctx, input }) => removeBundleItem(ctx.domain, input.id, input.item_id)),
  addAddonRule: protectedProcedure
    .input(addonRuleInput.extend({ bundle_id: idInput }))
    .mutation(({ ctx, input }) => addAddonRule(ctx.domain, input.bundle_id, input)),
  setAddonRuleActive: protectedProcedure
    .input(z.object({ bundle_id: idInput, rule_id: idInput, active: z.boolean() }))
    .mutation(({ ctx, input }) => setAddonRuleActive(ctx.domain, input.bundle_id, input.rule_id, input.active)),
});

const taxRates = catalogRecordRouter(taxRateInput, {
  list: listTaxRatesAdmin,
  create: createTaxRate,
  update: updateTaxRate,
});
const shippingOptions = catalogRecordRouter(shippingOptionInput, {
  list: listShippingOptions,
  create: createShippingOption,
  update: updateShippingOption,
});
const billingSchedules = catalogRecordRouter(billingScheduleInput, {
  list: listBillingSchedules,
  create: createBillingSchedule,
  update: updateBillingSchedule,
});

export const catalogAdminRouter = router({ bundles, taxRates, shippingOptions, billingSchedules });
