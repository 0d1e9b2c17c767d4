// Sign-in throttling, in 15-minute windows (failures.ts): an address that failed 5 times for one email is
// refused for that email, and one that failed 10 times for any emails is refused for all; an email's failures
// from everywhere only slow its sign-ins down (exponentially, at most 2 s), never refuse them, so nobody can
// lock a seller out: the right password from an address without failures always gets in. Unknown emails
// count exactly like known ones, so the answer reveals nothing. The address is the one the app server
// derived from the socket (server/clientAddress.ts), never a header the client wrote.
import { getDb } from "@/server/db";
import { type Bucket, releaseAttempt, reserveAttempt } from "./failures";

export const WINDOW_MS = 15 * 60_000;
/** Failures of one email from one address before that pair is refused. */
export const MAX_EMAIL_ADDRESS_FAILURES = 5;
/** Failures from one address (any emails) before the address is refused. */
export const MAX_ADDRESS_FAILURES = 10;
/** An email's failures (from anywhere) that cost nothing; each further one doubles the delay. */
export const FREE_EMAIL_FAILURES = 3;
export const FIRST_DELAY_MS = 250;
export const MAX_DELAY_MS = 2_000;

export const emailKey = (email: string) => email.trim().toLowerCase().slice(0, 320);

export type Attempt =
  | { allowed: true; email: string; address: string; ids: bigint[]; delayMs: number }
  | { allowed: false; retryAfterSeconds: number };

/** How long a sign-in waits after `failures` recent failures of its email: 0, then 250 ms doubling up to 2 s. */
export function emailDelayMs(failures: number): number {
  if (failures <= FREE_EMAIL_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_EMAIL_FAILURES - 1));
}

const buckets = (email: string, address: string): Bucket[] => [
  { kind: "email_address", key: `${address} ${email}`, max: MAX_EMAIL_ADDRESS_FAILURES, windowMs: WINDOW_MS },
  { kind: "address", key: address, max: MAX_ADDRESS_FAILURES, windowMs: WINDOW_MS },
  // never refuses: its count sets the delay
  { kind: "email", key: email, max: Number.POSITIVE_INFINITY, windowMs: WINDOW_MS },
];

/** Records the attempt as a failure up front (so concurrent guesses count against each other) and decides. */
export async function beginAttempt(email: string, address: string, now = new Date()): Promise<Attempt> {
  const key = emailKey(email);
  const r = await reserveAttempt(buckets(key, address), now);
  if (!r.ok) return { allowed: false, retryAfterSeconds: r.retryAfterSeconds };
  return { allowed: true, email: key, address, ids: r.ids, delayMs: emailDelayMs(r.before[2]) };
}

/**
 * A successful sign-in is no failure, and clears its email's failures from this address (the address knows the
 * password). The email's failures from elsewhere stay: they still slow down whoever is guessing it.
 */
export async function attemptSucceeded(a: Extract<Attempt, { allowed: true }>): Promise<void> {
  await releaseAttempt(a.ids);
  await getDb().loginAttempt.deleteMany({ where: { kind: "email_address", key: `${a.address} ${a.email}` } });
}
