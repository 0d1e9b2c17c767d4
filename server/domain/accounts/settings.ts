// The account's console settings: what the admin layout shows (name, mode, the account clock's time,
// display time zone) and what the settings page edits (name, display time zone, subscriber_url, renewal
// notice days, and the payment_behavior of item changes that name none).
import { accountClock } from "@/server/clock";
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { addFieldError, type FieldErrors, invalidFields, notFound } from "@/server/domain/errors";
import { PAYMENT_BEHAVIORS, type PaymentBehavior } from "@/server/schemas/contracts";

export interface AccountSettings {
  id: number;
  name: string;
  mode: "test" | "live";
  /** The account's current time: the test clock once advanced, else real time (ISO, UTC). */
  clock_at: string;
  test_clock_at: string | null;
  display_timezone: string;
  subscriber_url: string | null;
  /** Days before a renewal that subscription_contract.renewal_upcoming is emitted (0: never). */
  renewal_notice_days: number;
  /** What an item change charged now does when it names no payment_behavior (API and console). */
  item_change_payment_behavior: PaymentBehavior;
}

const SELECT = {
  id: true,
  name: true,
  mode: true,
  testClockAt: true,
  displayTimezone: true,
  subscriberUrl: true,
  renewalNoticeDays: true,
  itemChangePaymentBehavior: true,
} as const;

type Row = {
  id: number;
  name: string;
  mode: string;
  testClockAt: Date | null;
  displayTimezone: string;
  subscriberUrl: string | null;
  renewalNoticeDays: number;
  itemChangePaymentBehavior: string;
};

const isPaymentBehavior = (value: unknown): value is PaymentBehavior =>
  (PAYMENT_BEHAVIORS as readonly unknown[]).includes(value);

function present(account: Row, ctx: Ctx): AccountSettings {
  return {
    id: account.id,
    name: account.name,
    mode: account.mode === "live" ? "live" : "test",
    clock_at: accountClock(account, ctx.clock).now().toISOString(),
    test_clock_at: account.testClockAt?.toISOString() ?? null,
    display_timezone: isIanaZone(account.displayTimezone) ? account.displayTimezone : "UTC",
    subscriber_url: account.subscriberUrl,
    renewal_notice_days: account.renewalNoticeDays,
    item_change_payment_behavior: isPaymentBehavior(account.itemChangePaymentBehavior)
      ? account.itemChangePaymentBehavior
      : "allow_incomplete",
  };
}

/** The account's payment_behavior for an item change that names none (the spec's allow_incomplete unless set). */
export async function defaultPaymentBehavior(db: Ctx["db"] | DbTx, accountId: number): Promise<PaymentBehavior> {
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: { itemChangePaymentBehavior: true },
  });
  return isPaymentBehavior(account?.itemChangePaymentBehavior) ? account.itemChangePaymentBehavior : "allow_incomplete";
}

export async function getAccountSettings(ctx: Ctx): Promise<AccountSettings> {
  const account = await ctx.db.account.findUnique({ where: { id: ctx.accountId }, select: SELECT });
  if (!account) throw notFound("Account not found.");
  return present(account, ctx);
}

/** An IANA zone name Intl knows ("Europe/Helsinki", "UTC"); offsets like "+02:00" are refused. */
export function isIanaZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone))
    return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface AccountSettingsInput {
  name?: unknown;
  display_timezone?: unknown;
  subscriber_url?: unknown;
  renewal_notice_days?: unknown;
  item_change_payment_behavior?: unknown;
}

/** Absolute http(s) URL without credentials; the subscriber page links are built on it. */
function checkSubscriberUrl(value: unknown, fields: FieldErrors): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  if (typeof value !== "string" || value.length > 2000)
    return void addFieldError(fields, "subscriber_url", "Enter a URL of at most 2000 characters.");
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return void addFieldError(
      fields,
      "subscriber_url",
      "Enter an absolute URL, e.g. https://shop.example.com/subscription.",
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return void addFieldError(fields, "subscriber_url", "The URL must start with https:// or http://.");
  if (url.username || url.password)
    return void addFieldError(fields, "subscriber_url", "The URL must not contain a user name or password.");
  return url.toString().replace(/\/$/, "");
}

export async function updateAccountSettings(ctx: Ctx, input: AccountSettingsInput): Promise<AccountSettings> {
  const fields: FieldErrors = {};
  const data: {
    name?: string;
    displayTimezone?: string;
    subscriberUrl?: string | null;
    renewalNoticeDays?: number;
    itemChangePaymentBehavior?: PaymentBehavior;
  } = {};
  if (input.name !== undefined) {
    const name = typeof input.name === "string" ? input.name.trim() : "";
    if (!name || name.length > 200) addFieldError(fields, "name", "Enter a name of 1 to 200 characters.");
    else data.name = name;
  }
  if (input.display_timezone !== undefined) {
    if (!isIanaZone(input.display_timezone))
      addFieldError(fields, "display_timezone", "Choose a time zone by its IANA name, e.g. Europe/Helsinki.");
    else data.displayTimezone = input.display_timezone;
  }
  const url = checkSubscriberUrl(input.subscriber_url, fields);
  if (url !== undefined) data.subscriberUrl = url;
  if (input.renewal_notice_days !== undefined) {
    const days = input.renewal_notice_days;
    if (typeof days !== "number" || !Number.isInteger(days) || days < 0 || days > 90)
      addFieldError(fields, "renewal_notice_days", "Enter a whole number of days from 0 (no notice) to 90.");
    else data.renewalNoticeDays = days;
  }
  if (input.item_change_payment_behavior !== undefined) {
    if (!isPaymentBehavior(input.item_change_payment_behavior))
      addFieldError(fields, "item_change_payment_behavior", "Choose allow_incomplete or pending_if_incomplete.");
    else data.itemChangePaymentBehavior = input.item_change_payment_behavior;
  }
  if (Object.keys(fields).length) throw invalidFields(fields);
  const account = await ctx.db.account.update({ where: { id: ctx.accountId }, data, select: SELECT });
  return present(account, ctx);
}
