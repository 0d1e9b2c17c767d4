// "E-mail me a sign-in link" on the portal's expired-link page is throttled like sign-ins (failures.ts): every
// request counts, 5 per address and 3 per e-mail address in 15 minutes; beyond that the form answers 429.
// The answer is otherwise the same whether or not the address is known.
import { type Bucket, reserveAttempt } from "./failures";

const WINDOW_MS = 15 * 60_000;

export async function portalLinkThrottle(address: string, email: string, now = new Date()): Promise<number> {
  const buckets: Bucket[] = [
    { kind: "portal_link_address", key: address, max: 5, windowMs: WINDOW_MS },
    { kind: "portal_link_email", key: email.trim().toLowerCase().slice(0, 254), max: 3, windowMs: WINDOW_MS },
  ];
  const r = await reserveAttempt(buckets, now);
  return r.ok ? 0 : r.retryAfterSeconds;
}
