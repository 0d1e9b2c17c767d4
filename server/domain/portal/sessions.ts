// Customer portal sessions (issue 33), like Stripe's customer portal: the seller's backend asks for a session
// for one of its customers (POST /v2/portal-sessions/) and sends the customer to its URL. The URL's token
// (256 random bits, stored as its SHA-256 only) opens the portal once within LINK_MINUTES; the first visit
// exchanges it for a signed cookie naming the session, valid SESSION_MINUTES after the exchange. A reused or
// expired token is refused with the seller's name, so the page can say whom to ask for a new link.
// Lifetimes run on the account's clock (a test account's test clock), like everything the account sees.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { accountClock, type Clock } from "@/server/clock";
import { config } from "@/server/config";
import type { Db } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { DomainError, invalid } from "@/server/domain/errors";
import { iso } from "@/server/domain/time";
import { translator } from "@/server/i18n/catalog";
import { resolveLocale } from "@/server/i18n/locales";
import { getSecret } from "@/server/secrets";

/** An unused link opens the portal within this many minutes of its creation. */
export const LINK_MINUTES = 5;
/** A sign-in link mailed to the customer lasts longer: mail takes a while. */
export const MAILED_LINK_MINUTES = 30;
/** The portal session a link opens lasts this long (the cookie's Max-Age and the row's session_expires_at). */
export const SESSION_MINUTES = 60;
export const PORTAL_COOKIE = "portal_session";
export const PORTAL_PATH = "/portal";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{40,64}$/;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

export interface PortalSessionInput {
  customer_reference: string;
  return_url?: string | null;
  /** the portal's language (en, de, fr, es, fi); absent: the customer's preference, then the browser's */
  locale?: string | null;
}

/** http(s) only: a return_url is a link the portal shows, never javascript: or data:. */
export function checkReturnUrl(value: string | null | undefined): string | null {
  if (value == null || value === "") return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid("return_url", "Enter an absolute http or https URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw invalid("return_url", "Enter an absolute http or https URL.");
  return url.toString();
}

/** Where the portal is served: this service's public origin (the portal is never the seller's own site). */
const portalBase = (ctx: Ctx) => (config().PUBLIC_URL ?? ctx.baseUrl ?? "http://localhost:3000").replace(/\/+$/, "");

async function newSession(
  ctx: Ctx,
  customerId: number,
  returnUrl: string | null,
  origin: "api" | "email",
  locale: string | null = null,
): Promise<{ row: { id: number; expiresAt: Date; createdAt: Date }; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  const row = await ctx.db.portalSession.create({
    data: {
      accountId: ctx.accountId,
      customerId,
      tokenHash: hashToken(token),
      returnUrl,
      origin,
      locale,
      expiresAt: minutesAfter(now, origin === "email" ? MAILED_LINK_MINUTES : LINK_MINUTES),
      createdAt: now,
    },
    select: { id: true, expiresAt: true, createdAt: true },
  });
  return { row, token };
}

/** POST /v2/portal-sessions/: a one-time link to the customer's portal. */
export async function createPortalSession(ctx: Ctx, input: PortalSessionInput) {
  const returnUrl = checkReturnUrl(input.return_url);
  const customer = await ctx.db.customer.findUnique({
    where: { accountId_reference: { accountId: ctx.accountId, reference: input.customer_reference } },
    select: { id: true, reference: true },
  });
  if (!customer) throw invalid("customer_reference", "No customer of this account has this reference.");
  const locale = input.locale ?? null;
  const { row, token } = await newSession(ctx, customer.id, returnUrl, "api", locale);
  return {
    id: row.id,
    url: `${portalBase(ctx)}${PORTAL_PATH}/${token}`,
    expires_at: iso(row.expiresAt),
    return_url: returnUrl,
    customer_reference: customer.reference,
    locale,
    created_at: iso(row.createdAt),
  };
}

/** The cookie's signing key: derived from the service's preview secret with its own label (never stored). */
async function sign(sessionId: number): Promise<string> {
  const key = createHmac("sha256", await getSecret("preview"))
    .update("portal-cookie")
    .digest();
  return createHmac("sha256", key).update(`portal-session:${sessionId}`).digest("base64url");
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export type Exchange =
  | { kind: "opened"; cookie: string; maxAgeSeconds: number }
  /** the link was used or its time passed: the seller's name for "ask <seller> for a new one" */
  | { kind: "expired"; seller: string; accountId: number }
  | { kind: "unknown" };

/** The first visit of a portal link: marks it used (once, atomically) and opens the session. */
export async function exchangePortalToken(db: Db, token: string, base: Clock): Promise<Exchange> {
  if (!TOKEN_SHAPE.test(token)) return { kind: "unknown" };
  const row = await db.portalSession.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, accountId: true, account: { select: { name: true, mode: true, testClockAt: true } } },
  });
  if (!row) return { kind: "unknown" };
  const now = accountClock(row.account, base).now();
  const claimed = await db.portalSession.updateMany({
    where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now, sessionExpiresAt: minutesAfter(now, SESSION_MINUTES) },
  });
  if (claimed.count !== 1) return { kind: "expired", seller: row.account.name, accountId: row.accountId };
  return { kind: "opened", cookie: `${row.id}.${await sign(row.id)}`, maxAgeSeconds: SESSION_MINUTES * 60 };
}

export interface PortalAccess {
  /** acts for the account; `actor` is set per contract by the actions (the subscriber of that contract) */
  ctx: Ctx;
  sessionId: number;
  customerId: number;
  returnUrl: string | null;
  seller: string;
  /** the session's language (the seller's `locale`, or the one the customer picked in this session) */
  locale: string | null;
  /** the customer's stored language */
  preferredLocale: string | null;
}

/** The session a portal cookie names, while it lasts; null otherwise (no cookie, forged, expired). */
export async function portalAccess(
  db: Db,
  cookie: string | null | undefined,
  base: Clock,
): Promise<PortalAccess | null> {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? "");
  if (!m) return null;
  const sessionId = Number(m[1]);
  if (!sameText(m[2], await sign(sessionId))) return null;
  const row = await db.portalSession.findUnique({
    where: { id: sessionId },
    select: {
      accountId: true,
      customerId: true,
      returnUrl: true,
      sessionExpiresAt: true,
      locale: true,
      customer: { select: { preferredLocale: true } },
      account: { select: { name: true, mode: true, testClockAt: true } },
    },
  });
  if (!row?.sessionExpiresAt) return null;
  const clock = accountClock(row.account, base);
  if (row.sessionExpiresAt <= clock.now()) return null;
  return {
    ctx: { db, accountId: row.accountId, clock },
    sessionId,
    customerId: row.customerId,
    returnUrl: row.returnUrl,
    seller: row.account.name,
    locale: row.locale,
    preferredLocale: row.customer.preferredLocale,
  };
}

/** The portal's CSRF token: an HMAC of the session id (never stored), sent back in X-CSRF-Token. */
export async function portalCsrf(sessionId: number): Promise<string> {
  return createHmac("sha256", await getSecret("preview"))
    .update(`portal-csrf:${sessionId}`)
    .digest("base64url");
}

export async function requirePortalCsrf(sessionId: number, given: string | null | undefined): Promise<void> {
  if (!sameText(given ?? "", await portalCsrf(sessionId)))
    throw new DomainError("forbidden", "The page is out of date or the request did not come from it; reload the page.");
}

/** Ends the session (sign out): the cookie stops working at once. */
export async function endPortalSession(db: Db, sessionId: number, now: Date) {
  await db.portalSession.updateMany({ where: { id: sessionId }, data: { sessionExpiresAt: now } });
}

export interface SignInMailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/**
 * "E-mail me a sign-in link": when a customer of the account has this address and e-mail is configured, a
 * portal link (MAILED_LINK_MINUTES) is mailed to it. The caller answers the same whatever happens here, so the
 * form tells nobody whether the address is known.
 */
export async function mailSignInLink(ctx: Ctx, email: string, mailer: SignInMailer | null): Promise<boolean> {
  if (!mailer) return false;
  const address = email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(address) || address.length > 254) return false;
  const customer = await ctx.db.customer.findFirst({
    where: { accountId: ctx.accountId, email: { equals: address, mode: "insensitive" } },
    orderBy: { id: "asc" },
    select: { id: true, email: true, preferredLocale: true },
  });
  if (!customer?.email) return false;
  const t = translator(resolveLocale({ preference: customer.preferredLocale }), "portalLink");
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.accountId }, select: { name: true } });
  const { token } = await newSession(ctx, customer.id, null, "email");
  await mailer.send({
    to: customer.email,
    subject: t("mailSubject", { seller: account.name }),
    text: [
      t("mailIntro", { seller: account.name }),
      "",
      `${portalBase(ctx)}${PORTAL_PATH}/${token}`,
      "",
      t("mailOutro", { minutes: MAILED_LINK_MINUTES }),
    ].join("\n"),
  });
  return true;
}
