// The subscriber page's request checks (transport): the request must come from a page of this service
// (Origin, else Sec-Fetch-Site), the client must not be throttled for wrong tokens, the token must name
// a contract, and changes must carry the page's CSRF token. Also the page loader's access check.

import { tokenThrottle, wrongToken } from "@/server/auth/subscriberThrottle";
import { clientAddress } from "@/server/clientAddress";
import type { Clock } from "@/server/clock";
import { getDb } from "@/server/db";
import { DomainError, TooManyAttempts } from "@/server/domain/errors";
import { refusedToken, requireCsrf, type SubscriberAccess, subscriberAccess } from "@/server/domain/selfService/access";

export const CSRF_HEADER = "x-csrf-token";
export const TOO_MANY_TOKENS = "Too many attempts; try again later.";

/** True when the browser says the request came from this service's own pages. */
export function sameOrigin(headers: Headers): boolean {
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  const origin = headers.get("origin");
  if (origin) {
    try {
      return !!host && new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  return headers.get("sec-fetch-site") === "same-origin";
}

export type Gate =
  | { ok: true; access: SubscriberAccess }
  | { ok: false; status: 403 | 404 }
  /** a rotated or expired link: the page says so, naming the seller */
  | { ok: false; status: 410; seller: string }
  | { ok: false; status: 429; retryAfterSeconds: number };

/** Everything a subscriber-page request must pass before the action runs; `mutation` adds origin and CSRF. */
export async function subscriberGate(headers: Headers, token: string, base: Clock, mutation: boolean): Promise<Gate> {
  if (mutation && !sameOrigin(headers)) return { ok: false, status: 403 };
  const address = clientAddress(headers);
  const wait = await tokenThrottle(address);
  if (wait) return { ok: false, status: 429, retryAfterSeconds: wait };
  const access = await subscriberAccess(getDb(), token, base);
  if (!access) {
    const refused = await refusedToken(getDb(), token, base);
    if (refused) return { ok: false, status: 410, seller: refused.seller };
    await wrongToken(address);
    return { ok: false, status: 404 };
  }
  if (mutation) await requireCsrf(token, headers.get(CSRF_HEADER));
  return { ok: true, access };
}

/** A refused gate as the error the request wrapper answers with (429 with Retry-After, 403, 404). */
export const gateError = (gate: Extract<Gate, { ok: false }>) =>
  gate.status === 429
    ? new TooManyAttempts(TOO_MANY_TOKENS, gate.retryAfterSeconds)
    : gate.status === 404
      ? new DomainError("not_found", "Not found.")
      : gate.status === 410
        ? new DomainError("gone", `This link has expired. Ask ${gate.seller} for a new one.`)
        : new DomainError("forbidden", "Cross-site request refused.");
