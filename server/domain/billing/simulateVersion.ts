// What a proposed price version would leave in the database, without leaving it: the schedule's own edit
// (applyVersionSchedule) and the dashboard's MRR (mrrAt) run in a transaction that is always rolled
// back. The proposed row takes a placeholder id (no sequence value is used), so nothing persists, not
// even a gap in version ids.

import { applyVersionSchedule, type ScheduledTerms } from "@/server/domain/catalog/versionSchedule";
import type { Ctx } from "@/server/domain/context";
import { type MrrPoint, mrrAt } from "@/server/domain/dashboard/mrr";
import type { Prisma } from "@/server/generated/prisma/client";

/** Id of the proposed version in a simulation; real ids come from a sequence starting at 1. */
export const PROPOSED_VERSION_ID = -1;

export interface TriedVersion {
  versions: Prisma.PriceVersionGetPayload<object>[];
  mrrBefore: MrrPoint[];
  mrrAfter: MrrPoint[];
}

class Rollback extends Error {}

export async function tryVersion(ctx: Ctx, priceId: number, from: Date, terms: ScheduledTerms): Promise<TriedVersion> {
  let tried: TriedVersion | null = null;
  try {
    await ctx.db.$transaction(async (tx) => {
      const inTx = { ...ctx, db: tx as Ctx["db"] };
      const mrrBefore = await mrrAt(inTx, [from]);
      await applyVersionSchedule(tx, ctx, priceId, from, terms, PROPOSED_VERSION_ID);
      const versions = await tx.priceVersion.findMany({ where: { priceId }, orderBy: { id: "asc" } });
      tried = { versions, mrrBefore, mrrAfter: await mrrAt(inTx, [from]) };
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  if (!tried) throw new Error("the simulated schedule did not complete");
  return tried;
}
