// The receipt as a PDF, drawn with pdf-lib (pure JavaScript: no browser or font files at run time).
// The standard Helvetica fonts encode WinAnsi only: other characters print as "?". Money as on the HTML
// receipt (components/receipt/ReceiptDocument.tsx): the currency's minor unit, the rounding signed.

import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { addressLines } from "@/lib/format/address";
import { formatAdjustment, formatMinorUnit } from "@/lib/format/money";
import { paymentMethodWords } from "@/lib/format/paymentMethod";
import type { Receipt } from "@/server/domain/receipts/receipt";

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const GREY = rgb(0.33, 0.33, 0.36);

export const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" });

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

export async function receiptPdf(r: Receipt): Promise<Uint8Array> {
  const { doc, w } = await newPdf({
    title: `Receipt ${r.receipt_number}`,
    author: r.seller.name,
    subject: `Receipt ${r.receipt_number} for billing run ${r.billing_run_id}`,
    date: r.issued_at,
  });
  const m = (amount: string) => formatMinorUnit(amount, r.currency);

  w.row(r.seller.name, "", { size: 12, bold: true });
  w.row(`Receipt ${r.receipt_number}`, "", { size: 18, bold: true });
  w.row(`Issued ${day(r.issued_at)}`, `Billing run ${r.billing_run_id}`, { grey: true });
  w.gap();
  w.row("Billed to", "", { bold: true });
  w.row(r.customer.name ?? r.customer.reference);
  if (r.customer.name) w.row(`Customer ${r.customer.reference}`, "", { grey: true });
  if (r.customer.email) w.row(r.customer.email, "", { grey: true });
  for (const line of addressLines(r.customer.billing_address)) w.row(line, "", { grey: true });
  if (r.customer.tax_id) w.row(`Tax ID ${r.customer.tax_id}`, "", { grey: true });
  w.row(`Service period ${day(r.period_start_at)} - ${day(r.period_end_at)}`, "", { grey: true });
  w.gap(12);
  w.row("Item", "Amount", { bold: true });
  for (const l of r.lines) {
    w.gap(4);
    w.row(`${l.quantity} x ${l.product_name} (${m(l.unit_amount)} each)`, m(l.total_amount));
    w.row(`${day(l.service_period_start_at)} - ${day(l.service_period_end_at)}`, "", { size: 8, grey: true });
  }
  w.gap(12);
  w.row("Subtotal", m(r.subtotal_amount));
  if (r.discount_amount !== "0.0000") w.row("Discount (included in the lines)", m(r.discount_amount));
  for (const t of r.taxes) w.row(`Tax ${t.rate}% (${t.policy}) on ${m(t.taxable_amount)}`, m(t.tax_amount));
  if (!r.taxes.length) w.row("Tax", m(r.tax_amount));
  w.row("Total", m(r.total_amount), { bold: true });
  if (r.credit_applied_amount !== "0.0000") w.row("Credit applied", `-${m(r.credit_applied_amount)}`);
  if (r.rounding_amount !== "0.0000")
    w.row("Rounding to the currency's unit", formatAdjustment(r.rounding_amount, r.currency));
  w.row("Amount charged", m(r.charged_amount), { size: 12, bold: true });
  w.gap(12);
  w.row("Payments", "", { bold: true });
  for (const p of r.payments)
    w.row(
      `${day(p.paid_at)}  ${paymentMethodWords(p.method)}${p.reference ? `, reference ${p.reference}` : ""}  ${p.transaction_id ?? ""}`,
      m(p.amount),
    );
  for (const c of r.credits_used) w.row(`${day(c.applied_at)}  Credit: ${c.reason}`, m(c.amount));
  if (!r.payments.length && !r.credits_used.length) w.row("Nothing was charged.", "", { grey: true });
  if (r.credit_notes.length) {
    w.gap(12);
    w.row("Refunds and credit notes", "", { bold: true });
    for (const n of r.credit_notes)
      w.row(`${day(n.issued_at)}  Credit note ${n.number}: ${n.reason}`, `-${m(n.total_amount)}`);
  }
  return doc.save();
}
