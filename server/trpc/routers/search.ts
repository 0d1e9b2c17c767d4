// The console header's search box: one query over the account's customers, contracts, runs, receipts,
// credit notes, products and prices (domain/search/search.ts). Every role may search.
import { z } from "zod";
import { consoleSearch } from "@/server/domain/search/search";
import { protectedProcedure, router } from "@/server/trpc/init";

export const searchRouter = router({
  query: protectedProcedure
    .input(z.object({ q: z.string().max(100, "Ensure this field has no more than 100 characters.") }))
    .query(({ ctx, input }) => consoleSearch(ctx.domain, { q: input.q })),
});
