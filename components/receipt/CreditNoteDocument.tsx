// A credit note, printable: seller and customer, the receipt it corrects, its lines with tax, the total, and
// how the total is settled (refunded to the card ending …, paid back outside the processor, credited to the
// balance). No hooks: the console and the subscriber page render it alike. Money in the currency's minor
// unit, as on receipts; dates in `timeZone` (the account's display zone in the console).
import { formatDateInZone } from "@/components/ui/dates";
import { HeaderRow } from "@/components/ui/HeaderRow";
import { formatMinorUnit } from "@/components/ui/money";
import type { CreditNoteDocument as CreditNote } from "@/server/domain/refunds/creditNoteDocument";

const KIND_TITLE: Record<string, string> = {
  refund: "Refund",
  credit: "Credit",
  dispute: "Payment reversed by the customer's bank",
};
const REFUND_STATE: Record<string, string> = {
  succeeded: "refunded",
  pending: "being refunded",
  failed: "refund failed",
};

export function CreditNoteDocument({
  note: n,
  timeZone = "UTC",
  pdfHref,
  receiptHref,
}: {
  note: CreditNote;
  timeZone?: string;
  /** Where the PDF of this credit note downloads from (a link in the header; hidden when printing). */
  pdfHref?: string;
  /** The receipt it corrects, when the reader may open it. */
  receiptHref?: string;
}) {
  const m = (amount: string) => formatMinorUnit(amount, n.currency);
  const day = (iso: string) => formatDateInZone(iso, timeZone);
  const credited = Number(n.credit_amount) > 0;
  return (
    <article
      className="mx-auto max-w-3xl space-y-6 rounded-xl bg-white p-8 text-sm text-slate-900 shadow print:shadow-none"
      aria-labelledby="credit-note-title"
      data-testid="credit-note"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="font-medium">{n.seller.name}</p>
          <h1 id="credit-note-title" className="text-2xl font-semibold">
            Credit note <span data-testid="credit-note-number">{n.number}</span>
          </h1>
          <p className="text-slate-700">
            Issued <time dateTime={n.issued_at}>{day(n.issued_at)}</time> · {KIND_TITLE[n.kind] ?? n.kind}
          </p>
          <p className="text-slate-700" data-testid="credit-note-corrects">
            Corrects{" "}
            {n.receipt_number ? (
              receiptHref ? (
                <a className="text-blue-800 underline" href={receiptHref}>
                  receipt {n.receipt_number}
                </a>
              ) : (
                `receipt ${n.receipt_number}`
              )
            ) : (
              `billing run ${n.billing_run_id}`
            )}
          </p>
        </div>
        {pdfHref ? (
          <a className="text-blue-800 underline print:hidden" href={pdfHref} download>
            Download the credit note as PDF
          </a>
        ) : null}
      </header>
      <section aria-labelledby="credit-note-customer">
        <h2 id="credit-note-customer" className="font-medium">
          Issued to
        </h2>
        <p>{n.customer.name ?? n.customer.reference}</p>
        {n.customer.name ? <p className="text-slate-700">Customer {n.customer.reference}</p> : null}
        {n.customer.email ? <p className="text-slate-700">{n.customer.email}</p> : null}
        <p className="text-slate-700">Reason: {n.reason}</p>
      </section>
      <table className="w-full border-collapse" data-testid="credit-note-lines">
        <caption className="sr-only">Lines of the credit note</caption>
        <thead>
          <HeaderRow
            className="border-b border-slate-300 text-left"
            cells={[
              ["Item", "py-2"],
              ["Tax", "py-2 pl-3 text-right"],
              ["Amount", "py-2 pl-3 text-right"],
            ]}
          />
        </thead>
        <tbody>
          {n.lines.map((l) => (
            <tr key={l.id} className="border-b border-slate-100 align-top">
              <td className="py-2">
                <span className="font-medium">{l.description}</span>
                <span className="block text-xs text-slate-700">
                  {day(l.period_start_at)} – {day(l.period_end_at)}
                </span>
              </td>
              <td className="py-2 pl-3 text-right">{m(l.tax_amount)}</td>
              <td className="py-2 pl-3 text-right tabular-nums">{m(l.total_amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1" data-testid="credit-note-totals">
        <dt>Subtotal</dt>
        <dd className="text-right">{m(n.subtotal_amount)}</dd>
        <dt>Tax</dt>
        <dd className="text-right">{m(n.tax_amount)}</dd>
        <dt className="text-base font-semibold">Total credited</dt>
        <dd className="text-right text-base font-semibold" data-testid="credit-note-total">
          {m(n.total_amount)}
        </dd>
      </dl>
      <section aria-labelledby="credit-note-settlement">
        <h2 id="credit-note-settlement" className="font-medium">
          How it is settled
        </h2>
        <ul className="divide-y divide-slate-100" data-testid="credit-note-settlement">
          {n.refunds.map((r) => (
            <li key={r.id} className="flex justify-between gap-4 py-1">
              <span>
                {r.state === "succeeded" ? "Refunded" : "Refund"} {r.destination}
                {r.state !== "succeeded" ? ` (${REFUND_STATE[r.state] ?? r.state})` : ""}
                {r.settled_at ? (
                  <>
                    {" "}
                    on <time dateTime={r.settled_at}>{day(r.settled_at)}</time>
                  </>
                ) : null}
              </span>
              <span className="tabular-nums">{m(r.amount)}</span>
            </li>
          ))}
          {credited ? (
            <li className="flex justify-between gap-4 py-1">
              <span>Credited to your account balance, used against future charges</span>
              <span className="tabular-nums">{m(n.credit_amount)}</span>
            </li>
          ) : null}
        </ul>
      </section>
    </article>
  );
}
