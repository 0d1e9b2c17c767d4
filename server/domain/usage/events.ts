// The raw usage events of an account, newest first, with the list filters of the REST API.
import type { Ctx } from "@/server/domain/context";
import type { ListResult, PageRequest, PageWindow } from "@/server/domain/list";
import { pagedList } from "@/server/domain/list";
import { Prisma } from "@/server/generated/prisma/client";
import type { UsageEventOut } from "@/server/schemas/usage";
import { presentEvent, type RawEventRow } from "./present";

/** An instant as the raw table stores it (timestamp without time zone, UTC). */
export const utcTimestamp = (d: Date) => Prisma.sql`(${d.toISOString()}::timestamptz at time zone 'UTC')`;

export async function listUsageEvents(
  ctx: Ctx,
  query: { code?: string; contract?: number; from?: string; to?: string; page?: PageRequest },
): Promise<ListResult<UsageEventOut>> {
  const conditions = [Prisma.sql`account_id = ${ctx.accountId}`];
  if (query.code !== undefined) conditions.push(Prisma.sql`code = ${query.code}`);
  if (query.contract !== undefined) conditions.push(Prisma.sql`contract_id = ${query.contract}`);
  if (query.from !== undefined) conditions.push(Prisma.sql`"timestamp" >= ${utcTimestamp(new Date(query.from))}`);
  if (query.to !== undefined) conditions.push(Prisma.sql`"timestamp" < ${utcTimestamp(new Date(query.to))}`);
  const where = Prisma.join(conditions, " and ");
  const count = async () =>
    (await ctx.db.$queryRaw<{ n: number }[]>`select count(*)::int as n from usage.events where ${where}`)[0].n;
  const rows = (window: PageWindow) => ctx.db.$queryRaw<RawEventRow[]>`
    select id, transaction_id, code, metric_id, contract_id, "timestamp", properties, counted, received_at
    from usage.events where ${where}
    order by "timestamp" desc, id desc
    ${window ? Prisma.sql`limit ${window.take} offset ${window.skip}` : Prisma.empty}`;
  return pagedList(query.page, count, rows, presentEvent);
}
