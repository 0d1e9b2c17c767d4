import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ReceiptDocument } from "@/components/receipt/ReceiptDocument";
import { PORTAL_COOKIE } from "@/server/domain/portal/sessions";
import { pageLocale } from "@/server/http/pageLocale";
import { portalReceipt } from "@/server/http/portal";
import { translator } from "@/server/i18n/catalog";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await pageLocale(), "receipt");
  return { title: t("title", { number: "" }).trim(), robots: { index: false, follow: false } };
}

// A receipt of one of the portal customer's paid runs (the same document as the subscriber page's); else 404.
export default async function PortalReceiptPage({ params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const cookie = (await cookies()).get(PORTAL_COOKIE)?.value;
  const receipt = /^[1-9]\d{0,8}$/.test(runId) ? await portalReceipt(cookie, Number(runId)) : null;
  if (!receipt) notFound();
  const locale = await pageLocale();
  const t = translator(locale, "receipt");
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-4 sm:p-8">
      <Link className="text-blue-800 underline print:hidden" href="/portal">
        {t("backToAccount")}
      </Link>
      <ReceiptDocument
        locale={locale}
        receipt={receipt}
        pdfHref={`/portal/receipts/${runId}/pdf`}
        creditNoteHref={(id) => `/portal/credit-notes/${id}`}
      />
    </main>
  );
}
