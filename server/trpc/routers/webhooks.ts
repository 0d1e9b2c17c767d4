// Webhook endpoints for the console: the REST extension's create/list/deliveries, plus secret rotation,
// a test event and replaying a delivery. Secrets appear only in create and rotate responses.
import { z } from "zod";
import {
  getWebhookEndpoint,
  replayDelivery,
  rotateWebhookSecret,
  sendTestEvent,
} from "@/server/domain/webhooks/endpointAdmin";
import { createWebhookEndpoint, listDeliveries, listWebhookEndpoints } from "@/server/domain/webhooks/endpoints";
import { webhookEndpointBody } from "@/server/schemas/billing";
import { idInput } from "@/server/schemas/common";
import { protectedProcedure, router } from "@/server/trpc/init";
import { idOnly } from "@/server/trpc/inputs";

export const webhooksRouter = router({
  list: protectedProcedure.query(({ ctx }) => listWebhookEndpoints(ctx.domain)),
  get: protectedProcedure.input(idOnly).query(({ ctx, input }) => getWebhookEndpoint(ctx.domain, input.id)),
  deliveries: protectedProcedure.input(idOnly).query(({ ctx, input }) => listDeliveries(ctx.domain, input.id)),
  create: protectedProcedure
    .input(webhookEndpointBody)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.domain, input)),
  rotateSecret: protectedProcedure
    .input(idOnly)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.domain, input.id)),
  sendTestEvent: protectedProcedure.input(idOnly).mutation(({ ctx, input }) => sendTestEvent(ctx.domain, input.id)),
  replayDelivery: protectedProcedure
    .input(z.object({ id: idInput, delivery_id: idInput }))
    .mutation(({ ctx, input }) => replayDelivery(ctx.domain, input.id, input.delivery_id)),
});
