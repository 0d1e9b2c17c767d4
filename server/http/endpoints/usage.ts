// REST routes of usage-based billing: billable metrics and usage events (extensions of the spec).

import { contractUsage } from "@/server/domain/usage/contractUsage";
import { listUsageEvents } from "@/server/domain/usage/events";
import { ingestUsageEvents } from "@/server/domain/usage/ingest";
import { archiveMetric, createMetric, getMetric, listMetrics, updateMetric } from "@/server/domain/usage/metrics";
import { defineEndpoint } from "@/server/http/endpoint";
import { listEndpoint } from "@/server/http/readEndpoints";
import { recordEndpoints } from "@/server/http/recordEndpoints";
import {
  billableMetricCreateBody,
  billableMetricListQuery,
  billableMetricPatchBody,
  billableMetricResponse,
  contractUsageResponse,
  usageEventListQuery,
  usageEventResponse,
  usageEventsBody,
  usageIngestResponse,
} from "@/server/schemas/usage";

const metric = recordEndpoints("/v2/billable-metrics/{metricId}/", billableMetricResponse, {
  tags: ["Billable metrics"],
  extension: true,
});
const eventTags = ["Usage events"];

const contractUsageRoute = recordEndpoints("/v2/subscription-contracts/{contractId}/", contractUsageResponse, {
  tags: eventTags,
  extension: true,
});

export const usageEndpoints = [
  contractUsageRoute.route({
    method: "GET",
    below: "usage/",
    summary: "Read a contract's metered usage this period (so far, by tier, estimated, by day)",
    handler: (ctx, { params }) => contractUsage(ctx, params.contractId),
  }),
  metric.list({ summary: "List billable metrics (newest first)", query: billableMetricListQuery, list: listMetrics }),
  metric.create("Create a billable metric", billableMetricCreateBody, createMetric),
  metric.read("Read a billable metric", getMetric),
  metric.route({
    method: "PATCH",
    summary: "Update a billable metric",
    description: billableMetricPatchBody.description,
    body: billableMetricPatchBody,
    bodyRequired: true,
    handler: (ctx, { params, body }) => updateMetric(ctx, params.metricId, body),
  }),
  metric.action("archive/", "Archive a billable metric (its events are then refused; history stays)", archiveMetric),
  defineEndpoint({
    method: "POST",
    path: "/v2/usage-events/",
    summary: "Send usage events (up to 1,000; idempotent by transaction_id)",
    description: usageEventsBody.description,
    tags: eventTags,
    extension: true,
    body: usageEventsBody,
    bodyRequired: true,
    // 1,000 events with long transaction ids and 50 properties each exceed the usual 1 MB
    bodyLimit: 5_000_000,
    response: usageIngestResponse,
    handler: (ctx, { body }) => ingestUsageEvents(ctx, body),
  }),
  listEndpoint({
    path: "/v2/usage-events/",
    summary: "List usage events (newest first)",
    tags: eventTags,
    extension: true,
    query: usageEventListQuery,
    item: usageEventResponse,
    list: listUsageEvents,
  }),
];
