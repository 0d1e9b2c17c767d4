// Webhook endpoints for the console: the REST extension's create/list/deliveries, plus secret rotation,
// a test event and replaying a delivery. Secrets appear only in create and rotate responses.
import { z } from "zod";
import {
  getWebhookEndpoint,
  replayDelivery,
  rotateWebhookSecret,
  sendTestEvent,
} from "@/server/domain/webhooks/endpointAdmin";
import { createWebhookEndpoint, listWebhookEndpoints, pageDeliveries } from "@/server/domain/webhooks/endpoints";
import { webhookEndpointBody } from "@/server/schemas/billing";
import { idInput } from "@/server/schemas/common";
import { byIdMutation, byIdPageQuery, byIdQuery } from "@/server/trpc/idProcedures";
import { protectedProcedure, router } from "@/server/trpc/init";

export const webhooksRouter = router({
  list: protectedProcedure.query(({ ctx }) => listWebhookEndpoints(ctx.domain)),
  get: byIdQuery(getWebhookEndpoint),
  deliveries: byIdPageQuery(pageDeliveries),
  create: protectedProcedure
    .input(webhookEndpointBody)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.domain, input)),
  rotateSecret: byIdMutation(rotateWebhookSecret),
  sendTestEvent: byIdMutation(sendTestEvent),
  replayDelivery: protectedProcedure
    .input(z.object({ id: idInput, delivery_id: idInput }))
    .mutation(({ ctx, input }) => replayDelivery(ctx.domain, input.id, input.delivery_id)),
});
