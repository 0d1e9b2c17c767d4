// Billing runs in the console: the paginated list, one run, and a manual retry (the same domain
// function as POST /v2/billing-runs/{id}/retry/), which the console then attempts at once with the
// worker's own executeRun, so the seller who clicks "Retry payment now" sees the outcome.

import { executeRun } from "@/server/domain/billing/execute";
import { retryRun } from "@/server/domain/billing/runs";
import { listRunsForConsole, runForConsole } from "@/server/domain/consoleLists/runList";
import { retryInput, runListInput } from "@/server/trpc/consoleInputs";
import { byIdQuery } from "@/server/trpc/idProcedures";
import { protectedProcedure, replicaProcedure, router } from "@/server/trpc/init";

export const runsRouter = router({
  list: replicaProcedure.input(runListInput).query(async ({ ctx, input }) => listRunsForConsole(ctx.domain, input)),
  get: byIdQuery(runForConsole),
  retry: protectedProcedure.input(retryInput).mutation(async ({ ctx, input }) => {
    const domainCtx = ctx.domain;
    await retryRun(domainCtx, input.id, { reason: input.reason || "retried in the admin console" });
    await executeRun(domainCtx, input.id);
    return runForConsole(domainCtx, input.id);
  }),
});
