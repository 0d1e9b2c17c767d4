// The HTTP answer carrying a receipt's PDF (REST, console and subscriber page alike): never cached,
// never indexed.
import type { Receipt } from "@/server/domain/receipts/receipt";
import { receiptPdf } from "./pdf";

export async function receiptPdfResponse(receipt: Receipt): Promise<Response> {
  return new Response(Buffer.from(await receiptPdf(receipt)), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="receipt-${receipt.receipt_number}.pdf"`,
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex, nofollow",
    },
  });
}

/** A plain 404 for PDF routes (route handlers have no not-found page). */
export const pdfNotFound = () =>
  new Response("Not found", { status: 404, headers: { "cache-control": "no-store", "content-type": "text/plain" } });
