// Settings for the console: the account's payment processors and its sales channels (the same domain
// functions and request schemas as the REST API's /v2/sales-channels/).
import { z } from "zod";
import { listAccountProcessors } from "../../domain/payments/processorList";
import { createChannel, getChannel, listChannels, updateChannel } from "../../domain/sessions/channels";
import { salesChannelCreateBody, salesChannelPatchBody } from "../../schemas/sessions";
import { protectedProcedure, router } from "../init";
import { idOnly } from "../inputs";
import { idInput } from "../../schemas/common";

const processors = router({
  list: protectedProcedure.query(({ ctx }) => listAccountProcessors(ctx.domain)),
});

const salesChannels = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listChannels(ctx.domain, { active: "all" })).results),
  get: protectedProcedure.input(idOnly).query(({ ctx, input }) => getChannel(ctx.domain, input.id)),
  create: protectedProcedure.input(salesChannelCreateBody).mutation(({ ctx, input }) => createChannel(ctx.domain, input)),
  update: protectedProcedure
    .input(z.object({ id: idInput, patch: salesChannelPatchBody }))
    .mutation(({ ctx, input }) => updateChannel(ctx.domain, input.id, input.patch)),
});

export const settingsRouter = router({ processors, salesChannels });
