// Preview and confirmation of an item change scheduled for the item's period end, with the same preview
// token semantics as the operation flow: the preview promises nothing charged or credited now and the
// instant it applies; confirming checks the token and records exactly that change.
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { DomainError, invalid } from "@/server/domain/errors";
import { emitEvent } from "@/server/domain/events/outbox";
import { iso } from "@/server/domain/time";
import type { Operation, ProrationPreviewOut } from "@/server/schemas/contracts";
import { viewContractById } from "./contractResponse";
import { type ContractRecord, loadContract, withLockedContract, withVersionBump } from "./contractRows";
import { type CommonInput, type Plan, previewBody, settle } from "./operationFlow";
import { checkPreviewClaims, digest, PREVIEW_TTL_MS, paramsHash, readPreview, signPreview } from "./previewToken";
import type { ScheduledChangeTerms } from "./scheduledApply";
import { scheduleItemChange } from "./scheduledChanges";

export interface ScheduledRequest {
  operation: Operation;
  /** the operation's fields (contract_item, price or quantity, proration_behavior) */
  input: CommonInput & Record<string, unknown>;
  terms: Omit<ScheduledChangeTerms, "effectiveAt">;
}

/** Marks the parameters so a scheduled preview's token never confirms an immediate change, nor the reverse. */
const hashed = (request: ScheduledRequest) => ({ ...request.input, scheduled: "at_period_end" });

function effectiveAtOf(contract: ContractRecord, request: ScheduledRequest): Date {
  const item = contract.items.find((i) => i.id === request.terms.contractItemId && i.status === "active");
  if (!item?.periodEndAt)
    throw invalid("contract_item", "This item has no current period to end; the change cannot wait for it.");
  return item.periodEndAt;
}

/** Nothing now: no lines, every amount zero, effective at the item's period end. */
function body(contract: ContractRecord, request: ScheduledRequest, at: Date) {
  const plan: Plan = {
    lines: [],
    resultingState: contract.state,
    continues: true,
    apply: async () => ({ event: "subscription_contract.updated" }),
  };
  return previewBody(
    request.operation,
    contract,
    at,
    plan,
    settle(request.operation, request.input, plan, new Decimal(0)),
  );
}

export async function previewScheduledChange(
  ctx: Ctx,
  contractId: number,
  request: ScheduledRequest,
): Promise<ProrationPreviewOut> {
  const contract = await loadContract(ctx.db, ctx.accountId, contractId);
  const at = effectiveAtOf(contract, request);
  const previewed = body(contract, request, at);
  const expiresAt = ctx.clock.now().getTime() + PREVIEW_TTL_MS;
  const token = await signPreview({
    contractId: contract.id,
    contractVersion: contract.contractVersion,
    operation: request.operation,
    paramsHash: paramsHash(hashed(request)),
    effectiveAt: iso(at),
    amountsDigest: digest(previewed),
    expiresAt,
  });
  return { ...previewed, preview_token: token, expires_at: iso(new Date(expiresAt)) };
}

/** Records the previewed change (replacing the item's pending one); the event names ctx.actor. */
export async function confirmScheduledChange(
  ctx: Ctx,
  contractId: number,
  request: ScheduledRequest,
  previewToken: string,
) {
  const claims = await readPreview(previewToken);
  return withLockedContract(ctx, contractId, async (tx, contract) => {
    const now = ctx.clock.now();
    checkPreviewClaims(claims, contract, request.operation, hashed(request), now);
    const at = effectiveAtOf(contract, request);
    if (+new Date(claims.effectiveAt) !== +at || claims.amountsDigest !== digest(body(contract, request, at)))
      throw new DomainError(
        "validation",
        "stale",
        { preview_token: ["The change differs from the preview; preview again."] },
        "preview_stale",
      );
    const change = await scheduleItemChange(tx, ctx, contract, request.terms);
    await tx.subscriptionContract.update({ where: { id: contract.id }, data: withVersionBump(now) });
    const view = await viewContractById(ctx, tx, contract.id);
    await emitEvent(tx, ctx.accountId, "subscription_contract.updated", view, now, ctx.actor);
    return { contract: view, change };
  });
}
