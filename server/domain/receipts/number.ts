// Receipt numbers: sequential per account with no gaps. The account's counter row is incremented with
// one upsert … returning inside the transaction that settles the runs, so a number exists exactly when
// its run's success is committed (a rollback takes both back). The counter row is taken last in that
// transaction and held until commit: concurrent settlements of one account queue on it, briefly.
import type { DbTx } from "@/server/db";

/** Gives the runs just settled as succeeded (in this transaction) the account's next numbers, in id order. */
export async function assignReceiptNumbers(tx: DbTx, accountId: number, runIds: number[]): Promise<void> {
  if (!runIds.length) return;
  // a run settled again (e.g. a repeated processor notification) keeps the number it has
  const rows = await tx.$queryRaw<{ id: number }[]>`
    select id from billing_runs where id = any(${runIds}::int[]) and account_id = ${accountId} and receipt_number is null
    order by id for update`;
  const ids = rows.map((r) => r.id);
  if (!ids.length) return;
  const [{ last_number: last }] = await tx.$queryRaw<{ last_number: number }[]>`
    insert into account_receipt_counters (account_id, last_number) values (${accountId}, ${ids.length})
    on conflict (account_id) do update set last_number = account_receipt_counters.last_number + excluded.last_number
    returning last_number`;
  const first = last - ids.length + 1;
  const updated = await tx.$executeRaw`
    update billing_runs r set receipt_number = v.n
    from unnest(${ids}::int[], ${ids.map((_, i) => first + i)}::int[]) as v(id, n)
    where r.id = v.id and r.account_id = ${accountId} and r.receipt_number is null`;
  // a run numbered twice would leave a gap: refuse (the whole settlement rolls back)
  if (updated !== ids.length) throw new Error(`receipt numbers: ${updated} of ${ids.length} runs numbered`);
}

/** The receipt number as shown on documents: "R-000123" (six digits at least, longer once it grows). */
export const formatReceiptNumber = (n: number) => `R-${String(n).padStart(6, "0")}`;
