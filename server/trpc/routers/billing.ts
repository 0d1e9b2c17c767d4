// Billing runs and the test clock for the admin console.
import { z } from "zod";
import { advanceTestClock, listRuns } from "../../domain/billing/runs";
import { accountCtx } from "../../worker/billing";
import { protectedProcedure, router } from "../init";

export const billingRouter = router({
  runs: protectedProcedure.query(async ({ ctx }) => (await listRuns(ctx.domain, { page: { size: 50, number: 1 } })).results),
  clock: protectedProcedure.query(async ({ ctx }) => {
    const c = await accountCtx(ctx.domain.db, ctx.domain.accountId);
    return { now: c.clock.now().toISOString() };
  }),
  advanceClock: protectedProcedure
    .input(z.object({ to: z.iso.datetime({ offset: true, error: "Enter a date and time." }) }))
    .mutation(async ({ ctx, input }) => advanceTestClock(await accountCtx(ctx.domain.db, ctx.domain.accountId), { to: input.to })),
});
