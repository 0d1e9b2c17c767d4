import { portalCookieOf, portalCreditNote } from "@/server/http/portal";
import { creditNotePdfResponse, pdfNotFound } from "@/server/receipts/response";

export const dynamic = "force-dynamic";

// GET /portal/credit-notes/<id>/pdf – the PDF of one of the portal customer's credit notes; else 404
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const note = /^[1-9]\d{0,8}$/.test(id) ? await portalCreditNote(portalCookieOf(req.headers), Number(id)) : null;
  return note ? creditNotePdfResponse(note) : pdfNotFound();
}
