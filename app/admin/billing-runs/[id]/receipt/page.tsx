import Link from "next/link";
import { creditNotePath } from "@/components/admin/adminPaths";
import { ReceiptDocument } from "@/components/receipt/ReceiptDocument";
import { consoleCtx, idParam, orNotFound } from "@/server/admin/loaders";
import { getAccountSettings } from "@/server/domain/accounts/settings";
import { receiptForRun } from "@/server/domain/receipts/receipt";

// The receipt of a succeeded run; a run without one (not succeeded, or another account's) is a 404.
export default async function BillingRunReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idParam((await params).id);
  const ctx = await consoleCtx();
  const receipt = await orNotFound(receiptForRun(ctx, id));
  const settings = await getAccountSettings(ctx);
  return (
    <div className="space-y-4">
      <Link className="text-blue-800 underline print:hidden" href={`/admin/billing-runs/${id}`}>
        Back to billing run {id}
      </Link>
      <ReceiptDocument
        receipt={receipt}
        timeZone={settings.display_timezone}
        pdfHref={`/admin/billing-runs/${id}/receipt/pdf`}
        explain
        creditNoteHref={creditNotePath}
      />
    </div>
  );
}
