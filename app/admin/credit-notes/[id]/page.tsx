import Link from "next/link";
import { runPath, runReceiptPath } from "@/components/admin/adminPaths";
import { CreditNoteDocument } from "@/components/receipt/CreditNoteDocument";
import { consoleCtx, idParam, orNotFound } from "@/server/admin/loaders";
import { getAccountSettings } from "@/server/domain/accounts/settings";
import { getCreditNoteDocument } from "@/server/domain/refunds/creditNoteDocument";

// A credit note of the account, as its customer receives it; a missing one, or another account's, is a 404.
export default async function CreditNotePage({ params }: { params: Promise<{ id: string }> }) {
  const id = idParam((await params).id);
  const ctx = await consoleCtx();
  const note = await orNotFound(getCreditNoteDocument(ctx, id));
  const settings = await getAccountSettings(ctx);
  return (
    <div className="space-y-4">
      <Link className="text-blue-800 underline print:hidden" href={runPath(note.billing_run_id)}>
        Back to billing run {note.billing_run_id}
      </Link>
      <CreditNoteDocument
        note={note}
        timeZone={settings.display_timezone}
        pdfHref={`/admin/credit-notes/${id}/pdf`}
        receiptHref={note.receipt_number ? runReceiptPath(note.billing_run_id) : undefined}
      />
    </div>
  );
}
