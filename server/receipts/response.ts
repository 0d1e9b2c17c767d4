// The HTTP answer carrying a receipt's or a credit note's PDF (REST, console and subscriber page alike):
// never cached, never indexed.
import type { Receipt } from "@/server/domain/receipts/receipt";
import type { CreditNoteDocument } from "@/server/domain/refunds/creditNoteDocument";
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

export async function receiptPdfResponse(receipt: Receipt): Promise<Response> {
  return pdfResponse(await receiptPdf(receipt), `receipt-${receipt.receipt_number}.pdf`);
}

export async function creditNotePdfResponse(note: CreditNoteDocument): Promise<Response> {
  return pdfResponse(await creditNotePdf(note), `credit-note-${note.number}.pdf`);
}

/** A plain 404 for PDF routes (route handlers have no not-found page). */
export const pdfNotFound = () =>
  new Response("Not found", { status: 404, headers: { "cache-control": "no-store", "content-type": "text/plain" } });
