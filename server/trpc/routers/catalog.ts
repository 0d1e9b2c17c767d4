// Catalog for the admin console: products, prices and their versions, tax rates.
import { z } from "zod";
import { simulatePriceVersion } from "@/server/domain/billing/simulate";
import { cancelScheduledPriceVersion } from "@/server/domain/catalog/cancelVersion";
import { createPrice, listPrices, schedulePriceVersion } from "@/server/domain/catalog/prices";
import { createProduct, getProduct, listProducts, listTaxRates } from "@/server/domain/catalog/products";
import { idInput } from "@/server/schemas/common";
import { byIdQuery } from "@/server/trpc/idProcedures";
import { protectedProcedure, router } from "@/server/trpc/init";
import { activeFilter, priceCreateInput, priceVersionInput, productCreateInput } from "@/server/trpc/inputs";

const products = router({
  list: protectedProcedure
    .input(z.object({ active: activeFilter }).default({ active: "all" }))
    .query(async ({ ctx, input }) => (await listProducts(ctx.domain, { active: input.active })).results),
  get: byIdQuery((ctx, id) => getProduct(ctx, id, { active: "all" })),
  create: protectedProcedure.input(productCreateInput).mutation(({ ctx, input }) => createProduct(ctx.domain, input)),
});

const prices = router({
  list: protectedProcedure
    .input(
      z
        .object({ active: activeFilter, product: z.union([z.string(), z.number()]).transform(String).optional() })
        .default({ active: "all" }),
    )
    .query(
      async ({ ctx, input }) =>
        (await listPrices(ctx.domain, { active: input.active, product: input.product })).results,
    ),
  create: protectedProcedure.input(priceCreateInput).mutation(({ ctx, input }) => createPrice(ctx.domain, input)),
  scheduleVersion: protectedProcedure
    .input(priceVersionInput)
    .mutation(({ ctx, input }) => schedulePriceVersion(ctx.domain, input.price_id, input)),
  // nothing is written: a query (no audit entry, viewers may simulate)
  simulateVersion: protectedProcedure
    .input(priceVersionInput)
    .query(({ ctx, input }) => simulatePriceVersion(ctx.domain, input.price_id, input)),
  cancelScheduledVersion: protectedProcedure
    .input(z.object({ price_id: idInput, version_id: idInput }))
    .mutation(({ ctx, input }) => cancelScheduledPriceVersion(ctx.domain, input.price_id, input.version_id)),
});

const taxRates = router({
  list: protectedProcedure.query(({ ctx }) => listTaxRates(ctx.domain)),
});

export const catalogRouter = router({ products, prices, taxRates });
