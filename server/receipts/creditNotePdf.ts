// The credit note as a PDF, drawn like the receipt (./pdf.ts): seller, number and date, the receipt it
// corrects, the customer, lines with tax, the total, and how it is settled.
import { formatMinorUnit } from "@/lib/format/money";
import type { CreditNoteDocument } from "@/server/domain/refunds/creditNoteDocument";
import { day, newPdf } from "./pdf";

export async function creditNotePdf(n: CreditNoteDocument): Promise<Uint8Array> {
  const { doc, w } = await newPdf({
    title: `Credit note ${n.number}`,
    author: n.seller.name,
    subject: `Credit note ${n.number}${n.receipt_number ? ` correcting receipt ${n.receipt_number}` : ""}`,
    date: n.issued_at,
  });
  const m = (amount: string) => formatMinorUnit(amount, n.currency);

  w.row(n.seller.name, "", { size: 12, bold: true });
  w.row(`Credit note ${n.number}`, "", { size: 18, bold: true });
  w.row(
    `Issued ${day(n.issued_at)}`,
    n.receipt_number ? `Corrects receipt ${n.receipt_number}` : `Billing run ${n.billing_run_id}`,
    { grey: true },
  );
  w.gap();
  w.row("Issued to", "", { bold: true });
  w.row(n.customer.name ?? n.customer.reference);
  if (n.customer.name) w.row(`Customer ${n.customer.reference}`, "", { grey: true });
  if (n.customer.email) w.row(n.customer.email, "", { grey: true });
  w.row(`Reason: ${n.reason}`, "", { grey: true });
  w.gap(12);
  w.row("Item", "Amount", { bold: true });
  for (const l of n.lines) {
    w.gap(4);
    w.row(l.description, m(l.total_amount));
    w.row(`${day(l.period_start_at)} - ${day(l.period_end_at)} · tax ${m(l.tax_amount)}`, "", { size: 8, grey: true });
  }
  w.gap(12);
  w.row("Subtotal", m(n.subtotal_amount));
  w.row("Tax", m(n.tax_amount));
  w.row("Total credited", m(n.total_amount), { size: 12, bold: true });
  w.gap(12);
  w.row("How it is settled", "", { bold: true });
  for (const r of n.refunds)
    w.row(
      `${r.state === "succeeded" ? "Refunded" : `Refund (${r.state})`} ${r.destination}${r.settled_at ? ` on ${day(r.settled_at)}` : ""}`,
      m(r.amount),
    );
  if (Number(n.credit_amount) > 0) w.row("Credited to your account balance", m(n.credit_amount));
  return doc.save();
}
