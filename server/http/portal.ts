// The customer portal's transport (issue 33): opening a portal link (/portal/<token>: the one-time token becomes
// the session cookie, scoped to /portal), the refusal page of a used or expired link with its "E-mail me a
// sign-in link" form, and the cookie check of the portal's pages and actions. The rules are
// domain/portal/sessions.ts.

import { portalLinkThrottle } from "@/server/auth/portalLinkThrottle";
import { tokenThrottle, wrongToken } from "@/server/auth/subscriberThrottle";
import { clientAddress } from "@/server/clientAddress";
import { accountClock } from "@/server/clock";
import { getDb } from "@/server/db";
import { DomainError } from "@/server/domain/errors";
import {
  endPortalSession,
  exchangePortalToken,
  mailSignInLink,
  PORTAL_COOKIE,
  PORTAL_PATH,
  type PortalAccess,
  portalAccess,
  portalCsrf,
  requirePortalCsrf,
} from "@/server/domain/portal/sessions";
import { customerContract, portalView } from "@/server/domain/portal/view";
import { receiptForSubscriber } from "@/server/domain/receipts/receipt";
import { creditNoteDocumentForSubscriber } from "@/server/domain/refunds/creditNoteDocument";
import { translator } from "@/server/i18n/catalog";
import { type Locale, resolveLocale } from "@/server/i18n/locales";
import { log } from "@/server/log";
import { noticeMailerFromConfig } from "@/server/mail";
import { requestBaseClock } from "@/server/requestClock";
import { servedOverHttps } from "./securityHeaders";
import { CSRF_HEADER, sameOrigin } from "./subscriberGate";

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const STYLE =
  "body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}main{max-width:32rem;margin:0 auto;padding:1.5rem}" +
  "section{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px #0002}h1{font-size:1.4rem}" +
  "label{display:block;font-weight:600;margin:1rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #64748b;border-radius:.4rem;font-size:1rem}" +
  "button{margin-top:.75rem;padding:.6rem 1rem;border:0;border-radius:.4rem;background:#1d4ed8;color:#fff;font-size:1rem}";

/** A short page of the portal's own (no React: it must answer with its status, which pages cannot). */
function htmlPage(
  status: number,
  title: string,
  body: string,
  headers: Record<string, string> = {},
  locale: Locale = "en",
): Response {
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><section><h1>${escapeHtml(title)}</h1>${body}</section></main></body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** "This link has expired — ask <seller> for a new one", with the sign-in form when the seller is known. */
export function expiredLinkPage(
  seller: string | null,
  accountId: number | null,
  status = 410,
  locale: Locale = "en",
): Response {
  const t = translator(locale, "portalLink");
  const form =
    accountId !== null
      ? `<form method="post" action="${PORTAL_PATH}/sign-in-link"><input type="hidden" name="account" value="${accountId}">` +
        `<label for="email">${escapeHtml(t("email"))}</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254">` +
        `<button type="submit">${escapeHtml(t("sendLink"))}</button></form>`
      : "";
  const text = seller ? t("expiredBody", { seller }) : t("expiredBodyAnon");
  return htmlPage(status, t("expiredTitle"), `<p>${escapeHtml(text)}</p>${form}`, {}, locale);
}

/** The browser's language for the portal's own pages (no session yet: Accept-Language, else English). */
const browserLocale = (req: Request) => resolveLocale({ acceptLanguage: req.headers.get("accept-language") });

/** GET /portal/<token>: the first visit opens the portal (303 to /portal with the session cookie). */
export async function openPortalLink(req: Request, token: string): Promise<Response> {
  const address = clientAddress(req.headers);
  const locale = browserLocale(req);
  const t = translator(locale, "portalLink");
  if (await tokenThrottle(address))
    return htmlPage(429, t("tooManyAttempts"), `<p>${escapeHtml(t("waitTryAgain"))}</p>`, {}, locale);
  const opened = await exchangePortalToken(getDb(), token, requestBaseClock());
  if (opened.kind === "unknown") {
    await wrongToken(address);
    return expiredLinkPage(null, null, 404, locale);
  }
  if (opened.kind === "expired") return expiredLinkPage(opened.seller, opened.accountId, 410, locale);
  const secure = servedOverHttps(req.url, req.headers) ? "; Secure" : "";
  return new Response(null, {
    status: 303,
    headers: {
      location: PORTAL_PATH,
      "cache-control": "no-store",
      "set-cookie": `${PORTAL_COOKIE}=${opened.cookie}; Path=${PORTAL_PATH}; Max-Age=${opened.maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`,
    },
  });
}

/** POST /portal/sign-in-link (the form above): the same answer whether or not the address is known. */
export async function signInLinkForm(req: Request): Promise<Response> {
  const locale = browserLocale(req);
  const t = translator(locale, "portalLink");
  if (!sameOrigin(req.headers))
    return htmlPage(403, t("refused"), `<p>${escapeHtml(t("refusedBody"))}</p>`, {}, locale);
  const form = await req.formData().catch(() => null);
  const email = String(form?.get("email") ?? "").slice(0, 300);
  const accountId = Number(form?.get("account"));
  const wait = await portalLinkThrottle(clientAddress(req.headers), email);
  if (wait)
    return htmlPage(
      429,
      t("tooManyRequests"),
      `<p>${escapeHtml(t("waitTryAgain"))}</p>`,
      { "retry-after": String(wait) },
      locale,
    );
  if (Number.isSafeInteger(accountId) && accountId > 0 && email) {
    const db = getDb();
    const account = await db.account.findUnique({
      where: { id: accountId },
      select: { mode: true, testClockAt: true },
    });
    if (account) {
      // mailed after the answer would leak timing less, but a failed send must be logged either way
      await mailSignInLink(
        { db, accountId, clock: accountClock(account, requestBaseClock()), baseUrl: new URL(req.url).origin },
        email,
        noticeMailerFromConfig(),
      ).catch((err) => log.error({ err }, "portal sign-in link mail failed"));
    }
  }
  return htmlPage(200, t("checkEmail"), `<p>${escapeHtml(t("checkEmailBody"))}</p>`, {}, locale);
}

/**
 * POST /portal/sign-out (the portal's "Sign out" form): the session ends at once and the cookie is cleared,
 * whatever the form carried; only a cross-site post is refused (it could sign a customer out, nothing more).
 */
export async function signOutForm(req: Request): Promise<Response> {
  const access = await portalAccess(getDb(), portalCookieOf(req.headers), requestBaseClock());
  const locale = resolveLocale({
    session: access?.locale,
    preference: access?.preferredLocale,
    acceptLanguage: req.headers.get("accept-language"),
  });
  const t = translator(locale, "portalLink");
  if (!sameOrigin(req.headers))
    return htmlPage(403, t("refused"), `<p>${escapeHtml(t("refusedBody"))}</p>`, {}, locale);
  if (access) await endPortalSession(getDb(), access.sessionId, access.ctx.clock.now());
  const back = access?.returnUrl
    ? `<p><a href="${escapeHtml(access.returnUrl)}">${escapeHtml(t("returnTo", { seller: access.seller }))}</a></p>`
    : "";
  const secure = servedOverHttps(req.url, req.headers) ? "; Secure" : "";
  return htmlPage(
    200,
    t("signedOut"),
    `<p>${escapeHtml(t("signedOutBody"))}</p>${back}`,
    {
      "set-cookie": `${PORTAL_COOKIE}=; Path=${PORTAL_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
    },
    locale,
  );
}

/** The portal session of a page request's cookie header, with its CSRF token; null: sign-in needed. */
export async function portalPageAccess(cookie: string | undefined): Promise<(PortalAccess & { csrf: string }) | null> {
  const access = await portalAccess(getDb(), cookie, requestBaseClock());
  return access ? { ...access, csrf: await portalCsrf(access.sessionId) } : null;
}

/** The portal cookie's value from a request's Cookie header. */
export function portalCookieOf(headers: Headers): string | undefined {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === PORTAL_COOKIE) return value.join("=");
  }
  return undefined;
}

/** Every portal action's checks: same origin, a live session cookie, the page's CSRF token. */
export async function portalGate(headers: Headers): Promise<PortalAccess> {
  if (!sameOrigin(headers)) throw new DomainError("forbidden", "Cross-site request refused.");
  const access = await portalAccess(getDb(), portalCookieOf(headers), requestBaseClock());
  if (!access)
    throw new DomainError("unauthenticated", "Your session has ended. Open the portal again from the seller's site.");
  await requirePortalCsrf(access.sessionId, headers.get(CSRF_HEADER));
  return access;
}

/** The portal page's data: the session's view and CSRF token; null when there is no live session. */
export async function portalPageData(cookie: string | undefined) {
  const access = await portalPageAccess(cookie);
  if (!access) return null;
  const view = await portalView(access.ctx, access.customerId);
  return { access, view, now: access.ctx.clock.now().toISOString() };
}

/** One of the session's customer's contracts' page token (the portal embeds the subscriber page); null otherwise. */
export async function portalContractToken(cookie: string | undefined, contractId: number) {
  const access = await portalAccess(getDb(), cookie, requestBaseClock());
  if (!access) return null;
  const c = await customerContract(access.ctx, access.customerId, contractId).catch(() => null);
  return c?.subscriberToken ?? null;
}

/** A receipt of one of the session's customer's runs (null: no session, or not theirs). */
export async function portalReceipt(cookie: string | undefined, runId: number) {
  const access = await portalAccess(getDb(), cookie, requestBaseClock());
  if (!access) return null;
  const run = await access.ctx.db.billingRun.findFirst({
    where: { id: runId, accountId: access.ctx.accountId, contract: { customerId: access.customerId } },
    select: { contract: { select: { subscriberToken: true } } },
  });
  return run ? receiptForSubscriber(getDb(), run.contract.subscriberToken, runId) : null;
}

/** A credit note of one of the session's customer's contracts. */
export async function portalCreditNote(cookie: string | undefined, id: number) {
  const access = await portalAccess(getDb(), cookie, requestBaseClock());
  if (!access) return null;
  const note = await access.ctx.db.creditNote.findFirst({
    where: { id, accountId: access.ctx.accountId, customerId: access.customerId },
    select: { contractId: true },
  });
  if (!note) return null;
  const c = await customerContract(access.ctx, access.customerId, note.contractId);
  return creditNoteDocumentForSubscriber(getDb(), c.subscriberToken, id);
}
