import { z } from "zod";
import { createContract } from "@/server/domain/contracts/create";
import type { OperationResult } from "@/server/domain/contracts/operationFlow";
import { previewChange, runLifecycle, runOperation } from "@/server/domain/contracts/operations";
import { getContract, listContracts, patchContract } from "@/server/domain/contracts/read";
import { cancelScheduledChange } from "@/server/domain/contracts/scheduledChanges";
import { activateContract, deletePause } from "@/server/domain/contracts/state";
import { customerEntitlements } from "@/server/domain/entitlements/entitlements";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { listEndpoint } from "@/server/http/readEndpoints";
import {
  cancelBody,
  contractCreateBody,
  contractListQuery,
  contractPatchBody,
  contractResponse,
  itemAddBody,
  itemChangeResponse,
  itemRemoveBody,
  itemUpdateBody,
  pauseBody,
  previewBody,
  prorationPreviewResponse,
  restartBody,
  resumeBody,
} from "@/server/schemas/contracts";
import { entitlementQuery, entitlementStateResponse } from "@/server/schemas/entitlements";

const tags = ["Subscription contracts"];
const params = z.object({ contractId: intId });
const base = "/v2/subscription-contracts/{contractId}";

const itemResult = (r: OperationResult) => ({
  contract: r.contract,
  contract_item: r.contract.items.find((i) => i.id === r.contractItemId) ?? null,
  proration: r.preview,
  adjustment_billing_run_id: r.adjustmentRunId,
});

export const contractEndpoints = [
  listEndpoint({
    path: "/v2/subscription-contracts/",
    summary: "List contracts (newest first)",
    tags,
    query: contractListQuery,
    item: contractResponse,
    list: listContracts,
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/subscription-contracts/",
    summary: "Create a contract from a bundle or direct items",
    tags,
    body: contractCreateBody,
    bodyRequired: true,
    response: contractResponse,
    status: 201,
    handler: (ctx, { body }) => createContract(ctx, body),
  }),
  defineEndpoint({
    method: "GET",
    path: `${base}/`,
    summary: "Read a contract",
    tags,
    params,
    response: contractResponse,
    handler: (ctx, { params }) => getContract(ctx, params.contractId),
  }),
  defineEndpoint({
    method: "PATCH",
    path: `${base}/`,
    summary: "Update metadata, payment_processor_override, delivery_address, accounting fields",
    tags,
    params,
    body: contractPatchBody,
    bodyRequired: true,
    response: contractResponse,
    handler: (ctx, { params, body }) => patchContract(ctx, params.contractId, body),
  }),
  defineEndpoint({
    method: "POST",
    path: `${base}/proration-preview/`,
    summary: "Preview the amounts of an item change or lifecycle operation",
    tags,
    params,
    body: previewBody,
    bodyRequired: false,
    response: prorationPreviewResponse,
    readOnly: true,
    description:
      "Send `operation` (default update_item) with that operation's fields; take `preview_token` into the execution call.",
    handler: (ctx, { params, body }) => previewChange(ctx, params.contractId, body as Record<string, unknown>),
  }),
  defineEndpoint({
    method: "POST",
    path: `${base}/items/add/`,
    summary: "Add an item",
    tags,
    params,
    body: itemAddBody,
    bodyRequired: true,
    response: itemChangeResponse,
    handler: async (ctx, { params, body }) => itemResult(await runOperation(ctx, params.contractId, "add_item", body)),
  }),
  defineEndpoint({
    method: "POST",
    path: `${base}/items/update/`,
    summary: "Update an item (changed fields only)",
    tags,
    params,
    body: itemUpdateBody,
    bodyRequired: true,
    response: itemChangeResponse,
    handler: async (ctx, { params, body }) =>
      itemResult(await runOperation(ctx, params.contractId, "update_item", body)),
  }),
  defineEndpoint({
    method: "POST",
    path: `${base}/items/remove/`,
    summary: "Remove an item",
    tags,
    params,
    body: itemRemoveBody,
    bodyRequired: true,
    response: itemChangeResponse,
    handler: async (ctx, { params, body }) =>
      itemResult(await runOperation(ctx, params.contractId, "remove_item", body)),
  }),
  defineEndpoint({
    method: "POST",
    path: `${base}/cancel/`,
    summary: "Cancel now, at period end or at a date",
    tags,
    params,
    body: cancelBody,
    response: contractResponse,
    handler: (ctx, { params, body }) => runLifecycle(ctx, params.contractId, "cancel", body),
  }),
  defineEndpoint({
    method: "POST",
    path: `${base}/restart/`,
    summary: "Clear a pending cancellation or reactivate a canceled contract",
    tags,
    params,
    body: restartBody,
    response: contractResponse,
    handler: (ctx, { params, body }) => runLifecycle(ctx, params.contractId, "restart", body),
  }),
  defineEndpoint({
    method: "POST",
    path: `${base}/pause/`,
    summary: "Pause now or schedule a pause window",
    tags,
    params,
    body: pauseBody,
    bodyRequired: true,
    response: contractResponse,
    handler: (ctx, { params, body }) => runLifecycle(ctx, params.contractId, "pause", body),
  }),
  defineEndpoint({
    method: "POST",
    path: `${base}/resume/`,
    summary: "End the current pause",
    tags,
    params,
    body: resumeBody,
    response: contractResponse,
    handler: (ctx, { params, body }) => runLifecycle(ctx, params.contractId, "resume", body),
  }),
  defineEndpoint({
    method: "DELETE",
    path: `${base}/pause/{pauseId}/`,
    summary: "Cancel a future scheduled pause",
    tags,
    params: z.object({ contractId: intId, pauseId: intId }),
    response: contractResponse,
    handler: (ctx, { params }) => deletePause(ctx, params.contractId, params.pauseId),
  }),
  defineEndpoint({
    method: "DELETE",
    path: `${base}/scheduled-changes/{changeId}/`,
    summary: "Cancel a scheduled item change (the item keeps its current terms)",
    description:
      "A pending entry of the contract's scheduled_changes (a customer's downgrade waiting for the item's period end) is canceled; the renewal bills the current terms. 404 for an unknown change, 400 for one already applied or canceled.",
    tags,
    extension: true,
    params: z.object({ contractId: intId, changeId: intId }),
    response: contractResponse,
    handler: (ctx, { params }) => cancelScheduledChange(ctx, params.contractId, params.changeId),
  }),
  defineEndpoint({
    method: "POST",
    path: `${base}/activate/`,
    summary: "Activate an inactive contract",
    tags,
    params,
    response: contractResponse,
    handler: (ctx, { params }) => activateContract(ctx, params.contractId),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/customer-entitlements/",
    summary: "Current entitlements of a customer",
    tags: ["Entitlements"],
    query: entitlementQuery,
    response: entitlementStateResponse,
    handler: (ctx, { query }) => customerEntitlements(ctx, query),
  }),
];
