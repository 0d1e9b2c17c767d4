// Receipt numbers: sequential per account with no gaps, in the order of the receipts' issue instants. The
// account's counter row is incremented with one upsert … returning inside the transaction that settles the
// runs, so a number exists exactly when its run's success is committed (a rollback takes both back). The
// counter row is taken last in that transaction and held until commit: concurrent settlements of one
// account queue on it, briefly. Numbers follow time across the account because due work is settled in
// time order (billing/timeOrder.ts); within one settlement they follow the instants, then run ids.
import type { DbTx } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";

/** A run just settled as succeeded and the instant its receipt is issued (the account's clock). */
export interface SettledRun {
  id: number;
  issuedAt: Date;
}

/**
 * The counter's one upsert: adds the `(account_id, count)` row that `source` selects to the account's counter and
 * returns the new `last_number`. Shared by `reserveReceiptNumbers` and the bulk settlement's single statement.
 */
export const receiptCounterUpsert = (source: Prisma.Sql) => Prisma.sql`
    insert into account_receipt_counters (account_id, last_number) ${source}
    on conflict (account_id) do update set last_number = account_receipt_counters.last_number + excluded.last_number
    returning last_number`;

/**
 * Takes the account's next `count` receipt numbers and returns the first. The counter row stays locked until
 * the transaction ends, so the caller takes it last and writes the numbers with its final statement.
 */
export async function reserveReceiptNumbers(tx: DbTx, accountId: number, count: number): Promise<number> {
  const [{ last_number: last }] = await tx.$queryRaw<{ last_number: number }[]>(
    receiptCounterUpsert(Prisma.sql`values (${accountId}, ${count})`),
  );
  return last - count + 1;
}

/** Gives the runs just settled as succeeded (in this transaction) the account's next numbers, by issue instant. */
export async function assignReceiptNumbers(tx: DbTx, accountId: number, settled: SettledRun[]): Promise<void> {
  if (!settled.length) return;
  // a run settled again (e.g. a repeated processor notification) keeps the number it has
  const rows = await tx.$queryRaw<{ id: number }[]>`
    select id from billing_runs where id = any(${settled.map((s) => s.id)}::int[]) and account_id = ${accountId} and receipt_number is null
    order by id for update`;
  const open = new Set(rows.map((r) => r.id));
  const runs = settled
    .filter((s) => open.has(s.id))
    .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.id - b.id);
  if (!runs.length) return;
  const first = await reserveReceiptNumbers(tx, accountId, runs.length);
  const updated = await tx.$executeRaw`
    update billing_runs r set receipt_number = v.n, receipt_issued_at = v.at
    from unnest(${runs.map((r) => r.id)}::int[], ${runs.map((_, i) => first + i)}::int[], ${runs.map((r) => r.issuedAt)}::timestamptz[]) as v(id, n, at)
    where r.id = v.id and r.account_id = ${accountId} and r.receipt_number is null`;
  // a run numbered twice would leave a gap: refuse (the whole settlement rolls back)
  if (updated !== runs.length) throw new Error(`receipt numbers: ${updated} of ${runs.length} runs numbered`);
}

/** The receipt number as shown on documents: "R-000123" (six digits at least, longer once it grows). */
export const formatReceiptNumber = (n: number) => `R-${String(n).padStart(6, "0")}`;
