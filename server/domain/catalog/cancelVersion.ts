// Cancelling a scheduled price version: only a version that has not started yet can go; the version it
// would have closed takes back its end, so the price's ranges stay contiguous with no gap.

import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { lockAccountRow } from "@/server/domain/rowLock";
import type { CatalogPriceOut } from "@/server/schemas/catalog";
import { getPrice } from "./prices";

export async function cancelScheduledPriceVersion(
  ctx: Ctx,
  priceId: number,
  versionId: number,
): Promise<CatalogPriceOut> {
  const now = ctx.clock.now();
  await ctx.db.$transaction(async (tx) => {
    // the same row lock as schedulePriceVersion: a concurrent schedule cannot interleave with the cancel
    await lockAccountRow(tx, "catalog_prices", priceId, ctx.accountId);
    const version = await tx.priceVersion.findFirst({ where: { id: versionId, priceId } });
    if (!version) throw notFound();
    if (!version.effectiveFrom || version.effectiveFrom <= now) {
      throw invalid("version_id", "Only a scheduled version (effective in the future) can be cancelled.");
    }
    await tx.priceVersion.updateMany({
      where: { priceId, effectiveTo: version.effectiveFrom },
      data: { effectiveTo: version.effectiveTo },
    });
    await tx.priceVersion.delete({ where: { id: version.id } });
    await tx.catalogPrice.update({ where: { id: priceId }, data: { updatedAt: now } });
  });
  return getPrice(ctx, priceId, { active: "all" });
}
