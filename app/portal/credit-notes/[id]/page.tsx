import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CreditNoteDocument } from "@/components/receipt/CreditNoteDocument";
import { PORTAL_COOKIE } from "@/server/domain/portal/sessions";
import { pageLocale } from "@/server/http/pageLocale";
import { portalCreditNote } from "@/server/http/portal";
import { translator } from "@/server/i18n/catalog";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await pageLocale(), "creditNote");
  return { title: t("title", { number: "" }).trim(), robots: { index: false, follow: false } };
}

// A credit note of one of the portal customer's contracts (the subscriber page's document); else 404.
export default async function PortalCreditNotePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const cookie = (await cookies()).get(PORTAL_COOKIE)?.value;
  const note = /^[1-9]\d{0,8}$/.test(id) ? await portalCreditNote(cookie, Number(id)) : null;
  if (!note) notFound();
  const locale = await pageLocale();
  const t = translator(locale, "receipt");
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-4 sm:p-8">
      <Link className="text-blue-800 underline print:hidden" href="/portal">
        {t("backToAccount")}
      </Link>
      <CreditNoteDocument
        locale={locale}
        note={note}
        pdfHref={`/portal/credit-notes/${id}/pdf`}
        receiptHref={note.receipt_number ? `/portal/receipts/${note.billing_run_id}` : undefined}
      />
    </main>
  );
}
