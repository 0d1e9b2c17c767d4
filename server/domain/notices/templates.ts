// Plain-text e-mails of the dunning notices (the optional SMTP sender). Pure: event data in, text out; the words
// are the "notice" catalog of messages/<locale>.json.
import { brandName } from "@/lib/format/cardBrand";
import { formatMoney } from "@/lib/format/money";
import { translator } from "@/server/i18n/catalog";
import { intlLocale, type Locale } from "@/server/i18n/locales";

export interface NoticeMessage {
  subject: string;
  text: string;
}

type Data = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));

/**
 * The e-mail for a notice event in the customer's language (their stored preference; English by default),
 * or null for event types that send none. Money and dates are formatted for that language.
 */
export function noticeMessage(
  type: string,
  data: Data,
  names: { seller: string; customer: string | null },
  locale: Locale = "en",
): NoticeMessage | null {
  const t = translator(locale, "notice");
  const il = intlLocale(locale);
  const day = (isoText: unknown) =>
    isoText ? new Date(str(isoText)).toLocaleDateString(il, { dateStyle: "long", timeZone: "UTC" }) : "";
  const hello = names.customer ? t("hello", { name: names.customer }) : t("helloAnon");
  const sign = `\n\n${names.seller}\n`;
  const money = (amount: unknown) => formatMoney(str(amount), str(data.currency), il);
  const seller = names.seller;
  const mail = (subject: string, body: string): NoticeMessage => ({ subject, text: `${hello}\n\n${body}${sign}` });
  switch (type) {
    case "billing_run.payment_failed":
      return mail(
        t("paymentFailedSubject", { seller }),
        t("paymentFailed", {
          amount: money(data.attempt_amount),
          reason: data.fail_message ? t("reason", { message: str(data.fail_message) }) : "",
          date: day(data.next_retry_at),
        }),
      );
    case "billing_run.exhausted":
      return mail(t("exhaustedSubject", { seller }), t("exhausted", { amount: money(data.total_amount) }));
    case "payment_method.expiring":
      return mail(
        t("expiringSubject", { seller }),
        t("expiring", {
          // no brand, or the unknown brand "card": the word in the reader's language, not "Card"
          brand: brandName(str(data.card_brand)) ?? t("card"),
          last4: str(data.card_last4) || "····",
          month: str(data.card_exp_month).padStart(2, "0"),
          year: str(data.card_exp_year),
        }),
      );
    case "payment_method.requested":
      return mail(
        t("requestedSubject", { seller }),
        t("requested", { url: str(data.url), date: day(data.expires_at) }),
      );
    case "subscription_contract.renewal_upcoming":
      return mail(
        t("renewalSubject", { seller, date: day(data.next_billing_at) }),
        t("renewal", { date: day(data.next_billing_at) }),
      );
    default:
      return null;
  }
}

export const NOTICE_EVENT_TYPES = [
  "billing_run.payment_failed",
  "billing_run.exhausted",
  "payment_method.expiring",
  "payment_method.requested",
  "subscription_contract.renewal_upcoming",
] as const;
