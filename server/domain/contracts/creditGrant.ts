// A seller grants credit to a contract from the console ("add credit"). Spec 4.6: credit is an immutable
// transaction on the contract; it is recorded and reduces a charge only when a run uses it (auto_apply_credit
// or apply-credit), so granting it changes no price and does not bump contract_version (open preview tokens stay valid).
import { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { invalid } from "@/server/domain/errors";
import { emitEvent } from "@/server/domain/events/outbox";
import { dec } from "@/server/domain/money";
import { moneyInput } from "@/server/schemas/common";
import type { ContractOut } from "@/server/schemas/contracts";
import { viewContractById } from "./contractResponse";
import { withLockedContract } from "./contractRows";
import { grantCredit } from "./creditLedger";

export const creditGrantBody = z.strictObject({
  amount: moneyInput,
  reason: z
    .string({ error: "A string is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(500, "Ensure this field has no more than 500 characters."),
});
export type CreditGrantInput = z.infer<typeof creditGrantBody>;

export async function grantContractCredit(ctx: Ctx, contractId: number, input: CreditGrantInput): Promise<ContractOut> {
  const amount = dec(input.amount);
  if (amount.lte(0)) throw invalid("amount", "Ensure this value is greater than 0.");
  return withLockedContract(ctx, contractId, async (tx, contract) => {
    const now = ctx.clock.now();
    await grantCredit(tx, contract, amount, input.reason, "manual_grant", now);
    const view = await viewContractById(ctx, tx, contract.id);
    await emitEvent(tx, ctx.accountId, "subscription_contract.updated", view, now);
    return view;
  });
}
