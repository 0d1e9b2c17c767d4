// The quote builder (/admin/contracts/new): catalog pickers, the live quote and "Create contract".
// The quote and the contract come from the same domain functions as POST /v2/subscription-offer-quotes/
// and POST /v2/subscription-contracts/, with the same body schemas.
import { z } from "zod";
import { evaluateAddons } from "@/server/domain/bundles/addons";
import { getBundle, listBundles } from "@/server/domain/bundles/bundles";
import { listPrices } from "@/server/domain/catalog/prices";
import { createContract } from "@/server/domain/contracts/create";
import { createQuote } from "@/server/domain/quotes/quotes";
import { bundleItemSelectionInput } from "@/server/schemas/bundles";
import { idInput } from "@/server/schemas/common";
import { contractCreateBody } from "@/server/schemas/contracts";
import { quoteBody } from "@/server/schemas/quotes";
import { protectedProcedure, router } from "@/server/trpc/init";

// quotes and contracts run on ctx.domain's clock: the account's (a test-mode account's test clock), as over REST

export const quoteBuilderRouter = router({
  bundles: protectedProcedure.query(async ({ ctx }) => (await listBundles(ctx.domain, { active: "true" })).results),
  bundle: protectedProcedure
    .input(z.object({ id: idInput }))
    .query(({ ctx, input }) => getBundle(ctx.domain, input.id, { active: "true" })),
  addons: protectedProcedure
    .input(z.object({ id: idInput, selections: z.array(bundleItemSelectionInput).max(200).default([]) }))
    .query(async ({ ctx, input }) => evaluateAddons(ctx.domain, input.id, input.selections)),
  prices: protectedProcedure.query(async ({ ctx }) => (await listPrices(ctx.domain, { active: "true" })).results),
  quote: protectedProcedure.input(quoteBody).query(async ({ ctx, input }) => createQuote(ctx.domain, input)),
  create: protectedProcedure
    .input(contractCreateBody)
    .mutation(async ({ ctx, input }) => createContract(ctx.domain, input)),
});
