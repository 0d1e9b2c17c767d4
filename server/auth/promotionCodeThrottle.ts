// Promotion codes tried in public (the checkout widget's quote/ and checkout/ routes) are throttled like
// passwords (failures.ts): at most 10 refused codes per checkout session and 30 per client address in any
// 15 minutes; beyond that every code attempt answers 429 with Retry-After, the right code included, so
// guessing learns nothing more. An attempt counts before its code is checked (concurrent guesses count
// against each other) and is taken back when the code was accepted. Requests naming no code are not limited.
import { clientAddress } from "@/server/clientAddress";
import { isDomainError, TooManyAttempts } from "@/server/domain/errors";
import { type Bucket, releaseAttempt, reserveAttempt } from "./failures";

export const CODE_WINDOW_MS = 15 * 60_000;
export const MAX_CODE_FAILURES_PER_SESSION = 10;
export const MAX_CODE_FAILURES_PER_ADDRESS = 30;
export const TOO_MANY_CODES = "Too many promotion code attempts; try again later.";

const buckets = (sessionId: number, address: string): Bucket[] => [
  {
    kind: "promotion_code_session",
    key: String(sessionId),
    max: MAX_CODE_FAILURES_PER_SESSION,
    windowMs: CODE_WINDOW_MS,
  },
  { kind: "promotion_code_address", key: address, max: MAX_CODE_FAILURES_PER_ADDRESS, windowMs: CODE_WINDOW_MS },
];

/** The code was refused: a 400 naming the promotion_code field (unknown, inactive, expired, used up…). */
const refusedCode = (e: unknown) =>
  isDomainError(e) && e.kind === "validation" && !!e.fields && Object.hasOwn(e.fields, "promotion_code");

/** Runs `attempt` (which tries a promotion code for the session) under the throttle; TooManyAttempts when over it. */
export async function throttlePromotionCode<T>(
  sessionId: number,
  headers: Headers,
  attempt: () => Promise<T>,
): Promise<T> {
  const r = await reserveAttempt(buckets(sessionId, clientAddress(headers)));
  if (!r.ok) throw new TooManyAttempts(TOO_MANY_CODES, r.retryAfterSeconds);
  try {
    const result = await attempt();
    await releaseAttempt(r.ids);
    return result;
  } catch (e) {
    if (!refusedCode(e)) await releaseAttempt(r.ids);
    throw e;
  }
}
