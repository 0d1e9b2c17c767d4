// REST routes of billing runs (list, read, retry, apply credit), the test clock, webhook endpoints and their
// delivery logs.
import { z } from "zod";
import { applyCreditToRun } from "@/server/domain/billing/credit";
import { advanceTestClock, getRun, listRuns, retryRun } from "@/server/domain/billing/runs";
import { parsePage } from "@/server/domain/list";
import {
  createWebhookEndpoint,
  getDelivery,
  listDeliveries,
  listWebhookEndpoints,
} from "@/server/domain/webhooks/endpoints";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { listBody } from "@/server/http/pagination";
import { recordEndpoints } from "@/server/http/recordEndpoints";
import {
  applyCreditBody,
  billingRunResponse,
  retryBody,
  runListQuery,
  testClockBody,
  testClockResponse,
  webhookDeliveryDetailResponse,
  webhookDeliveryListQuery,
  webhookDeliveryResponse,
  webhookEndpointBody,
  webhookEndpointCreatedResponse,
  webhookEndpointResponse,
} from "@/server/schemas/billing";
import { listOf } from "@/server/schemas/common";

const run = recordEndpoints("/v2/billing-runs/{billingRunId}/", billingRunResponse, { tags: ["Billing runs"] });

export const billingEndpoints = [
  run.list({ summary: "List billing runs with lines and attempts", query: runListQuery, list: listRuns }),
  run.read("Read a billing run with lines, attempts and transactions", getRun),
  run.route({
    method: "POST",
    below: "retry/",
    summary: "Schedule a manual retry of a failed run",
    body: retryBody,
    bodyRequired: true,
    handler: (ctx, { params, body }) => retryRun(ctx, params.billingRunId, body),
  }),
  run.route({
    method: "POST",
    below: "apply-credit/",
    summary: "Use contract credit on a scheduled or failed run",
    extension: true,
    body: applyCreditBody,
    description:
      "Credit is never used automatically (spec 4.6) unless the contract has `auto_apply_credit`. This call uses it after taxes and line totals, before the processor charge: `amount` (default: as much as covers the amount due) must not exceed the credit available or the amount due. Credit granted by the run itself is not available to it. A run left with nothing to charge succeeds without a processor attempt. 400 for runs that are processing, pending or settled.",
    handler: (ctx, { params, body }) => applyCreditToRun(ctx, params.billingRunId, body ?? {}),
    fencedResponse: (run: unknown) => run,
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/test-clock/advance/",
    summary: "Move a test-mode account's clock forward and bill everything due",
    tags: ["Test clocks"],
    extension: true,
    body: testClockBody,
    bodyRequired: true,
    response: testClockResponse,
    description: "Secret key of a test-mode account only (403 for live accounts). Send `to` (date-time) or `seconds`.",
    handler: (ctx, { body }) => advanceTestClock(ctx, body),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/webhook-endpoints/",
    summary: "List webhook endpoints",
    tags: ["Webhooks"],
    extension: true,
    response: z.array(webhookEndpointResponse),
    handler: (ctx) => listWebhookEndpoints(ctx),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/webhook-endpoints/",
    summary: "Add a webhook endpoint (the response shows its signing secret once)",
    tags: ["Webhooks"],
    extension: true,
    body: webhookEndpointBody,
    bodyRequired: true,
    status: 201,
    response: webhookEndpointCreatedResponse,
    description:
      "The URL must be http(s) without credentials and must not be, or resolve to, a loopback, private, link-local, unique-local, unspecified, multicast or otherwise non-public address (400 `url`); this is checked again before every delivery. Redirects are not followed (a 3xx is a failed delivery); each attempt times out after 10 s.",
    handler: (ctx, { body }) => createWebhookEndpoint(ctx, body),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/webhook-endpoints/{endpointId}/deliveries/",
    summary: "Delivery log of an endpoint",
    tags: ["Webhooks"],
    extension: true,
    params: z.object({ endpointId: intId }),
    query: webhookDeliveryListQuery,
    response: listOf(webhookDeliveryResponse),
    description:
      "Every delivery of the endpoint, newest first, filtered by `state`, `event_type` and creation time (`created_from`, `created_to`, inclusive). With `page_size` a page of all of them (`{count, next, previous, results}`); without it the newest 200 as a plain list.",
    handler: async (ctx, { params, query, url }) =>
      listBody(await listDeliveries(ctx, params.endpointId, { ...query, page: parsePage(query) }), url),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/",
    summary: "One delivery with every attempt",
    tags: ["Webhooks"],
    extension: true,
    params: z.object({ endpointId: intId, deliveryId: intId }),
    response: webhookDeliveryDetailResponse,
    description:
      "The delivery and its attempt log: when each attempt started, how long it took, the answer's status and the start of its body, or why there was none.",
    handler: (ctx, { params }) => getDelivery(ctx, params.endpointId, params.deliveryId),
  }),
];
