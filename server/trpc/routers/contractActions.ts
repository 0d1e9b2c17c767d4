// The contract page's actions. Each procedure calls the same domain function as its REST operation
// (server/http/endpoints/contracts.ts) with the same body schema, plus the contract's id, on the
// account's clock (test mode), so a console preview and its confirmation behave as the API's do.
import { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { creditGrantBody, grantContractCredit } from "@/server/domain/contracts/creditGrant";
import { activateContract, deletePause } from "@/server/domain/contracts/directTransitions";
import { previewChange, runLifecycle, runOperation } from "@/server/domain/contracts/operations";
import { patchContract } from "@/server/domain/contracts/readAndPatch";
import { cancelScheduledChange } from "@/server/domain/contracts/scheduledChanges";
import { applyContractDiscount, removeContractDiscount } from "@/server/domain/coupons/contractDiscount";
import { rotateSubscriberLink } from "@/server/domain/portal/subscriberLink";
import { idInput } from "@/server/schemas/common";
import {
  cancelBody,
  contractPatchBody,
  itemAddBody,
  itemRemoveBody,
  itemUpdateBody,
  type operationBodies,
  pauseBody,
  previewBody,
  restartBody,
  resumeBody,
} from "@/server/schemas/contracts";
import { contractDiscountBody } from "@/server/schemas/coupons";
import { subscriberLinkRotateBody } from "@/server/schemas/portal";
import { protectedProcedure, router } from "@/server/trpc/init";

const target = { contract_id: idInput };

/** A mutation of one contract: its REST body plus `contract_id`; the domain call gets the id and the body alone. */
function contractMutation<Shape extends z.ZodRawShape, Result>(
  body: z.ZodObject<Shape>,
  // the body without `contract_id`: what the REST route hands the same domain call
  call: (ctx: Ctx, contractId: number, body: Omit<z.output<z.ZodObject<Shape>>, "contract_id">) => Promise<Result>,
) {
  return protectedProcedure.input(body.extend(target)).mutation(({ ctx, input }) => {
    // NOTE: names what tRPC already parsed; for a generic schema tRPC 11 types the parsed input as
    // `Input extends UnsetMarker ? undefined : Input`, which TypeScript cannot resolve inside a generic.
    const { contract_id, ...fields } = input as z.output<z.ZodObject<Shape>> & { contract_id: number };
    return call(ctx.domain, contract_id, fields);
  });
}

type ItemOperation = "add_item" | "update_item" | "remove_item";

/**
 * An item operation answers with the contract, its proration, the adjustment run it billed (if any) and
 * whether the change is in the contract or waits for that run's payment (payment_behavior).
 */
const itemOperation =
  <K extends ItemOperation>(operation: K) =>
  async (ctx: Ctx, contractId: number, body: z.output<(typeof operationBodies)[K]>) => {
    const result = await runOperation(ctx, contractId, operation, body);
    return {
      contract: result.contract,
      proration: result.preview,
      adjustment_billing_run_id: result.adjustmentRunId,
      change_state: result.changeState ?? "applied",
    };
  };

export const contractActionsRouter = router({
  /** POST …/proration-preview/: `operation` plus that operation's fields; the answer's preview_token goes into the confirmation. */
  preview: protectedProcedure
    .input(previewBody.extend(target))
    .query(async ({ ctx, input: { contract_id, ...body } }) => previewChange(ctx.domain, contract_id, body)),
  addItem: contractMutation(itemAddBody, itemOperation("add_item")),
  updateItem: contractMutation(itemUpdateBody, itemOperation("update_item")),
  removeItem: contractMutation(itemRemoveBody, itemOperation("remove_item")),
  /** DELETE …/scheduled-changes/{changeId}/: the contract keeps the item's current terms. */
  cancelScheduledChange: protectedProcedure
    .input(z.object({ ...target, change_id: idInput }))
    .mutation(async ({ ctx, input }) => cancelScheduledChange(ctx.domain, input.contract_id, input.change_id)),
  cancel: contractMutation(cancelBody, (ctx, id, body) => runLifecycle(ctx, id, "cancel", body)),
  restart: contractMutation(restartBody, (ctx, id, body) => runLifecycle(ctx, id, "restart", body)),
  pause: contractMutation(pauseBody, (ctx, id, body) => runLifecycle(ctx, id, "pause", body)),
  resume: contractMutation(resumeBody, (ctx, id, body) => runLifecycle(ctx, id, "resume", body)),
  cancelPause: protectedProcedure
    .input(z.object({ ...target, pause_id: idInput }))
    .mutation(async ({ ctx, input }) => deletePause(ctx.domain, input.contract_id, input.pause_id)),
  activate: protectedProcedure
    .input(z.object(target))
    .mutation(async ({ ctx, input }) => activateContract(ctx.domain, input.contract_id)),
  /** PATCH …/: metadata (and the other patchable fields), replaced as sent. */
  update: contractMutation(contractPatchBody, patchContract),
  addCredit: contractMutation(creditGrantBody, grantContractCredit),
  /** POST …/discount/: a coupon (id) or promotion code; replaces any running discount. */
  applyDiscount: contractMutation(contractDiscountBody, applyContractDiscount),
  /** POST …/subscriber-page/rotate/: a new subscriber link; the old one is refused from now on. */
  rotateSubscriberLink: contractMutation(subscriberLinkRotateBody, rotateSubscriberLink),
  /** DELETE …/discount/ */
  removeDiscount: protectedProcedure
    .input(z.object(target))
    .mutation(async ({ ctx, input }) => removeContractDiscount(ctx.domain, input.contract_id)),
});
