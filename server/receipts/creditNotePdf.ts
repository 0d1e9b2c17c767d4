// The credit note as a PDF, drawn like the receipt (./pdf.ts): seller, number and date, the receipt it
// corrects, the customer, lines with tax, the total, and how it is settled.
import { formatMinorUnit } from "@/lib/format/money";
import type { CreditNoteDocument } from "@/server/domain/refunds/creditNoteDocument";
import { refundDestination } from "@/server/i18n/card";
import { translator } from "@/server/i18n/catalog";
import { intlLocale, type Locale } from "@/server/i18n/locales";
import { day, newPdf } from "./pdf";

export async function creditNotePdf(n: CreditNoteDocument, locale: Locale = "en"): Promise<Uint8Array> {
  const t = translator(locale, "creditNote");
  const { doc, w } = await newPdf({
    title: t("title", { number: n.number }),
    author: n.seller.name,
    subject: n.receipt_number
      ? t("pdfSubject", { number: n.number, receipt: n.receipt_number })
      : t("title", { number: n.number }),
    date: n.issued_at,
  });
  const m = (amount: string) => formatMinorUnit(amount, n.currency, intlLocale(locale));
  const d = (iso: string) => day(iso, locale);

  w.row(n.seller.name, "", { size: 12, bold: true });
  w.row(t("title", { number: n.number }), "", { size: 18, bold: true });
  w.row(
    t("issuedPdf", { date: d(n.issued_at) }),
    n.receipt_number ? t("correctsReceipt", { number: n.receipt_number }) : t("billingRun", { run: n.billing_run_id }),
    { grey: true },
  );
  w.gap();
  w.row(t("issuedTo"), "", { bold: true });
  w.row(n.customer.name ?? n.customer.reference);
  if (n.customer.name) w.row(t("customer", { reference: n.customer.reference }), "", { grey: true });
  if (n.customer.email) w.row(n.customer.email, "", { grey: true });
  w.row(t("reason", { reason: n.reason }), "", { grey: true });
  w.gap(12);
  w.row(t("item"), t("amount"), { bold: true });
  for (const l of n.lines) {
    w.gap(4);
    w.row(l.description, m(l.total_amount));
    w.row(t("lineTax", { start: d(l.period_start_at), end: d(l.period_end_at), amount: m(l.tax_amount) }), "", {
      size: 8,
      grey: true,
    });
  }
  w.gap(12);
  w.row(t("subtotal"), m(n.subtotal_amount));
  w.row(t("tax"), m(n.tax_amount));
  w.row(t("totalCredited"), m(n.total_amount), { size: 12, bold: true });
  w.gap(12);
  w.row(t("settlement"), "", { bold: true });
  for (const r of n.refunds)
    w.row(
      `${
        r.state === "succeeded"
          ? t("refundedTo", { destination: refundDestination(t, r) })
          : t("refundTo", {
              destination: refundDestination(t, r),
              // the state's word in the reader's language, as on the HTML note (not the API's "pending")
              state: r.state === "pending" || r.state === "failed" ? t(`state_${r.state}`) : t("state_other"),
            })
      }${r.settled_at ? t("onPdf", { date: d(r.settled_at) }) : ""}`,
      m(r.amount),
    );
  if (Number(n.credit_amount) > 0) w.row(t("creditedBalancePdf"), m(n.credit_amount));
  return doc.save();
}
