import { consoleCtx } from "@/server/admin/loaders";
import { isDomainError } from "@/server/domain/errors";
import { receiptForRun } from "@/server/domain/receipts/receipt";
import { pdfNotFound, receiptPdfResponse } from "@/server/receipts/response";

export const dynamic = "force-dynamic";

// The console's PDF of a run's receipt (the signed-in seller's account only).
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const raw = (await params).id;
  if (!/^[1-9]\d{0,8}$/.test(raw)) return pdfNotFound();
  try {
    return await receiptPdfResponse(await receiptForRun(await consoleCtx(), Number(raw)));
  } catch (e) {
    if (isDomainError(e) && e.kind === "not_found") return pdfNotFound();
    throw e;
  }
}
