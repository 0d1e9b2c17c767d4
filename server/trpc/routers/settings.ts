// Settings for the console: the account's payment processors and its sales channels (the same domain
// functions and request schemas as the REST API's /v2/sales-channels/).
import { listAccountProcessors } from "../../domain/payments/processorList";
import { createChannel, getChannel, listChannels, updateChannel } from "../../domain/sessions/channels";
import { idInput } from "../../schemas/common";
import { salesChannelCreateBody, salesChannelPatchBody } from "../../schemas/sessions";
import { protectedProcedure, router } from "../init";
import { idOnly } from "../inputs";

const processors = router({
  list: protectedProcedure.query(({ ctx }) => listAccountProcessors(ctx.domain)),
});

const salesChannels = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listChannels(ctx.domain, { active: "all" })).results),
  get: protectedProcedure.input(idOnly).query(({ ctx, input }) => getChannel(ctx.domain, input.id)),
  create: protectedProcedure
    .input(salesChannelCreateBody)
    .mutation(({ ctx, input }) => createChannel(ctx.domain, input)),
  update: protectedProcedure
    // flat (id next to the REST body's fields) so a field error names the same field as the REST API's
    .input(salesChannelPatchBody.extend({ id: idInput }))
    .mutation(({ ctx, input: { id, ...patch } }) => updateChannel(ctx.domain, id, patch)),
});

export const settingsRouter = router({ processors, salesChannels });
