// The contract page's actions. Each procedure calls the same domain function as its REST operation
// (server/http/endpoints/contracts.ts) with the same body schema, plus the contract's id, on the
// account's clock (test mode), so a console preview and its confirmation behave as the API's do.
import { z } from "zod";
import { creditGrantBody, grantContractCredit } from "@/server/domain/contractConsole/credit";
import { previewChange, runLifecycle, runOperation } from "@/server/domain/contracts/operations";
import { patchContract } from "@/server/domain/contracts/read";
import { cancelScheduledChange } from "@/server/domain/contracts/scheduledChanges";
import { activateContract, deletePause } from "@/server/domain/contracts/state";
import { applyContractDiscount, removeContractDiscount } from "@/server/domain/coupons/contractDiscount";
import { idInput } from "@/server/schemas/common";
import {
  cancelBody,
  contractPatchBody,
  itemAddBody,
  itemRemoveBody,
  itemUpdateBody,
  pauseBody,
  previewBody,
  restartBody,
  resumeBody,
} from "@/server/schemas/contracts";
import { contractDiscountBody } from "@/server/schemas/coupons";
import { protectedProcedure, router } from "@/server/trpc/init";

const target = { contract_id: idInput };

const itemResult = (r: Awaited<ReturnType<typeof runOperation>>) => ({
  contract: r.contract,
  proration: r.preview,
  adjustment_billing_run_id: r.adjustmentRunId,
});

export const contractActionsRouter = router({
  /** POST …/proration-preview/: `operation` plus that operation's fields; the answer's preview_token goes into the confirmation. */
  preview: protectedProcedure
    .input(previewBody.extend(target))
    .query(async ({ ctx, input: { contract_id, ...body } }) => previewChange(ctx.domain, contract_id, body)),
  addItem: protectedProcedure
    .input(itemAddBody.extend(target))
    .mutation(async ({ ctx, input: { contract_id, ...body } }) =>
      itemResult(await runOperation(ctx.domain, contract_id, "add_item", body)),
    ),
  updateItem: protectedProcedure
    .input(itemUpdateBody.extend(target))
    .mutation(async ({ ctx, input: { contract_id, ...body } }) =>
      itemResult(await runOperation(ctx.domain, contract_id, "update_item", body)),
    ),
  removeItem: protectedProcedure
    .input(itemRemoveBody.extend(target))
    .mutation(async ({ ctx, input: { contract_id, ...body } }) =>
      itemResult(await runOperation(ctx.domain, contract_id, "remove_item", body)),
    ),
  cancel: protectedProcedure
    .input(cancelBody.extend(target))
    .mutation(async ({ ctx, input: { contract_id, ...body } }) =>
      runLifecycle(ctx.domain, contract_id, "cancel", body),
    ),
  restart: protectedProcedure
    .input(restartBody.extend(target))
    .mutation(async ({ ctx, input: { contract_id, ...body } }) =>
      runLifecycle(ctx.domain, contract_id, "restart", body),
    ),
  pause: protectedProcedure
    .input(pauseBody.extend(target))
    .mutation(async ({ ctx, input: { contract_id, ...body } }) => runLifecycle(ctx.domain, contract_id, "pause", body)),
  resume: protectedProcedure
    .input(resumeBody.extend(target))
    .mutation(async ({ ctx, input: { contract_id, ...body } }) =>
      runLifecycle(ctx.domain, contract_id, "resume", body),
    ),
  cancelPause: protectedProcedure
    .input(z.object({ ...target, pause_id: idInput }))
    .mutation(async ({ ctx, input }) => deletePause(ctx.domain, input.contract_id, input.pause_id)),
  /** DELETE …/scheduled-changes/{changeId}/: the contract keeps the item's current terms. */
  cancelScheduledChange: protectedProcedure
    .input(z.object({ ...target, change_id: idInput }))
    .mutation(async ({ ctx, input }) => cancelScheduledChange(ctx.domain, input.contract_id, input.change_id)),
  activate: protectedProcedure
    .input(z.object(target))
    .mutation(async ({ ctx, input }) => activateContract(ctx.domain, input.contract_id)),
  /** PATCH …/: metadata (and the other patchable fields), replaced as sent. */
  update: protectedProcedure
    .input(contractPatchBody.extend(target))
    .mutation(async ({ ctx, input: { contract_id, ...body } }) => patchContract(ctx.domain, contract_id, body)),
  addCredit: protectedProcedure
    .input(creditGrantBody.extend(target))
    .mutation(async ({ ctx, input: { contract_id, ...body } }) => grantContractCredit(ctx.domain, contract_id, body)),
  /** POST …/discount/: a coupon (id) or promotion code; replaces any running discount. */
  applyDiscount: protectedProcedure
    .input(contractDiscountBody.extend(target))
    .mutation(async ({ ctx, input: { contract_id, ...body } }) => applyContractDiscount(ctx.domain, contract_id, body)),
  /** DELETE …/discount/ */
  removeDiscount: protectedProcedure
    .input(z.object(target))
    .mutation(async ({ ctx, input }) => removeContractDiscount(ctx.domain, input.contract_id)),
});
