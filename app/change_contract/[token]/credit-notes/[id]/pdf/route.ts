import { requestLocale } from "@/server/http/pageLocale";
import { subscriberCreditNote } from "@/server/http/subscriber";
import { creditNotePdfResponse, pdfNotFound } from "@/server/receipts/response";

export const dynamic = "force-dynamic";

// The PDF of a credit note on the subscriber page: the note must be one of the token's contract.
export async function GET(req: Request, { params }: { params: Promise<{ token: string; id: string }> }) {
  const { token, id } = await params;
  const note = /^[1-9]\d{0,8}$/.test(id) ? await subscriberCreditNote(token, Number(id)) : null;
  return note ? creditNotePdfResponse(note, await requestLocale(req)) : pdfNotFound();
}
