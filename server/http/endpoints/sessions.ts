// REST routes of sales channels and the embedded checkout sessions created from them.
import { z } from "zod";
import { createChannel, getChannel, listChannels, updateChannel } from "@/server/domain/sessions/channels";
import { createSession, getSession } from "@/server/domain/sessions/sessions";
import { defineEndpoint } from "@/server/http/endpoint";
import { recordEndpoints } from "@/server/http/recordEndpoints";
import {
  checkoutSessionCreateBody,
  checkoutSessionResponse,
  salesChannelCreateBody,
  salesChannelListQuery,
  salesChannelPatchBody,
  salesChannelResponse,
} from "@/server/schemas/sessions";

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const channel = recordEndpoints("/v2/sales-channels/{salesChannelId}/", salesChannelResponse, {
  tags: ["Checkout sessions"],
  extension: true,
});

export const sessionEndpoints = [
  channel.list({ summary: "List sales channels", query: salesChannelListQuery, list: listChannels }),
  channel.create(
    "Create a sales channel (offer, allowed origins, processors, metadata, theme, terms)",
    salesChannelCreateBody,
    createChannel,
  ),
  channel.read("Read a sales channel (active or not)", getChannel),
  channel.route({
    method: "PATCH",
    summary: "Update or deactivate a sales channel; existing sessions keep their snapshot",
    body: salesChannelPatchBody,
    bodyRequired: true,
    handler: (ctx, { params, body }) => updateChannel(ctx, params.salesChannelId, body),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/checkout-sessions/",
    summary: "Create an embedded checkout session from a sales channel",
    tags: ["Checkout sessions"],
    body: checkoutSessionCreateBody,
    bodyRequired: true,
    response: checkoutSessionResponse,
    status: 201,
    description:
      "Snapshots the channel's offer, allowed origins, processors, metadata, theme and terms. The session lives 30 minutes; hand only its `token` to the browser widget.",
    handler: (ctx, { body }) => createSession(ctx, body),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/checkout-sessions/{token}/",
    summary: "Private state of a checkout session",
    tags: ["Checkout sessions"],
    params: tokenParams,
    response: checkoutSessionResponse,
    handler: (ctx, { params }) => getSession(ctx, params.token),
  }),
];
