// The row lock that serialises the writers of one record of the account (a price, a billing run, a
// contract): `select ... for update` inside the caller's transaction; another account's id is a 404.
import type { DbTx } from "@/server/db";
import { notFound } from "@/server/domain/errors";
import { Prisma } from "@/server/generated/prisma/client";

/** The tables locked this way: a fixed list, since the name goes into the SQL text. */
type LockedTable = "catalog_prices" | "billing_runs" | "subscription_contracts";

export async function lockAccountRow(
  tx: Pick<DbTx, "$queryRaw">,
  table: LockedTable,
  id: number,
  accountId: number,
): Promise<void> {
  const rows = await tx.$queryRaw<{ id: number }[]>`select id from ${Prisma.raw(table)}
    where id = ${id} and account_id = ${accountId} for update`;
  if (!rows.length) throw notFound();
}
