// Billing runs and the test clock for the admin console.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { advanceClockStep } from "@/server/domain/billing/clockMove";
import { applyCreditToRun } from "@/server/domain/billing/credit";
import { listRuns } from "@/server/domain/billing/runs";
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
  // one step of a move: the steps of one `move` id are one audit entry (the move records it itself), and
  // the answer counts the runs created since the move began from the database
  advanceClock: protectedProcedure
    .meta({ audit: "own" })
    .input(
      z.object({
        to: z.iso.datetime({ offset: true, error: "Enter a date and time." }),
        move: z
          .string()
          .regex(/^[\w-]{8,64}$/)
          .optional(),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      advanceClockStep(
        ctx.domain,
        { to: input.to, move: input.move ?? randomUUID() },
        { type: "user", id: ctx.user.id, label: ctx.user.email },
      ),
    ),
});
