import { requestLocale } from "@/server/http/pageLocale";
import { subscriberReceipt } from "@/server/http/subscriber";
import { pdfNotFound, receiptPdfResponse } from "@/server/receipts/response";

export const dynamic = "force-dynamic";

// The PDF of a receipt on the subscriber page: the run must be one of the token's contract.
export async function GET(req: Request, { params }: { params: Promise<{ token: string; runId: string }> }) {
  const { token, runId } = await params;
  const receipt = /^[1-9]\d{0,8}$/.test(runId) ? await subscriberReceipt(token, Number(runId)) : null;
  return receipt ? receiptPdfResponse(receipt, await requestLocale(req)) : pdfNotFound();
}
