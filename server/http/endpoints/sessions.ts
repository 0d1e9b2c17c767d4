import { z } from "zod";
import { parsePage } from "@/server/domain/list";
import { createChannel, getChannel, listChannels, updateChannel } from "@/server/domain/sessions/channels";
import { createSession, getSession } from "@/server/domain/sessions/sessions";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { listBody } from "@/server/http/pagination";
import { listOf } from "@/server/schemas/common";
import {
  checkoutSessionCreateBody,
  checkoutSessionResponse,
  salesChannelCreateBody,
  salesChannelListQuery,
  salesChannelPatchBody,
  salesChannelResponse,
} from "@/server/schemas/sessions";

const channelParams = z.object({ salesChannelId: intId });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

export const sessionEndpoints = [
  defineEndpoint({
    method: "GET",
    path: "/v2/sales-channels/",
    summary: "List sales channels",
    tags: ["Checkout sessions"],
    extension: true,
    query: salesChannelListQuery,
    response: listOf(salesChannelResponse),
    handler: async (ctx, { query, url }) =>
      listBody(await listChannels(ctx, { active: query.active, page: parsePage(query) }), url),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/sales-channels/",
    summary: "Create a sales channel (offer, allowed origins, processors, metadata, theme, terms)",
    tags: ["Checkout sessions"],
    extension: true,
    body: salesChannelCreateBody,
    bodyRequired: true,
    response: salesChannelResponse,
    status: 201,
    description:
      "The offer is validated by compiling it once; its problems are reported under the offer's field keys, as a quote reports them.",
    handler: (ctx, { body }) => createChannel(ctx, body),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/sales-channels/{salesChannelId}/",
    summary: "Read a sales channel (active or not)",
    tags: ["Checkout sessions"],
    extension: true,
    params: channelParams,
    response: salesChannelResponse,
    handler: (ctx, { params }) => getChannel(ctx, params.salesChannelId),
  }),
  defineEndpoint({
    method: "PATCH",
    path: "/v2/sales-channels/{salesChannelId}/",
    summary: "Update or deactivate a sales channel; existing sessions keep their snapshot",
    tags: ["Checkout sessions"],
    extension: true,
    params: channelParams,
    body: salesChannelPatchBody,
    bodyRequired: true,
    response: salesChannelResponse,
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
