import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ReceiptDocument } from "@/components/receipt/ReceiptDocument";
import { pageLocale } from "@/server/http/pageLocale";
import { subscriberReceipt } from "@/server/http/subscriber";
import { translator } from "@/server/i18n/catalog";

export const dynamic = "force-dynamic";
// the token in the path is the customer's capability: never indexed (no-store comes with the page family)
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await pageLocale(), "receipt");
  return { title: t("title", { number: "" }).trim(), robots: { index: false, follow: false } };
}

// A printable receipt of one of the contract's succeeded runs; any other run, or an unknown token, is a 404.
export default async function SubscriberReceiptPage({ params }: { params: Promise<{ token: string; runId: string }> }) {
  const { token, runId } = await params;
  const receipt = /^[1-9]\d{0,8}$/.test(runId) ? await subscriberReceipt(token, Number(runId)) : null;
  if (!receipt) notFound();
  const locale = await pageLocale();
  const t = translator(locale, "receipt");
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-8">
      <Link className="text-blue-800 underline print:hidden" href={`/change_contract/${token}/`}>
        {t("back")}
      </Link>
      <ReceiptDocument
        locale={locale}
        receipt={receipt}
        pdfHref={`/change_contract/${token}/receipts/${runId}/pdf`}
        creditNoteHref={(id) => `/change_contract/${token}/credit-notes/${id}`}
      />
    </main>
  );
}
