// Totals of the console's lists stop counting at COUNT_CAP: past it a page shows "10,000+" (count_capped),
// so a list's cost stays that of its page however many rows an account has.

import type { Ctx } from "@/server/domain/context";
import type { Prisma } from "@/server/generated/prisma/client";

export const COUNT_CAP = 10_000;

export async function cappedCount(ctx: Ctx, rows: Prisma.Sql): Promise<number> {
  const [{ n }] = await ctx.db.$queryRaw<
    { n: number }[]
  >`select count(*)::int as n from (${rows} limit ${COUNT_CAP + 1}) x`;
  return n;
}

/** A list page with its capped total: `counted` is what cappedCount gave. */
export function cappedPage<T>(counted: number, input: { page: number; pageSize: number }, results: T[]) {
  return {
    count: Math.min(counted, COUNT_CAP),
    count_capped: counted > COUNT_CAP,
    page: input.page,
    page_size: input.pageSize,
    results,
  };
}
