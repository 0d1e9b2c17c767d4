// Usage-based billing in the console: billable metrics through the same domain functions and body schemas as
// /v2/billable-metrics/ (read-only users are refused the writes, each write is audited, see ../init.ts), and a
// contract's usage this period (the domain function behind GET /v2/subscription-contracts/{id}/usage/).
import { z } from "zod";
import { contractUsage } from "@/server/domain/usage/contractUsage";
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

export const usageRouter = router({
  metrics: metricsRouter,
  /** Per metered item: so far, by tier, estimated, by day (another account's contract is NOT_FOUND). */
  contract: protectedProcedure
    .input(z.object({ id: idInput }))
    .query(({ ctx, input }) => contractUsage(ctx.domain, input.id)),
});
