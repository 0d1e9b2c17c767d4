// Sign-in throttling: at most 10 failed attempts per account email and per client address in any
// 15 minutes; beyond that every attempt is refused (even with the right password) until old failures
// leave the window. Unknown emails count exactly like known ones, so the answer reveals nothing.
// Each attempt is recorded before the password check, so concurrent guesses count against each other.
import { getDb } from "@/server/db";

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(h: HeaderSource, name: string): string | undefined {
  const v = h instanceof Headers ? (h.get(name) ?? undefined) : h[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The client's address: the first `X-Forwarded-For` entry (the proxy in front appends to what the client
 * sent; without a proxy, Next.js fills it from the socket), else `X-Real-IP`.
 */
export function clientAddress(h: HeaderSource): string {
  const forwarded = header(h, "x-forwarded-for")?.split(",")[0]?.trim();
  return (forwarded || header(h, "x-real-ip")?.trim() || "unknown").slice(0, 100);
}

export const emailKey = (email: string) => email.trim().toLowerCase().slice(0, 320);

export interface Attempt {
  allowed: boolean;
  email: string;
  address: string;
  ids: bigint[];
}

/** Records an attempt; `allowed` false when the email or the address already has 10 failures in the window. */
export async function beginAttempt(email: string, address: string, now = new Date()): Promise<Attempt> {
  const db = getDb();
  const key = emailKey(email);
  const since = new Date(now.getTime() - WINDOW_MS);
  await db.loginAttempt.deleteMany({ where: { at: { lt: since } } });
  const rows = await db.loginAttempt.createManyAndReturn({
    data: [
      { kind: "email", key, at: now },
      { kind: "address", key: address, at: now },
    ],
    select: { id: true },
  });
  const ids = rows.map((r) => r.id);
  const [byEmail, byAddress] = await Promise.all([
    db.loginAttempt.count({ where: { kind: "email", key, at: { gte: since } } }),
    db.loginAttempt.count({ where: { kind: "address", key: address, at: { gte: since } } }),
  ]);
  // this attempt is one of the counted rows: refused when 10 failures came before it
  const allowed = byEmail <= MAX_FAILURES && byAddress <= MAX_FAILURES;
  // a refused attempt is not a failure of its own (else a steady attacker would lock the account for good)
  if (!allowed) await db.loginAttempt.deleteMany({ where: { id: { in: ids } } });
  return { allowed, email: key, address, ids };
}

/** A successful sign-in clears the email's failures (and does not count against the address). */
export async function attemptSucceeded(a: Attempt): Promise<void> {
  await getDb().loginAttempt.deleteMany({ where: { OR: [{ kind: "email", key: a.email }, { id: { in: a.ids } }] } });
}
