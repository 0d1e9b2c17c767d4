// The console dashboard (/admin): figures and charts on the account's clock (a test clock included), in
// groups the page loads side by side, so no figure waits for the slowest.

import { billingOutcomesPerDay } from "@/server/domain/dashboard/figures";
import { currentMrr, dashboardFigures, dashboardMoney, mrrByMonth } from "@/server/domain/dashboard/summary";
import { protectedProcedure, router } from "@/server/trpc/init";

export const dashboardRouter = router({
  /** MRR per currency now, each with the contracts.list filter of the contracts it counts */
  mrr: protectedProcedure.query(async ({ ctx }) => currentMrr(ctx.domain)),
  /** active, new and churned contracts, runs needing attention, renewals due in 7 days */
  figures: protectedProcedure.query(async ({ ctx }) => dashboardFigures(ctx.domain)),
  /** billed and collected in the last 30 days */
  money: protectedProcedure.query(async ({ ctx }) => dashboardMoney(ctx.domain)),
  /** chart: MRR by month for the last 12 months, per currency */
  mrrByMonth: protectedProcedure.query(async ({ ctx }) => mrrByMonth(ctx.domain)),
  /** chart: billing outcomes per day for the last 30 days */
  outcomes: protectedProcedure.query(async ({ ctx }) => billingOutcomesPerDay(ctx.domain)),
});
