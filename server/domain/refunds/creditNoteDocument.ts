// The credit note as a document (console page, subscriber page, PDF): the API's credit note plus who issued
// it and to whom, and how its total is settled: each refund with the card it goes back to (brand and last four
// digits) or how it was paid back, and the part credited to the balance. Facts, not words: the renderers name
// them in the reader's language (server/i18n/card.ts refundDestination).
// Dated on the account's clock (issued_at is the instant the note was numbered).
import type { Db } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { creditNoteInclude, presentCreditNote } from "./present";

async function loadNote(db: Db, where: { id: number; accountId: number; contractId?: number }) {
  const row = await db.creditNote.findFirst({ where, include: creditNoteInclude });
  if (!row) return null;
  const attemptIds = row.refunds.map((r) => r.attemptId).filter((id): id is number => id !== null);
  const [account, customer, attempts] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: row.accountId }, select: { name: true } }),
    db.customer.findUniqueOrThrow({
      where: { id: row.customerId },
      select: { reference: true, name: true, email: true },
    }),
    attemptIds.length
      ? db.billingAttempt.findMany({ where: { id: { in: attemptIds } }, select: { id: true, paymentMethodId: true } })
      : [],
  ]);
  const methodIds = attempts.map((a) => a.paymentMethodId).filter((id): id is number => id !== null);
  const methods = methodIds.length
    ? await db.paymentMethod.findMany({
        where: { id: { in: methodIds } },
        select: { id: true, cardBrand: true, cardLast4: true, collectionMethod: true },
      })
    : [];
  const methodOfAttempt = (attemptId: number | null) => {
    const attempt = attempts.find((a) => a.id === attemptId);
    return methods.find((m) => m.id === attempt?.paymentMethodId) ?? null;
  };
  const note = presentCreditNote(row);
  return {
    ...note,
    seller: { name: account.name },
    customer,
    refunds: note.refunds.map((r, i) => {
      const method = methodOfAttempt(row.refunds[i].attemptId);
      const card = method?.cardLast4 ? { brand: method.cardBrand, last4: method.cardLast4 } : null;
      return {
        ...r,
        /** the card the processor sends it back to, when it was a card; the reader's language names the
         * destination from it and `method` (server/i18n/card.ts refundDestination) */
        card,
      };
    }),
  };
}

export type CreditNoteDocument = NonNullable<Awaited<ReturnType<typeof loadNote>>>;

/** A credit note of the caller's account as a document; not found for other accounts' notes. */
export async function getCreditNoteDocument(ctx: Ctx, id: number): Promise<CreditNoteDocument> {
  const note = await loadNote(ctx.db, { id, accountId: ctx.accountId });
  if (!note) throw notFound();
  return note;
}

/**
 * The subscriber page's credit note: the contract found by its page token, the note one of that contract's.
 * Null when either is unknown (the page answers 404 either way, saying nothing about which).
 */
export async function creditNoteDocumentForSubscriber(
  db: Db,
  token: string,
  id: number,
): Promise<CreditNoteDocument | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token) || !Number.isSafeInteger(id) || id <= 0) return null;
  const c = await db.subscriptionContract.findUnique({
    where: { subscriberToken: token },
    select: { id: true, accountId: true },
  });
  if (!c) return null;
  return loadNote(db, { id, accountId: c.accountId, contractId: c.id });
}
