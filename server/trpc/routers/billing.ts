// Billing runs and the test clock for the admin console.
import { z } from "zod";
import { applyCreditToRun } from "@/server/domain/billing/credit";
import { advanceTestClock, listRuns } from "@/server/domain/billing/runs";
import { idInput } from "@/server/schemas/common";
import { protectedProcedure, router } from "@/server/trpc/init";

export const billingRouter = router({
  runs: protectedProcedure.query(
    async ({ ctx }) => (await listRuns(ctx.domain, { page: { size: 50, number: 1 } })).results,
  ),
  clock: protectedProcedure.query(async ({ ctx }) => {
    return { now: ctx.domain.clock.now().toISOString() };
  }),
  // the same domain function as POST /v2/billing-runs/{id}/apply-credit/, on the account's clock
  applyCredit: protectedProcedure.input(z.object({ id: idInput })).mutation(async ({ ctx, input }) =>
    applyCreditToRun(ctx.domain, input.id, {
      reason: "applied in the admin console",
    }),
  ),
  advanceClock: protectedProcedure
    .input(z.object({ to: z.iso.datetime({ offset: true, error: "Enter a date and time." }) }))
    .mutation(async ({ ctx, input }) => advanceTestClock(ctx.domain, { to: input.to })),
});
