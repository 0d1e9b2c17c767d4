// REST routes of subscription contracts: create, list, read, patch, item and lifecycle operations, proration
// previews, scheduled changes; and customer entitlements.
import { z } from "zod";
import { createContract } from "@/server/domain/contracts/create";
import { activateContract, deletePause } from "@/server/domain/contracts/directTransitions";
import type { OperationResult } from "@/server/domain/contracts/operationFlow";
import { previewChange, runLifecycle, runOperation } from "@/server/domain/contracts/operations";
import { getContract, listContracts, patchContract } from "@/server/domain/contracts/readAndPatch";
import { cancelScheduledChange } from "@/server/domain/contracts/scheduledChanges";
import { customerEntitlements } from "@/server/domain/entitlements/entitlements";
import { defineEndpoint, type EndpointDef, intId } from "@/server/http/endpoint";
import { recordEndpoints } from "@/server/http/recordEndpoints";
import {
  type ContractOut,
  contractCreateBody,
  contractListQuery,
  contractPatchBody,
  contractResponse,
  itemChangePaymentFailedResponse,
  itemChangeResponse,
  type Operation,
  operationBodies,
  previewBody,
  prorationPreviewResponse,
} from "@/server/schemas/contracts";
import { entitlementQuery, entitlementStateResponse } from "@/server/schemas/entitlements";

const tags = ["Subscription contracts"];
const base = "/v2/subscription-contracts/{contractId}";
const contract = recordEndpoints(`${base}/`, contractResponse, { tags });

const itemResult = (r: OperationResult) => ({
  contract: r.contract,
  contract_item: r.contract.items.find((i) => i.id === r.contractItemId) ?? null,
  proration: r.preview,
  adjustment_billing_run_id: r.adjustmentRunId,
  // extension, only for payment_behavior=pending_if_incomplete: the answer of other calls stays as the spec's
  ...(r.changeState ? { change_state: r.changeState } : {}),
});

/** Each operation's body schema, typed per operation (so a route's handler gets that operation's body). */
const bodies: { [K in Operation]: z.ZodType<z.infer<(typeof operationBodies)[K]>> } = operationBodies;

/** POST .../items/<verb>/: the item operation with its own body, answered with the item change. */
const itemOperation = <K extends "add_item" | "update_item" | "remove_item">(operation: K, summary: string) =>
  contract.route({
    method: "POST",
    below: `items/${operation.replace("_item", "")}/`,
    summary,
    body: bodies[operation],
    bodyRequired: true,
    response: itemChangeResponse,
    badRequest: itemChangePaymentFailedResponse,
    handler: async (ctx, { params, body }) => itemResult(await runOperation(ctx, params.contractId, operation, body)),
    fencedResponse: itemResult,
  });

/** POST .../<operation>/: a lifecycle operation, answered with the contract. */
const lifecycleOperation = <K extends "cancel" | "restart" | "pause" | "resume">(
  operation: K,
  summary: string,
  options: Pick<EndpointDef, "bodyRequired"> = {},
) =>
  contract.route({
    method: "POST",
    below: `${operation}/`,
    summary,
    body: bodies[operation],
    ...options,
    handler: (ctx, { params, body }) => runLifecycle(ctx, params.contractId, operation, body),
    fencedResponse: (r: OperationResult) => r.contract,
  });

export const contractEndpoints = [
  contract.list({ summary: "List contracts (newest first)", query: contractListQuery, list: listContracts }),
  contract.create("Create a contract from a bundle or direct items", contractCreateBody, createContract, {
    fencedResponse: (created: ContractOut) => created,
  }),
  contract.read("Read a contract", getContract),
  contract.route({
    method: "PATCH",
    summary: "Update metadata, payment_processor_override, delivery_address, accounting fields",
    body: contractPatchBody,
    bodyRequired: true,
    handler: (ctx, { params, body }) => patchContract(ctx, params.contractId, body),
  }),
  contract.route({
    method: "POST",
    below: "proration-preview/",
    summary: "Preview the amounts of an item change or lifecycle operation",
    body: previewBody,
    bodyRequired: false,
    response: prorationPreviewResponse,
    readOnly: true,
    description:
      "Send `operation` (default update_item) with that operation's fields; take `preview_token` into the execution call.",
    handler: (ctx, { params, body }) => previewChange(ctx, params.contractId, body as Record<string, unknown>),
  }),
  itemOperation("add_item", "Add an item"),
  itemOperation("update_item", "Update an item (changed fields only)"),
  itemOperation("remove_item", "Remove an item"),
  lifecycleOperation("cancel", "Cancel now, at period end or at a date"),
  lifecycleOperation("restart", "Clear a pending cancellation or reactivate a canceled contract"),
  lifecycleOperation("pause", "Pause now or schedule a pause window", { bodyRequired: true }),
  lifecycleOperation("resume", "End the current pause"),
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
  contract.action("activate/", "Activate an inactive contract", activateContract, {
    fencedResponse: (activated: ContractOut) => activated,
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/customer-entitlements/",
    summary: "Current entitlements of a customer",
    tags: ["Entitlements"],
    query: entitlementQuery,
    response: entitlementStateResponse,
    answers: [404], // the customer_reference names no customer of the account (spec 4.5)
    handler: (ctx, { query }) => customerEntitlements(ctx, query),
  }),
];
