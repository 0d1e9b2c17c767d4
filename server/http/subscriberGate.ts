// The subscriber page's request checks (transport): the request must come from a page of this service
// (Origin, else Sec-Fetch-Site), the client must not be throttled for wrong tokens, the token must name
// a contract, and changes must carry the page's CSRF token. Also the page loader's access check.

import { tokenThrottled, wrongToken } from "@/server/auth/subscriberThrottle";
import { clientAddress } from "@/server/auth/throttle";
import type { Clock } from "@/server/clock";
import { getDb } from "@/server/db";
import { DomainError } from "@/server/domain/errors";
import { requireCsrf, type SubscriberAccess, subscriberAccess } from "@/server/domain/selfService/access";

export const CSRF_HEADER = "x-csrf-token";

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

export type Gate = { ok: true; access: SubscriberAccess } | { ok: false; status: 403 | 404 | 429 };

/** Everything a subscriber-page request must pass before the action runs; `mutation` adds origin and CSRF. */
export async function subscriberGate(headers: Headers, token: string, base: Clock, mutation: boolean): Promise<Gate> {
  if (mutation && !sameOrigin(headers)) return { ok: false, status: 403 };
  const address = clientAddress(headers);
  if (await tokenThrottled(address)) return { ok: false, status: 429 };
  const access = await subscriberAccess(getDb(), token, base);
  if (!access) {
    await wrongToken(address);
    return { ok: false, status: 404 };
  }
  if (mutation) await requireCsrf(token, headers.get(CSRF_HEADER));
  return { ok: true, access };
}

export const gateError = (status: 403 | 404 | 429) =>
  status === 404
    ? new DomainError("not_found", "Not found.")
    : new DomainError(
        "forbidden",
        status === 429 ? "Too many attempts; try again later." : "Cross-site request refused.",
      );
