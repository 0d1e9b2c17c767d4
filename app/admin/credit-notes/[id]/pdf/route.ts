import { consoleCtx } from "@/server/admin/loaders";
import { isDomainError } from "@/server/domain/errors";
import { getCreditNoteDocument } from "@/server/domain/refunds/creditNoteDocument";
import { creditNotePdfResponse, pdfNotFound } from "@/server/receipts/response";

export const dynamic = "force-dynamic";

// The console's PDF of a credit note (the signed-in seller's account only).
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const raw = (await params).id;
  if (!/^[1-9]\d{0,8}$/.test(raw)) return pdfNotFound();
  try {
    return await creditNotePdfResponse(await getCreditNoteDocument(await consoleCtx(), Number(raw)));
  } catch (e) {
    if (isDomainError(e) && e.kind === "not_found") return pdfNotFound();
    throw e;
  }
}
