// Billing runs in the console: the paginated list, one run, and a manual retry (the same domain
// function as POST /v2/billing-runs/{id}/retry/), which the console then attempts at once with the
// worker's own executeRun, so the seller who clicks "Retry payment now" sees the outcome.

import { accountCtx } from "@/server/domain/accountContext";
import { executeRun } from "@/server/domain/billing/execute";
import { retryRun } from "@/server/domain/billing/runs";
import { listRunsForConsole, runForConsole } from "@/server/domain/console/runList";
import { retryInput, runListInput } from "@/server/trpc/consoleInputs";
import { protectedProcedure, router } from "@/server/trpc/init";
import { idOnly } from "@/server/trpc/inputs";

export const runsRouter = router({
  list: protectedProcedure
    .input(runListInput)
    .query(async ({ ctx, input }) => listRunsForConsole(await accountCtx(ctx.domain.db, ctx.domain.accountId), input)),
  get: protectedProcedure
    .input(idOnly)
    .query(async ({ ctx, input }) => runForConsole(await accountCtx(ctx.domain.db, ctx.domain.accountId), input.id)),
  retry: protectedProcedure.input(retryInput).mutation(async ({ ctx, input }) => {
    const domainCtx = await accountCtx(ctx.domain.db, ctx.domain.accountId);
    await retryRun(domainCtx, input.id, { reason: input.reason || "retried in the admin console" });
    await executeRun(domainCtx, input.id);
    return runForConsole(domainCtx, input.id);
  }),
});
