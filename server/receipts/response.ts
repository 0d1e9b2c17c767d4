// The HTTP answer carrying a receipt's or a credit note's PDF (REST, console and subscriber page alike):
// never cached, never indexed.
import type { Receipt } from "@/server/domain/receipts/receipt";
import type { CreditNoteDocument } from "@/server/domain/refunds/creditNoteDocument";
import type { Locale } from "@/server/i18n/locales";
import { creditNotePdf } from "./creditNotePdf";
import { receiptPdf } from "./pdf";

const pdfResponse = (bytes: Uint8Array, filename: string) =>
  new Response(Buffer.from(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex, nofollow",
    },
  });

/** `locale`: the reader's language (the customer's on the subscriber page and the portal; else English). */
export async function receiptPdfResponse(receipt: Receipt, locale: Locale = "en"): Promise<Response> {
  return pdfResponse(await receiptPdf(receipt, locale), `receipt-${receipt.receipt_number}.pdf`);
}

export async function creditNotePdfResponse(note: CreditNoteDocument, locale: Locale = "en"): Promise<Response> {
  return pdfResponse(await creditNotePdf(note, locale), `credit-note-${note.number}.pdf`);
}

/** A plain 404 for PDF routes (route handlers have no not-found page). */
export const pdfNotFound = () =>
  new Response("Not found", { status: 404, headers: { "cache-control": "no-store", "content-type": "text/plain" } });
