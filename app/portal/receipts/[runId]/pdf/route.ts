import { portalCookieOf, portalReceipt } from "@/server/http/portal";
import { pdfNotFound, receiptPdfResponse } from "@/server/receipts/response";

export const dynamic = "force-dynamic";

// GET /portal/receipts/<runId>/pdf – the PDF of one of the portal customer's receipts; else 404
export async function GET(req: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const receipt = /^[1-9]\d{0,8}$/.test(runId) ? await portalReceipt(portalCookieOf(req.headers), Number(runId)) : null;
  return receipt ? receiptPdfResponse(receipt) : pdfNotFound();
}
