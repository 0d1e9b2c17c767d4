// The console dashboard (/admin): figures and charts on the account's clock (a test clock included).
import { dashboardCharts, dashboardFigures } from "../../domain/dashboard/summary";
import { accountCtx } from "../../worker/billing";
import { protectedProcedure, router } from "../init";

export const dashboardRouter = router({
  figures: protectedProcedure.query(async ({ ctx }) => dashboardFigures(await accountCtx(ctx.domain.db, ctx.domain.accountId))),
  charts: protectedProcedure.query(async ({ ctx }) => dashboardCharts(await accountCtx(ctx.domain.db, ctx.domain.accountId))),
});
