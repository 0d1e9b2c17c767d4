// Webhook endpoints for the console: the REST extension's create/list/deliveries, plus secret rotation,
// a test event and replaying a delivery. Secrets appear only in create and rotate responses.
import { z } from "zod";
import { tablePage } from "@/server/domain/list";
import {
  getWebhookEndpoint,
  replayDelivery,
  rotateWebhookSecret,
  sendTestEvent,
} from "@/server/domain/webhooks/endpointAdmin";
import {
  createWebhookEndpoint,
  getDelivery,
  listWebhookEndpoints,
  pageDeliveries,
} from "@/server/domain/webhooks/endpoints";
import { webhookEndpointBody } from "@/server/schemas/billing";
import { dateTimeInput, idInput } from "@/server/schemas/common";
import { byIdMutation, byIdQuery, tablePageNumber } from "@/server/trpc/idProcedures";
import { protectedProcedure, router } from "@/server/trpc/init";
import { idOnly } from "@/server/trpc/inputs";

/** A page of the delivery log with the filters the console keeps in its URL. */
const deliveriesInput = idOnly.extend({
  page: tablePageNumber,
  state: z.enum(["pending", "succeeded", "dead", "failed"]).optional(),
  event_type: z.string().max(200).optional(),
  created_from: dateTimeInput.optional(),
  created_to: dateTimeInput.optional(),
});

export const webhooksRouter = router({
  list: protectedProcedure.query(({ ctx }) => listWebhookEndpoints(ctx.domain)),
  get: byIdQuery(getWebhookEndpoint),
  deliveries: protectedProcedure
    .input(deliveriesInput)
    .query(({ ctx, input: { id, page, ...filters } }) => pageDeliveries(ctx.domain, id, tablePage(page), filters)),
  delivery: protectedProcedure
    .input(z.object({ id: idInput, delivery_id: idInput }))
    .query(({ ctx, input }) => getDelivery(ctx.domain, input.id, input.delivery_id)),
  create: protectedProcedure
    .input(webhookEndpointBody)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.domain, input)),
  rotateSecret: byIdMutation(rotateWebhookSecret),
  sendTestEvent: byIdMutation(sendTestEvent),
  replayDelivery: protectedProcedure
    .input(z.object({ id: idInput, delivery_id: idInput }))
    .mutation(({ ctx, input }) => replayDelivery(ctx.domain, input.id, input.delivery_id)),
});
