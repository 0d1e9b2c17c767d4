// The seller applies (or removes) a discount on a contract. The coupon counts from the contract's next
// regular run: `once` discounts that run, `repeating` N runs, `forever` every run.
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { viewContractById } from "@/server/domain/contracts/contractResponse";
import { withLockedContract, withVersionBump } from "@/server/domain/contracts/contractRows";
import { invalid } from "@/server/domain/errors";
import type { ContractOut } from "@/server/schemas/contracts";
import type { DiscountInput } from "@/server/schemas/coupons";
import { type ResolvedDiscount, redeem, resolveDiscount } from "./apply";

export async function applyContractDiscount(ctx: Ctx, contractId: number, input: DiscountInput): Promise<ContractOut> {
  return withLockedContract(ctx, contractId, async (tx, contract) => {
    if (contract.state === "canceled" || contract.state === "ended")
      throw invalid("non_field_errors", `A ${contract.state} contract cannot get a discount.`);
    const resolved = await resolveDiscount(ctx, tx, input, contract.currency);
    if (!resolved) throw invalid("non_field_errors", "Give coupon or promotion_code.");
    const now = ctx.clock.now();
    // one discount at a time: a new one replaces the running one
    await tx.contractDiscount.deleteMany({ where: { contractId: contract.id } });
    await startDiscount(ctx, tx, contract.id, resolved, null);
    await tx.subscriptionContract.update({ where: { id: contract.id }, data: withVersionBump(now) });
    return viewContractById(ctx, tx, contract.id);
  });
}

/**
 * Redeems the discount (once, atomically) and starts it on the contract. `billedUntil`: the end of the first
 * period when the contract's creation already billed it with the discount (one run used), else null.
 */
export async function startDiscount(
  ctx: Ctx,
  tx: DbTx,
  contractId: number,
  resolved: ResolvedDiscount,
  billedUntil: Date | null,
) {
  await redeem(ctx, tx, resolved, { type: "contract", id: contractId });
  const runs = resolved.terms.runs;
  await tx.contractDiscount.create({
    data: {
      accountId: ctx.accountId,
      contractId,
      couponId: resolved.coupon.id,
      promotionCodeId: resolved.promotionCodeId,
      runsRemaining: billedUntil && runs !== null ? Math.max(0, runs - 1) : runs,
      coveredUntil: billedUntil,
      startedAt: ctx.clock.now(),
    },
  });
}

export async function removeContractDiscount(ctx: Ctx, contractId: number): Promise<ContractOut> {
  return withLockedContract(ctx, contractId, async (tx, contract) => {
    const now = ctx.clock.now();
    const removed = await tx.contractDiscount.deleteMany({ where: { contractId: contract.id } });
    if (removed.count) await tx.subscriptionContract.update({ where: { id: contract.id }, data: withVersionBump(now) });
    return viewContractById(ctx, tx, contract.id);
  });
}
