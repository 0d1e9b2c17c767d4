// Wrong subscriber-page tokens are throttled per client address, in the sign-in throttle's table
// (login_attempts, kind "subscriber_token"): after 20 wrong tokens in 15 minutes every subscriber-page
// request from that address is refused until old failures leave the window. The tokens themselves carry
// 192 random bits, so this bounds load and noise rather than guessing odds.
import { getDb } from "@/server/db";

export const MAX_WRONG_TOKENS = 20;
export const TOKEN_WINDOW_MS = 15 * 60_000;
const KIND = "subscriber_token";

export async function tokenThrottled(address: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - TOKEN_WINDOW_MS);
  const n = await getDb().loginAttempt.count({ where: { kind: KIND, key: address, at: { gte: since } } });
  return n >= MAX_WRONG_TOKENS;
}

export async function wrongToken(address: string, now = new Date()): Promise<void> {
  const db = getDb();
  await db.loginAttempt.deleteMany({ where: { kind: KIND, at: { lt: new Date(now.getTime() - TOKEN_WINDOW_MS) } } });
  await db.loginAttempt.create({ data: { kind: KIND, key: address, at: now } });
}
