// Plain-text e-mails of the dunning notices (the optional SMTP sender). Pure: event data in, text out.
import { formatMoney } from "@/lib/format/money";

export interface NoticeMessage {
  subject: string;
  text: string;
}

type Data = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));
const day = (isoText: unknown) =>
  isoText ? new Date(str(isoText)).toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "UTC" }) : "";

/** The e-mail for a notice event, or null for event types that send none. */
export function noticeMessage(
  type: string,
  data: Data,
  names: { seller: string; customer: string | null },
): NoticeMessage | null {
  const hello = `Hello${names.customer ? ` ${names.customer}` : ""},`;
  const sign = `\n\n${names.seller}\n`;
  const money = (amount: unknown) => formatMoney(str(amount), str(data.currency));
  switch (type) {
    case "billing_run.payment_failed":
      return {
        subject: `Your payment to ${names.seller} did not go through`,
        text: `${hello}\n\nWe could not collect ${money(data.attempt_amount)} for your subscription${
          data.fail_message ? ` (${str(data.fail_message)})` : ""
        }.\nWe will try again on ${day(data.next_retry_at)}. Please check that your payment method is up to date.${sign}`,
      };
    case "billing_run.exhausted":
      return {
        subject: `Your subscription payment to ${names.seller} is overdue`,
        text: `${hello}\n\nWe tried several times but could not collect ${money(data.total_amount)} for your subscription, and we will not retry automatically.\nPlease update your payment method or contact us to keep your subscription.${sign}`,
      };
    case "payment_method.expiring":
      return {
        subject: `Your card on file with ${names.seller} expires soon`,
        text: `${hello}\n\nYour ${str(data.card_brand) || "card"} ending in ${str(data.card_last4) || "····"} expires at the end of ${str(
          data.card_exp_month,
        ).padStart(
          2,
          "0",
        )}/${str(data.card_exp_year)}.\nPlease add a new payment method before then so your subscription continues without interruption.${sign}`,
      };
    case "payment_method.requested":
      return {
        subject: `${names.seller} asks you to add a card`,
        text: `${hello}\n\nPlease add the card your subscription should be charged to, on this secure page:\n${str(data.url)}\n\nNothing is charged now; your bank may check the card with a zero-amount authorisation. The link works until ${day(data.expires_at)}.${sign}`,
      };
    case "subscription_contract.renewal_upcoming":
      return {
        subject: `Your subscription with ${names.seller} renews on ${day(data.next_billing_at)}`,
        text: `${hello}\n\nThis is a reminder that your subscription renews on ${day(data.next_billing_at)}.\nNo action is needed if you wish to continue; you can review or change your subscription before then.${sign}`,
      };
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
