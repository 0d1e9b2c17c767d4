// The account's payment processors as the console lists them (settings → processors); config stays private.
import type { Ctx } from "@/server/domain/context";

export async function listAccountProcessors(ctx: Ctx) {
  const rows = await ctx.db.accountPaymentProcessor.findMany({
    where: { accountId: ctx.accountId },
    orderBy: { id: "asc" },
  });
  return rows.map((processor) => ({
    id: processor.id,
    display_name: processor.displayName,
    processor_type: processor.processorType,
    render_mode: processor.renderMode,
    currency: processor.currency,
    collection_method: processor.collectionMethod,
    supports_initial_charge: processor.supportsInitial,
    supports_recurring_charge: processor.supportsRecurring,
    active: processor.active,
    created_at: processor.createdAt.toISOString(),
  }));
}
