// The customer's language (issue 33, docs/decisions.md "Languages"): the picker on the portal and the subscriber
// page stores it on the customer, so later pages, receipts and notices use it. In the portal it also becomes the
// session's language (a session's language otherwise wins over the stored one).
import type { Db } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import type { Locale } from "@/server/i18n/locales";

export async function setCustomerLocale(ctx: Ctx, customerId: number, locale: Locale, portalSessionId?: number) {
  const updated = await ctx.db.customer.updateMany({
    where: { id: customerId, accountId: ctx.accountId },
    data: { preferredLocale: locale },
  });
  if (updated.count !== 1) throw notFound();
  if (portalSessionId !== undefined)
    await ctx.db.portalSession.updateMany({
      where: { id: portalSessionId, customerId },
      data: { locale },
    });
  return { customer_id: customerId, locale };
}

/** The contract's customer's language (set from the subscriber page, which knows only the contract), in their open
 * portal sessions as well. */
export async function setContractCustomerLocale(ctx: Ctx, contractId: number, locale: Locale) {
  const c = await ctx.db.subscriptionContract.findFirst({
    where: { id: contractId, accountId: ctx.accountId },
    select: { customerId: true },
  });
  if (!c) throw notFound();
  const result = await setCustomerLocale(ctx, c.customerId, locale);
  // the portal shows this contract's page too: the customer's open portal sessions follow the choice, or the
  // session's own language would hide it
  await ctx.db.portalSession.updateMany({
    where: { customerId: c.customerId, sessionExpiresAt: { gt: ctx.clock.now() } },
    data: { locale },
  });
  return result;
}

/** The stored language of the customer whose subscriber page `token` opens (null: none, or no such page). */
export async function preferredLocaleOfSubscriberToken(db: Db, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const c = await db.subscriptionContract.findUnique({
    where: { subscriberToken: token },
    select: { customer: { select: { preferredLocale: true } } },
  });
  return c?.customer.preferredLocale ?? null;
}

/** The stored language of the customer a hosted card form (`token`) is for. */
export async function preferredLocaleOfRegistration(db: Db, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{10,128}$/.test(token)) return null;
  const r = await db.paymentMethodRegistration.findUnique({
    where: { token },
    select: { customerId: true },
  });
  if (!r) return null;
  const customer = await db.customer.findUnique({ where: { id: r.customerId }, select: { preferredLocale: true } });
  return customer?.preferredLocale ?? null;
}
