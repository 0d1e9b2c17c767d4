// The receipt as a PDF, drawn with pdf-lib (pure JavaScript: no browser or font files at run time).
// The standard Helvetica fonts encode WinAnsi only: other characters print as "?". Money as on the HTML
// receipt (components/receipt/ReceiptDocument.tsx): the currency's minor unit, the rounding signed; words, money
// and dates in the reader's language (messages/<locale>.json "receipt"). WinAnsi has the letters of German,
// French, Spanish and Finnish (ä ö ü ß é è ç ñ å); Intl's narrow spaces and minus sign are written as their
// WinAnsi neighbours (a no-break space, a hyphen).

import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { addressLines } from "@/lib/format/address";
import { formatAdjustment, formatMinorUnit } from "@/lib/format/money";
import type { Receipt } from "@/server/domain/receipts/receipt";
import { translator } from "@/server/i18n/catalog";
import { intlLocale, type Locale } from "@/server/i18n/locales";
import { methodWord } from "@/server/i18n/receiptWords";

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const GREY = rgb(0.33, 0.33, 0.36);

export const day = (iso: string, locale: Locale = "en") =>
  new Date(iso).toLocaleDateString(intlLocale(locale), { dateStyle: "medium", timeZone: "UTC" });

/** Intl's characters outside WinAnsi with a WinAnsi stand-in (French groups with U+202F, Finnish signs with U+2212). */
const WIN_ANSI_STAND_IN: Record<string, string> = { "\u202f": "\u00a0", "\u2009": " ", "\u2212": "-" };

export class Writer {
  page: PDFPage;
  y = A4.height - MARGIN;
  private encodable = new Map<string, boolean>();
  constructor(
    private doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
  }
  /** Text the font can encode: anything else becomes "?". */
  clean(text: string, font: PDFFont): string {
    return [...text]
      .map((ch) => WIN_ANSI_STAND_IN[ch] ?? ch)
      .map((ch) => {
        let ok = this.encodable.get(ch);
        if (ok === undefined) {
          try {
            font.encodeText(ch);
            ok = true;
          } catch {
            ok = false;
          }
          this.encodable.set(ch, ok);
        }
        return ok ? ch : "?";
      })
      .join("");
  }
  ensure(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }
  /** One line: `left` at the margin (or `x`), `right` right-aligned at the right margin. */
  row(left: string, right = "", opts: { size?: number; bold?: boolean; x?: number; grey?: boolean } = {}) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.regular;
    this.ensure(size + 4);
    this.y -= size + 4;
    const color = opts.grey ? GREY : rgb(0, 0, 0);
    this.page.drawText(this.clean(left, font), { x: opts.x ?? MARGIN, y: this.y, size, font, color });
    if (right) {
      const text = this.clean(right, font);
      const w = font.widthOfTextAtSize(text, size);
      this.page.drawText(text, { x: A4.width - MARGIN - w, y: this.y, size, font, color });
    }
  }
  gap(points = 8) {
    this.y -= points;
  }
}

/** A new A4 document with its title, author, subject and date, and a writer on its first page. */
export async function newPdf(meta: { title: string; author: string; subject: string; date: string }) {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setSubject(meta.subject);
  doc.setCreationDate(new Date(meta.date));
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  return { doc, w };
}

export async function receiptPdf(r: Receipt, locale: Locale = "en"): Promise<Uint8Array> {
  const t = translator(locale, "receipt");
  const il = intlLocale(locale);
  const { doc, w } = await newPdf({
    title: t("title", { number: r.receipt_number }),
    author: r.seller.name,
    subject: t("pdfSubject", { number: r.receipt_number, run: r.billing_run_id }),
    date: r.issued_at,
  });
  const m = (amount: string) => formatMinorUnit(amount, r.currency, il);
  const d = (iso: string) => day(iso, locale);

  w.row(r.seller.name, "", { size: 12, bold: true });
  w.row(t("title", { number: r.receipt_number }), "", { size: 18, bold: true });
  w.row(t("issuedPdf", { date: d(r.issued_at) }), t("billingRun", { run: r.billing_run_id }), { grey: true });
  w.gap();
  w.row(t("billedTo"), "", { bold: true });
  w.row(r.customer.name ?? r.customer.reference);
  if (r.customer.name) w.row(t("customer", { reference: r.customer.reference }), "", { grey: true });
  if (r.customer.email) w.row(r.customer.email, "", { grey: true });
  for (const line of addressLines(r.customer.billing_address)) w.row(line, "", { grey: true });
  if (r.customer.tax_id) w.row(t("taxId", { taxId: r.customer.tax_id }), "", { grey: true });
  w.row(t("servicePeriod", { start: d(r.period_start_at), end: d(r.period_end_at) }), "", { grey: true });
  w.gap(12);
  w.row(t("item"), t("amount"), { bold: true });
  for (const l of r.lines) {
    w.gap(4);
    w.row(`${l.quantity} x ${l.product_name} ${t("each", { amount: m(l.unit_amount) })}`, m(l.total_amount));
    w.row(`${d(l.service_period_start_at)} - ${d(l.service_period_end_at)}`, "", { size: 8, grey: true });
  }
  w.gap(12);
  w.row(t("subtotal"), m(r.subtotal_amount));
  if (r.discount_amount !== "0.0000") w.row(t("discountIncluded"), m(r.discount_amount));
  for (const x of r.taxes)
    w.row(t("taxOn", { rate: x.rate, policy: x.policy, amount: m(x.taxable_amount) }), m(x.tax_amount));
  if (!r.taxes.length) w.row(t("tax"), m(r.tax_amount));
  w.row(t("total"), m(r.total_amount), { bold: true });
  if (r.credit_applied_amount !== "0.0000") w.row(t("creditApplied"), `-${m(r.credit_applied_amount)}`);
  if (r.rounding_amount !== "0.0000") w.row(t("rounding"), formatAdjustment(r.rounding_amount, r.currency, il));
  w.row(t("charged"), m(r.charged_amount), { size: 12, bold: true });
  w.gap(12);
  w.row(t("payments"), "", { bold: true });
  for (const p of r.payments)
    w.row(
      `${d(p.paid_at)}  ${methodWord(t, p.method)}${p.reference ? t("reference", { reference: p.reference }) : ""}  ${p.transaction_id ?? ""}`,
      m(p.amount),
    );
  for (const c of r.credits_used) w.row(`${d(c.applied_at)}  ${t("creditPdf", { reason: c.reason })}`, m(c.amount));
  if (!r.payments.length && !r.credits_used.length) w.row(t("nothingCharged"), "", { grey: true });
  if (r.credit_notes.length) {
    w.gap(12);
    w.row(t("refundsAndCreditNotes"), "", { bold: true });
    for (const n of r.credit_notes)
      w.row(`${d(n.issued_at)}  ${t("creditNote", { number: n.number })}: ${n.reason}`, `-${m(n.total_amount)}`);
  }
  return doc.save();
}
