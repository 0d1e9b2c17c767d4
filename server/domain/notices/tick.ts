// Notices due by the calendar, emitted by the worker's tick (and when a test clock moves): a card
// expiring within 30 days (payment_method.expiring) and a renewal within the account's
// renewal_notice_days (subscription_contract.renewal_upcoming). Each is emitted once per subject (the
// card's expiry month, the contract's next billing date): the notice_emissions row and the outbox
// event are written in one transaction, and a second tick's insert finds the row and emits nothing.
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { type EventType, emitEvent } from "@/server/domain/events/outbox";
import { iso } from "@/server/domain/time";

const DAY_MS = 86_400_000;
export const CARD_EXPIRY_NOTICE_DAYS = 30;

/** Inserts the emission rows of `keys`; returns the keys not emitted before (the ones to emit now). */
export async function claim(
  tx: DbTx,
  accountId: number,
  kind: EventType,
  keys: string[],
  now: Date,
): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await tx.$queryRaw<{ subject_key: string }[]>`
    insert into notice_emissions (account_id, kind, subject_key, created_at)
    select ${accountId}, ${kind}, k, ${now} from unnest(${keys}::text[]) as k
    on conflict (account_id, kind, subject_key) do nothing returning subject_key`;
  return new Set(rows.map((r) => r.subject_key));
}

/** Emits `kind` once per subject: the records whose key was claimed before are skipped; returns how many were emitted. */
async function emitOncePerSubject<T>(
  ctx: Ctx,
  now: Date,
  kind: EventType,
  records: T[],
  key: (record: T) => string,
  data: (record: T) => Record<string, unknown>,
): Promise<number> {
  return ctx.db.$transaction(async (tx) => {
    const fresh = await claim(tx, ctx.accountId, kind, records.map(key), now);
    for (const record of records.filter((x) => fresh.has(key(x))))
      await emitEvent(tx, ctx.accountId, kind, data(record), now);
    return fresh.size;
  });
}

/** A card is valid through its expiry month: it expires at the first instant (UTC) of the next month. */
export const cardExpiresAt = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

/** The (year, month) expiry dates of cards that expire in (now, until]: one or two months. */
export function expiryMonthsWithin(now: Date, until: Date): { year: number; month: number }[] {
  const months: { year: number; month: number }[] = [];
  for (let d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)); d <= until; ) {
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth() + 1;
    const at = cardExpiresAt(year, month);
    if (at > now && at <= until) months.push({ year, month });
    d = new Date(Date.UTC(year, month, 1));
  }
  return months;
}

async function expiringCards(ctx: Ctx, now: Date): Promise<number> {
  const months = expiryMonthsWithin(now, new Date(now.getTime() + CARD_EXPIRY_NOTICE_DAYS * DAY_MS));
  if (!months.length) return 0;
  const methods = await ctx.db.paymentMethod.findMany({
    where: {
      accountId: ctx.accountId,
      state: "active",
      OR: months.map((m) => ({ cardExpYear: m.year, cardExpMonth: m.month })),
    },
    select: { id: true, customerId: true, cardBrand: true, cardLast4: true, cardExpMonth: true, cardExpYear: true },
    orderBy: { id: "asc" },
  });
  if (!methods.length) return 0;
  const key = (m: (typeof methods)[number]) => `pm_${m.id}_${m.cardExpYear}-${m.cardExpMonth}`;
  return emitOncePerSubject(ctx, now, "payment_method.expiring", methods, key, (m) => ({
    id: m.id,
    customer_id: m.customerId,
    card_brand: m.cardBrand,
    card_last4: m.cardLast4,
    card_exp_month: m.cardExpMonth,
    card_exp_year: m.cardExpYear,
    expires_at: iso(cardExpiresAt(m.cardExpYear!, m.cardExpMonth!)),
  }));
}

async function upcomingRenewals(ctx: Ctx, now: Date): Promise<number> {
  const account = await ctx.db.account.findUniqueOrThrow({
    where: { id: ctx.accountId },
    select: { renewalNoticeDays: true },
  });
  const days = account.renewalNoticeDays;
  if (days <= 0) return 0;
  const until = new Date(now.getTime() + days * DAY_MS);
  // a contract that ends before (or at) its next billing date does not renew
  const contracts = await ctx.db.subscriptionContract.findMany({
    where: {
      accountId: ctx.accountId,
      state: "active",
      recurring: true,
      cancelAtPeriodEnd: false,
      nextBillingAt: { gt: now, lte: until },
    },
    select: { id: true, customerId: true, currency: true, nextBillingAt: true, cancelAt: true },
    orderBy: { id: "asc" },
  });
  const renewing = contracts.filter((c) => !c.cancelAt || c.cancelAt > c.nextBillingAt!);
  if (!renewing.length) return 0;
  const key = (c: (typeof renewing)[number]) => `contract_${c.id}_${iso(c.nextBillingAt!)}`;
  return emitOncePerSubject(ctx, now, "subscription_contract.renewal_upcoming", renewing, key, (c) => ({
    id: c.id,
    customer_id: c.customerId,
    currency: c.currency,
    next_billing_at: iso(c.nextBillingAt!),
    notice_days: days,
  }));
}

/** Emits the calendar notices due for the account at its clock's now. */
export async function emitDueNotices(ctx: Ctx): Promise<{ cardsExpiring: number; renewalsUpcoming: number }> {
  const now = ctx.clock.now();
  return { cardsExpiring: await expiringCards(ctx, now), renewalsUpcoming: await upcomingRenewals(ctx, now) };
}
