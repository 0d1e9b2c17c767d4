// Wrong subscriber-page tokens are throttled per client address (failures.ts, kind "subscriber_token"): after
// 20 wrong tokens in 15 minutes every subscriber-page request from that address is refused (429 with
// Retry-After) until old failures leave the window. The tokens themselves carry 192 random bits, so this
// bounds load and noise rather than guessing odds. The address is the app server's (server/clientAddress.ts):
// a header the client writes can neither spread its guesses over invented addresses nor lock out someone else's.
import { type Bucket, recordFailure, retryAfterSeconds } from "./failures";

export const MAX_WRONG_TOKENS = 20;
export const TOKEN_WINDOW_MS = 15 * 60_000;

const bucket = (address: string): Bucket => ({
  kind: "subscriber_token",
  key: address,
  max: MAX_WRONG_TOKENS,
  windowMs: TOKEN_WINDOW_MS,
});

/** Seconds this address must wait before its next subscriber-page request, or 0 when it may go on. */
export function tokenThrottle(address: string, now = new Date()): Promise<number> {
  return retryAfterSeconds(bucket(address), now);
}

export function wrongToken(address: string, now = new Date()): Promise<void> {
  return recordFailure([bucket(address)], now);
}
