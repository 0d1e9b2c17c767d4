// Entries of a contract's credit ledger (contract_credits): a grant adds credit (from an operation's
// settlement or by hand), a use takes it off for a billing run and is stored with a negative amount.
import type Decimal from "decimal.js";
import type { DbTx } from "@/server/db";
import { fmt4 } from "@/server/domain/money";

export interface CreditOwner {
  accountId: number;
  id: number;
  currency: string;
}

type Entry = { kind: "grant" | "use"; amount: string; reason: string; operation?: string; billingRunId?: number };

function writeEntry(tx: DbTx, owner: CreditOwner, at: Date, entry: Entry) {
  return tx.contractCredit.create({
    data: { accountId: owner.accountId, contractId: owner.id, currency: owner.currency, createdAt: at, ...entry },
  });
}

/** Credit granted to the contract (a positive amount) by `operation`. */
export const grantCredit = (
  tx: DbTx,
  owner: CreditOwner,
  amount: Decimal,
  reason: string,
  operation: string,
  at: Date,
) => writeEntry(tx, owner, at, { kind: "grant", amount: fmt4(amount), reason, operation });

/** Credit used on a billing run. */
export const spendCredit = (tx: DbTx, owner: CreditOwner, runId: number, amount: Decimal, reason: string, at: Date) =>
  writeEntry(tx, owner, at, { kind: "use", amount: fmt4(amount.negated()), reason, billingRunId: runId });
