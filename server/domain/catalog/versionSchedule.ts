// The one edit that schedules a price version, shared by schedulePriceVersion (committed) and the
// price-change simulation (run in a transaction that is rolled back, so it sees exactly the versions the
// schedule would leave, see simulate.ts): the version in effect then is closed at `from` and later
// scheduled versions are replaced, so ranges never overlap.
import type { Ctx } from "@/server/domain/context";
import { invalid } from "@/server/domain/errors";
import { fmt4 } from "@/server/domain/money";
import type { UsagePricingModel } from "@/server/domain/pricing/usagePricing";
import { lockAccountRow } from "@/server/domain/rowLock";
import type { Prisma } from "@/server/generated/prisma/client";
import type { PricingModelInput } from "@/server/schemas/catalogInputs";

export interface VersionScheduleInput {
  unit_amount?: string;
  pricing_model?: PricingModelInput | null;
  effective_from: string;
}

/** What a version prices with: a unit amount, or (metered and tiered prices) a pricing model. */
export interface ScheduledTerms {
  unitAmount: string;
  pricingModel: UsagePricingModel | null;
}

/** The instant the new version starts; it must be in the future. */
export function scheduleStart(ctx: Ctx, input: VersionScheduleInput): Date {
  const from = new Date(input.effective_from);
  if (Number.isNaN(+from)) throw invalid("effective_from", "A date-time is required.");
  if (from <= ctx.clock.now()) throw invalid("effective_from", "Must be in the future.");
  return from;
}

/**
 * Applies the schedule inside `tx` (after locking the price row of the caller's account). `versionId`
 * names the new row explicitly (the simulation's placeholder), else the sequence gives it one.
 */
export async function applyVersionSchedule(
  tx: Prisma.TransactionClient,
  ctx: Pick<Ctx, "accountId" | "clock">,
  priceId: number,
  from: Date,
  terms: ScheduledTerms,
  versionId?: number,
): Promise<void> {
  // row lock on the price serialises concurrent schedulers of the same price
  await lockAccountRow(tx, "catalog_prices", priceId, ctx.accountId);
  await tx.priceVersion.deleteMany({ where: { priceId, effectiveFrom: { gte: from } } });
  await tx.priceVersion.updateMany({
    where: {
      priceId,
      OR: [{ effectiveFrom: null }, { effectiveFrom: { lt: from } }],
      AND: [{ OR: [{ effectiveTo: null }, { effectiveTo: { gt: from } }] }],
    },
    data: { effectiveTo: from },
  });
  await tx.priceVersion.create({
    data: {
      ...(versionId !== undefined ? { id: versionId } : {}),
      priceId,
      unitAmount: fmt4(terms.unitAmount),
      pricingModel: (terms.pricingModel ?? undefined) as Prisma.InputJsonValue | undefined,
      effectiveFrom: from,
    },
  });
  await tx.catalogPrice.update({ where: { id: priceId }, data: { updatedAt: ctx.clock.now() } });
}
