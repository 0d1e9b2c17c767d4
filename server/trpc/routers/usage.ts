// Usage-based billing in the console: billable metrics through the same domain functions and body schemas as
// /v2/billable-metrics/ (read-only users are refused the writes, each write is audited, see ../init.ts).
import { archiveMetric, createMetric, listMetrics, updateMetric } from "@/server/domain/usage/metrics";
import { idInput } from "@/server/schemas/common";
import { billableMetricCreateBody, billableMetricPatchBody } from "@/server/schemas/usage";
import { byIdMutation } from "@/server/trpc/idProcedures";
import { protectedProcedure, router } from "@/server/trpc/init";

const metricsRouter = router({
  /** Every metric of the account, archived ones included (newest first). */
  list: protectedProcedure.query(async ({ ctx }) => (await listMetrics(ctx.domain, { archived: "all" })).results),
  create: protectedProcedure
    .input(billableMetricCreateBody)
    .mutation(({ ctx, input }) => createMetric(ctx.domain, input)),
  update: protectedProcedure
    // flat like the other console inputs, so field errors name the fields themselves
    .input(billableMetricPatchBody.extend({ id: idInput }))
    .mutation(({ ctx, input: { id, ...patch } }) => updateMetric(ctx.domain, id, patch)),
  archive: byIdMutation(archiveMetric),
});

export const usageRouter = router({ metrics: metricsRouter });
