// `payment_processor_override` of a contract (spec 2.4, 4.6): the billing engine charges only through
// that processor, so it must be one of the account's active processors in the contract's currency.
// Another account's id is indistinguishable from an unknown one (no existence leak across accounts).
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { invalid } from "@/server/domain/errors";

export async function checkProcessorOverride(
  ctx: Ctx,
  db: DbTx | Ctx["db"],
  id: number | null | undefined,
  currency: string,
): Promise<void> {
  if (id == null) return;
  const processor = await db.accountPaymentProcessor.findFirst({
    where: { id, accountId: ctx.accountId },
    select: { active: true, currency: true },
  });
  if (!processor) throw invalid("payment_processor_override", `Payment processor ${id} does not exist.`);
  if (!processor.active) throw invalid("payment_processor_override", `Payment processor ${id} is not active.`);
  if (processor.currency !== currency)
    throw invalid(
      "payment_processor_override",
      `Payment processor ${id} takes ${processor.currency} payments; the contract is in ${currency}.`,
    );
}
