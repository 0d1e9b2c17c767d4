// The receipt of a succeeded billing run, printable: seller and customer, lines, tax per rate, discount,
// credit, rounding to the currency's unit and the amount charged, then the payments (how each was paid) and the
// refunds and credit notes against it. No hooks: the console,
// the subscriber page and any server render use it alike. The engine's explanation of a line is the
// seller's (behind "Explain" in the console); customers read the lines in plain words only.
// Money in the currency's minor unit (EUR 2 digits, JPY 0, KWD 3); the rounding line is what was added
// to reach the charged amount, signed (12.276 charged as 12.28 reads "+€0.004").

import { formatDateInZone } from "@/components/ui/dates";
import { HeaderRow } from "@/components/ui/HeaderRow";
import { formatAdjustment, formatMinorUnit } from "@/components/ui/money";
import { addressLines } from "@/lib/format/address";
import type { Receipt } from "@/server/domain/receipts/receipt";
import { translator } from "@/server/i18n/catalog";
import { intlLocale, type Locale } from "@/server/i18n/locales";
import { methodWord } from "@/server/i18n/receiptWords";

const ZERO = "0.0000";

export function ReceiptDocument({
  receipt: r,
  timeZone = "UTC",
  pdfHref,
  explain = false,
  creditNoteHref,
  locale = "en",
}: {
  receipt: Receipt;
  /** The reader's language (the customer's on the portal and the subscriber page; the console's English). */
  locale?: Locale;
  timeZone?: string;
  /** The seller's view: each line's pricing explanation behind "Explain". */
  explain?: boolean;
  /** Where the PDF of this receipt downloads from (a link in the header; hidden when printing). */
  pdfHref?: string;
  /** Where a credit note against this receipt opens (its number is a link when given). */
  creditNoteHref?: (id: number) => string;
}) {
  const t = translator(locale, "receipt");
  const il = intlLocale(locale);
  const m = (amount: string) => formatMinorUnit(amount, r.currency, il);
  const day = (iso: string) => formatDateInZone(iso, timeZone, il);
  const time = (iso: string) => () => <time dateTime={iso}>{day(iso)}</time>;
  // the word before the number ("Receipt", "Beleg"): the number is its own element for tests and copying
  const title = t("title", { number: "" }).trim();
  return (
    <article
      className="mx-auto max-w-3xl space-y-6 rounded-xl bg-white p-8 text-sm text-slate-900 shadow print:shadow-none"
      aria-labelledby="receipt-title"
      data-testid="receipt"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="font-medium" data-testid="receipt-seller">
            {r.seller.name}
          </p>
          <h1 id="receipt-title" className="text-2xl font-semibold">
            {title} <span data-testid="receipt-number">{r.receipt_number}</span>
          </h1>
          <p className="text-slate-700">{t.rich("issued", { date: time(r.issued_at), run: r.billing_run_id })}</p>
        </div>
        {pdfHref ? (
          <a className="text-blue-800 underline print:hidden" href={pdfHref} download>
            {t("download")}
          </a>
        ) : null}
      </header>
      <section aria-labelledby="receipt-customer">
        <h2 id="receipt-customer" className="font-medium">
          {t("billedTo")}
        </h2>
        <p data-testid="receipt-customer">{r.customer.name ?? r.customer.reference}</p>
        {r.customer.name ? (
          <p className="text-slate-700">{t("customer", { reference: r.customer.reference })}</p>
        ) : null}
        {r.customer.email ? <p className="text-slate-700">{r.customer.email}</p> : null}
        {addressLines(r.customer.billing_address).length ? (
          <p className="text-slate-700" data-testid="receipt-address">
            {addressLines(r.customer.billing_address).map((line, i) => (
              <span key={`${i}-${line}`} className="block">
                {line}
              </span>
            ))}
          </p>
        ) : null}
        {r.customer.tax_id ? (
          <p className="text-slate-700" data-testid="receipt-tax-id">
            {t("taxId", { taxId: r.customer.tax_id })}
          </p>
        ) : null}
        <p className="text-slate-700">
          {t("servicePeriod", { start: day(r.period_start_at), end: day(r.period_end_at) })}
        </p>
      </section>
      <table className="w-full border-collapse" data-testid="receipt-lines">
        <caption className="sr-only">{t("caption")}</caption>
        <thead>
          <HeaderRow
            className="border-b border-slate-300 text-left"
            cells={[
              [t("item"), "py-2"],
              [t("tax"), "py-2 pl-3 text-right"],
              [t("amount"), "py-2 pl-3 text-right"],
            ]}
          />
        </thead>
        <tbody>
          {r.lines.map((l, i) => (
            // lines have no id of their own on a receipt; their order is fixed
            <tr key={i} className="border-b border-slate-100 align-top">
              <td className="py-2">
                <span className="font-medium">
                  {l.quantity} × {l.product_name}
                </span>{" "}
                <span className="text-slate-700">{t("each", { amount: m(l.unit_amount) })}</span>
                <span className="block text-xs text-slate-700">
                  {day(l.service_period_start_at)} – {day(l.service_period_end_at)}
                  {l.discount_amount !== ZERO ? t("lineDiscount", { amount: m(l.discount_amount) }) : ""}
                </span>
                {explain ? (
                  <details className="text-xs text-slate-700 print:hidden">
                    <summary className="cursor-pointer">{t("explain")}</summary>
                    {l.explanation}
                  </details>
                ) : null}
              </td>
              <td className="py-2 pl-3 text-right">
                {l.tax_rate ? `${l.tax_rate}% ` : ""}
                {m(l.tax_amount)}
              </td>
              <td className="py-2 pl-3 text-right tabular-nums">{m(l.total_amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1" data-testid="receipt-totals">
        <dt>{t("subtotal")}</dt>
        <dd className="text-right">{m(r.subtotal_amount)}</dd>
        {r.discount_amount !== ZERO ? (
          <>
            <dt>{t("discountIncluded")}</dt>
            <dd className="text-right">{m(r.discount_amount)}</dd>
          </>
        ) : null}
        {r.taxes.length ? (
          r.taxes.map((x) => (
            <Row
              key={`${x.rate}|${x.policy}`}
              label={t("taxOn", { rate: x.rate, policy: x.policy, amount: m(x.taxable_amount) })}
            >
              {m(x.tax_amount)}
            </Row>
          ))
        ) : (
          <Row label={t("tax")}>{m(r.tax_amount)}</Row>
        )}
        <dt className="font-medium">{t("total")}</dt>
        <dd className="text-right font-medium">{m(r.total_amount)}</dd>
        {r.credit_applied_amount !== ZERO ? <Row label={t("creditApplied")}>−{m(r.credit_applied_amount)}</Row> : null}
        {r.rounding_amount !== ZERO ? (
          <Row label={t("rounding")}>
            <span data-testid="receipt-rounding">{formatAdjustment(r.rounding_amount, r.currency, il)}</span>
          </Row>
        ) : null}
        <dt className="text-base font-semibold">{t("charged")}</dt>
        <dd className="text-right text-base font-semibold" data-testid="receipt-charged">
          {m(r.charged_amount)}
        </dd>
      </dl>
      <section aria-labelledby="receipt-payments">
        <h2 id="receipt-payments" className="font-medium">
          {t("paymentsAndCredit")}
        </h2>
        <ul className="divide-y divide-slate-100">
          {r.payments.map((p) => (
            <li key={`${p.transaction_id}-${p.paid_at}`} className="flex justify-between py-1">
              {/* NOTE: the text may shrink and the transaction id break anywhere: an unbreakable id pushed the amount
                  past the column's right edge on a phone */}
              <span data-testid="receipt-payment" className="min-w-0">
                {t.rich("payment", { method: methodWord(t, p.method), date: time(p.paid_at) })}
                {p.reference ? t("reference", { reference: p.reference }) : ""}
                {p.transaction_id ? (
                  <code className="block break-all text-xs sm:ml-2 sm:inline">{p.transaction_id}</code>
                ) : null}
              </span>
              <span className="shrink-0 pl-3 text-right">{m(p.amount)}</span>
            </li>
          ))}
          {r.credits_used.map((c) => (
            <li key={`${c.applied_at}-${c.amount}-${c.reason}`} className="flex justify-between py-1">
              <span className="min-w-0">{t.rich("creditUsed", { date: time(c.applied_at), reason: c.reason })}</span>
              <span className="shrink-0 pl-3 text-right">{m(c.amount)}</span>
            </li>
          ))}
          {!r.payments.length && !r.credits_used.length ? <li className="py-1">{t("nothingCharged")}</li> : null}
        </ul>
      </section>
      {r.credit_notes.length ? (
        <section aria-labelledby="receipt-credit-notes">
          <h2 id="receipt-credit-notes" className="font-medium">
            {t("refundsAndCreditNotes")}
          </h2>
          <ul className="divide-y divide-slate-100" data-testid="receipt-credit-notes">
            {r.credit_notes.map((n) => (
              <li key={n.id} className="flex justify-between gap-4 py-1">
                <span>
                  {creditNoteHref ? (
                    <a className="text-blue-800 underline" href={creditNoteHref(n.id)}>
                      {t("creditNote", { number: n.number })}
                    </a>
                  ) : (
                    t("creditNote", { number: n.number })
                  )}{" "}
                  <time dateTime={n.issued_at}>{day(n.issued_at)}</time>: {n.reason}
                  {n.refunded_amount !== ZERO ? t("refunded", { amount: m(n.refunded_amount) }) : ""}
                  {n.credit_amount !== ZERO ? t("creditedToBalance", { amount: m(n.credit_amount) }) : ""}
                </span>
                <span className="tabular-nums">−{m(n.total_amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="text-right">{children}</dd>
    </>
  );
}
