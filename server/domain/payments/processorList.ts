// The account's payment processors as the console lists them (settings → processors); config stays private.
import type { Ctx } from "@/server/domain/context";

export async function listAccountProcessors(ctx: Ctx) {
  const rows = await ctx.db.accountPaymentProcessor.findMany({
    where: { accountId: ctx.accountId },
    orderBy: { id: "asc" },
  });
  return rows.map((p) => ({
    id: p.id,
    display_name: p.displayName,
    processor_type: p.processorType,
    render_mode: p.renderMode,
    currency: p.currency,
    collection_method: p.collectionMethod,
    supports_initial_charge: p.supportsInitial,
    supports_recurring_charge: p.supportsRecurring,
    active: p.active,
    created_at: p.createdAt.toISOString(),
  }));
}
