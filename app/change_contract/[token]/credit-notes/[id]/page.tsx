import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CreditNoteDocument } from "@/components/receipt/CreditNoteDocument";
import { pageLocale } from "@/server/http/pageLocale";
import { subscriberCreditNote } from "@/server/http/subscriber";
import { translator } from "@/server/i18n/catalog";

export const dynamic = "force-dynamic";
// the token in the path is the customer's capability: never indexed (no-store comes with the page family)
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await pageLocale(), "creditNote");
  return { title: t("title", { number: "" }).trim(), robots: { index: false, follow: false } };
}

// A printable credit note of the contract; another contract's, or an unknown token, is a 404.
export default async function SubscriberCreditNotePage({ params }: { params: Promise<{ token: string; id: string }> }) {
  const { token, id } = await params;
  const note = /^[1-9]\d{0,8}$/.test(id) ? await subscriberCreditNote(token, Number(id)) : null;
  if (!note) notFound();
  const locale = await pageLocale();
  const t = translator(locale, "receipt");
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-4 sm:p-8">
      <Link className="text-blue-800 underline print:hidden" href={`/change_contract/${token}/`}>
        {t("back")}
      </Link>
      <CreditNoteDocument
        locale={locale}
        note={note}
        pdfHref={`/change_contract/${token}/credit-notes/${id}/pdf`}
        receiptHref={note.receipt_number ? `/change_contract/${token}/receipts/${note.billing_run_id}` : undefined}
      />
    </main>
  );
}
