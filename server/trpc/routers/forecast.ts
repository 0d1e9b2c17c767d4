// Projections in the console: a contract's upcoming runs and the account forecast, through the same
// domain functions as GET /v2/subscription-contracts/{id}/upcoming/ and GET /v2/forecast/.
import { z } from "zod";
import { accountCtx } from "@/server/domain/accountContext";
import { forecastAccount } from "@/server/domain/billing/forecast";
import { forecastMonth } from "@/server/domain/billing/forecastMonth";
import { upcomingRuns } from "@/server/domain/billing/upcoming";
import { replicaProcedure, router } from "@/server/trpc/init";

export const forecastRouter = router({
  upcoming: replicaProcedure
    .input(z.object({ id: z.number().int().positive(), until: z.string().max(40).optional() }))
    .query(async ({ ctx, input }) =>
      upcomingRuns(await accountCtx(ctx.domain.db, ctx.domain.accountId), input.id, { until: input.until }),
    ),
  account: replicaProcedure
    .input(z.object({ months: z.number().int().min(1).max(24).optional() }))
    .query(async ({ ctx, input }) =>
      forecastAccount(await accountCtx(ctx.domain.db, ctx.domain.accountId), { months: input.months }),
    ),
  // a forecast cell explained: the runs that make it, with their lines
  month: replicaProcedure
    .input(z.object({ month: z.string().max(7), currency: z.string().max(3) }))
    .query(async ({ ctx, input }) => forecastMonth(await accountCtx(ctx.domain.db, ctx.domain.accountId), input)),
});
