// The console's contract list: the currencies its currency filter offers.
import type { Ctx } from "@/server/domain/context";

/** The currencies the account's contracts use (the contract list's currency filter offers these). */
export async function contractCurrencies(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db.subscriptionContract.findMany({
    where: { accountId: ctx.accountId },
    distinct: ["currency"],
    select: { currency: true },
  });
  return rows.map((r) => r.currency).sort();
}
