// Settings for the console: the account's payment processors and its sales channels (the same domain
// functions and request schemas as the REST API's /v2/sales-channels/).
import { listAccountProcessors } from "@/server/domain/payments/processorList";
import { getCancellationSettings, updateCancellationSettings } from "@/server/domain/portal/cancellation";
import { getSelfServicePolicy, updateSelfServicePolicy } from "@/server/domain/selfService/policy";
import { createChannel, getChannel, listChannels, updateChannel } from "@/server/domain/sessions/channels";
import { idInput } from "@/server/schemas/common";
import { cancellationSettingsPatchBody } from "@/server/schemas/portal";
import { selfServicePolicyPatchBody } from "@/server/schemas/selfService";
import { salesChannelCreateBody, salesChannelPatchBody } from "@/server/schemas/sessions";
import { byIdQuery } from "@/server/trpc/idProcedures";
import { protectedProcedure, router } from "@/server/trpc/init";

const processors = router({
  list: protectedProcedure.query(({ ctx }) => listAccountProcessors(ctx.domain)),
});

const salesChannels = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listChannels(ctx.domain, { active: "all" })).results),
  get: byIdQuery(getChannel),
  create: protectedProcedure
    .input(salesChannelCreateBody)
    .mutation(({ ctx, input }) => createChannel(ctx.domain, input)),
  update: protectedProcedure
    // flat (id next to the REST body's fields) so a field error names the same field as the REST API's
    .input(salesChannelPatchBody.extend({ id: idInput }))
    .mutation(({ ctx, input: { id, ...patch } }) => updateChannel(ctx.domain, id, patch)),
});

// what customers may do on the subscriber page (the same domain functions as /v2/self-service-policy/)
const selfService = router({
  get: protectedProcedure.query(({ ctx }) => getSelfServicePolicy(ctx.domain)),
  update: protectedProcedure
    .input(selfServicePolicyPatchBody)
    .mutation(({ ctx, input }) => updateSelfServicePolicy(ctx.domain, input)),
});

// the cancellation customers go through (the same domain functions as /v2/cancellation-settings/)
const cancellation = router({
  get: protectedProcedure.query(({ ctx }) => getCancellationSettings(ctx.domain)),
  update: protectedProcedure
    .input(cancellationSettingsPatchBody)
    .mutation(({ ctx, input }) => updateCancellationSettings(ctx.domain, input)),
});

export const settingsRouter = router({ processors, salesChannels, selfService, cancellation });
