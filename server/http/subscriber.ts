// The subscriber page's data sources for app/change_contract (the logic lives in the domain modules).
import { getDb } from "@/server/db";
import { receiptForSubscriber } from "@/server/domain/receipts/receipt";
import { creditNoteDocumentForSubscriber } from "@/server/domain/refunds/creditNoteDocument";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import { subscriberPageView } from "@/server/domain/selfService/page";
import { requestBaseClock } from "@/server/requestClock";
import { subscriberGate } from "./subscriberGate";

/** A link the seller rotated or let expire: the page names whom to ask for a new one. */
export class ExpiredLink {
  constructor(readonly seller: string) {}
}

/**
 * The page's view (its billing history at page `historyPage`) and CSRF token; "throttled" after too many wrong
 * tokens from the client; an ExpiredLink for a rotated or expired link; null: unknown token.
 */
export async function subscriberPageData(token: string, headers: Headers, historyPage = 1) {
  const gate = await subscriberGate(headers, token, requestBaseClock(), false);
  if (!gate.ok)
    return gate.status === 429 ? ("throttled" as const) : gate.status === 410 ? new ExpiredLink(gate.seller) : null;
  const { ctx, contractId } = gate.access;
  const [view, csrf] = await Promise.all([
    subscriberPageView(ctx, contractId, token, { historyPage }),
    csrfTokenFor(token),
  ]);
  return { view, csrf };
}

/** A receipt of one of the token's contract's runs (null when either is unknown). */
export const subscriberReceipt = (token: string, runId: number) => receiptForSubscriber(getDb(), token, runId);

/** A credit note of the token's contract (null when either is unknown). */
export const subscriberCreditNote = (token: string, id: number) => creditNoteDocumentForSubscriber(getDb(), token, id);
