// A credit note, printable: seller and customer, the receipt it corrects, its lines with tax, the total, and
// how the total is settled (refunded to the card ending …, paid back outside the processor, credited to the
// balance). No hooks: the console and the subscriber page render it alike. Money in the currency's minor
// unit, as on receipts; dates in `timeZone` (the account's display zone in the console).

import { formatDateInZone } from "@/components/ui/dates";
import { HeaderRow } from "@/components/ui/HeaderRow";
import { formatMinorUnit } from "@/components/ui/money";
import type { CreditNoteDocument as CreditNote } from "@/server/domain/refunds/creditNoteDocument";
import { refundDestination } from "@/server/i18n/card";
import { translator } from "@/server/i18n/catalog";
import { intlLocale, type Locale } from "@/server/i18n/locales";

type T = ReturnType<typeof translator<"creditNote">>;
const kindWord = (t: T, kind: string) =>
  kind === "refund" || kind === "credit" || kind === "dispute" ? t(`kind_${kind}`) : kind;
export const refundStateWord = (t: T, state: string) =>
  state === "pending" || state === "failed" ? t(`state_${state}`) : t("state_other");

export function CreditNoteDocument({
  note: n,
  timeZone = "UTC",
  pdfHref,
  receiptHref,
  locale = "en",
}: {
  note: CreditNote;
  /** The reader's language (the customer's on the portal and the subscriber page; the console's English). */
  locale?: Locale;
  timeZone?: string;
  /** Where the PDF of this credit note downloads from (a link in the header; hidden when printing). */
  pdfHref?: string;
  /** The receipt it corrects, when the reader may open it. */
  receiptHref?: string;
}) {
  const t = translator(locale, "creditNote");
  const il = intlLocale(locale);
  const m = (amount: string) => formatMinorUnit(amount, n.currency, il);
  const day = (iso: string) => formatDateInZone(iso, timeZone, il);
  const time = (iso: string) => () => <time dateTime={iso}>{day(iso)}</time>;
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
            {t("title", { number: "" }).trim()} <span data-testid="credit-note-number">{n.number}</span>
          </h1>
          <p className="text-slate-700">{t.rich("issued", { date: time(n.issued_at), kind: kindWord(t, n.kind) })}</p>
          <p className="text-slate-700" data-testid="credit-note-corrects">
            {n.receipt_number
              ? receiptHref
                ? t.rich("corrects", {
                    number: n.receipt_number,
                    link: (chunks) => (
                      <a className="text-blue-800 underline" href={receiptHref}>
                        {chunks}
                      </a>
                    ),
                  })
                : t("correctsReceipt", { number: n.receipt_number })
              : t("correctsRun", { run: n.billing_run_id })}
          </p>
        </div>
        {pdfHref ? (
          <a className="text-blue-800 underline print:hidden" href={pdfHref} download>
            {t("download")}
          </a>
        ) : null}
      </header>
      <section aria-labelledby="credit-note-customer">
        <h2 id="credit-note-customer" className="font-medium">
          {t("issuedTo")}
        </h2>
        <p>{n.customer.name ?? n.customer.reference}</p>
        {n.customer.name ? (
          <p className="text-slate-700">{t("customer", { reference: n.customer.reference })}</p>
        ) : null}
        {n.customer.email ? <p className="text-slate-700">{n.customer.email}</p> : null}
        <p className="text-slate-700">{t("reason", { reason: n.reason })}</p>
      </section>
      <table className="w-full border-collapse" data-testid="credit-note-lines">
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
        <dt>{t("subtotal")}</dt>
        <dd className="text-right">{m(n.subtotal_amount)}</dd>
        <dt>{t("tax")}</dt>
        <dd className="text-right">{m(n.tax_amount)}</dd>
        <dt className="text-base font-semibold">{t("totalCredited")}</dt>
        <dd className="text-right text-base font-semibold" data-testid="credit-note-total">
          {m(n.total_amount)}
        </dd>
      </dl>
      <section aria-labelledby="credit-note-settlement">
        <h2 id="credit-note-settlement" className="font-medium">
          {t("settlement")}
        </h2>
        <ul className="divide-y divide-slate-100" data-testid="credit-note-settlement">
          {n.refunds.map((r) => (
            <li key={r.id} className="flex justify-between gap-4 py-1">
              <span>
                {r.state === "succeeded"
                  ? t("refundedTo", { destination: refundDestination(t, r) })
                  : t("refundTo", { destination: refundDestination(t, r), state: refundStateWord(t, r.state) })}
                {r.settled_at ? t.rich("on", { date: time(r.settled_at) }) : null}
              </span>
              <span className="tabular-nums">{m(r.amount)}</span>
            </li>
          ))}
          {credited ? (
            <li className="flex justify-between gap-4 py-1">
              <span>{t("creditedBalance")}</span>
              <span className="tabular-nums">{m(n.credit_amount)}</span>
            </li>
          ) : null}
        </ul>
      </section>
    </article>
  );
}
