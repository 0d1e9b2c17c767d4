// Credit note numbers: per account, gapless, given in the transaction that issues the note (the counter row
// is held from the increment to the commit, so a rollback takes the number back with the note).
import type { DbTx } from "@/server/db";

export async function nextCreditNoteNumber(tx: DbTx, accountId: number): Promise<number> {
  const [{ last_number: last }] = await tx.$queryRaw<{ last_number: number }[]>`
    insert into account_credit_note_counters (account_id, last_number) values (${accountId}, 1)
    on conflict (account_id) do update set last_number = account_credit_note_counters.last_number + 1
    returning last_number`;
  return last;
}

/** The number as documents show it: "CN-000042". */
export const formatCreditNoteNumber = (n: number) => `CN-${String(n).padStart(6, "0")}`;
