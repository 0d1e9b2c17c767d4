// Seller users of the admin console: the one place sign-in touches the database.

import { setTimeout as sleep } from "node:timers/promises";
import bcrypt from "bcryptjs";
import { clientAddress } from "@/server/clientAddress";
import { getDb } from "@/server/db";
import { attemptSucceeded, beginAttempt } from "./throttle";

export interface SellerUser {
  id: number;
  email: string;
  name: string;
  accountId: number;
  sessionVersion: number;
}

// Compared against when the email is unknown, so both failures take as long as a real check.
const DUMMY_HASH = "$2b$10$QxG3qJbRmcaWGdffkQvJue87Spre3AW5T1qOrbaWIf5WCcbnoVAse";

/** The user with this email and password, or null (unknown email, disabled user and wrong password look the same). */
export async function verifyCredentials(email: string, password: string): Promise<SellerUser | null> {
  const normalized = email.trim();
  if (!normalized || !password || normalized.length > 320 || password.length > 1000) return null;
  // NUL or a lone surrogate matches no user, and PostgreSQL would refuse the query (a 500, not a failed sign-in)
  if (/[\0\p{Cs}]/u.test(normalized + password)) return null;
  const user = await getDb().user.findFirst({ where: { email: { equals: normalized, mode: "insensitive" } } });
  const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok || user.disabledAt) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    accountId: user.accountId,
    sessionVersion: user.sessionVersion,
  };
}

/** The refusal's code (next-auth passes a thrown error's message on as `error`). */
export const TOO_MANY_ATTEMPTS = "TooManyAttempts";

/** Thrown when the client address has too many recent failures (for this email, or for any). */
export class SignInThrottled extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(TOO_MANY_ATTEMPTS);
  }
}

/**
 * A sign-in attempt from a client: refused when its address is throttled, slowed down while its email is
 * being guessed (throttle.ts), then the password check.
 */
export async function signInWithPassword(
  email: string,
  password: string,
  headers: Headers | Record<string, string | string[] | undefined>,
): Promise<SellerUser | null> {
  const attempt = await beginAttempt(email, clientAddress(headers));
  if (!attempt.allowed) throw new SignInThrottled(attempt.retryAfterSeconds);
  if (attempt.delayMs) await sleep(attempt.delayMs);
  const user = await verifyCredentials(email, password);
  if (user) await attemptSucceeded(attempt);
  return user;
}
