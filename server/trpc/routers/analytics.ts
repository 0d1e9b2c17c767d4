// Revenue analytics in the console (/admin/analytics): the same domain functions as GET
// /v2/analytics/mrr-movements/, /retention/ and /contracts/, on the account's clock.
import { analyticsContracts } from "@/server/domain/analytics/contracts";
import { mrrMovements } from "@/server/domain/analytics/movements";
import { retention } from "@/server/domain/analytics/retention";
import { analyticsContractsQuery, analyticsQuery } from "@/server/schemas/analytics";
import { replicaProcedure, router } from "@/server/trpc/init";

export const analyticsRouter = router({
  /** MRR movements per month and currency, opening + movements = closing */
  movements: replicaProcedure.input(analyticsQuery).query(async ({ ctx, input }) => mrrMovements(ctx.domain, input)),
  /** churn rates, NRR, ARPA, LTV and the cohort table */
  retention: replicaProcedure.input(analyticsQuery).query(async ({ ctx, input }) => retention(ctx.domain, input)),
  /** the customers and contracts behind a figure */
  contracts: replicaProcedure
    .input(analyticsContractsQuery)
    .query(async ({ ctx, input }) => analyticsContracts(ctx.domain, input)),
});
