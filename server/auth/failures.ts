// Failures counted in a sliding window, for every throttle of the service (sign-in, wrong subscriber-page
// tokens, promotion codes): one login_attempts row (kind, key, at) per failure, rows older than their window
// pruned on the way. A guarded attempt is recorded before it is checked (reserve), so concurrent guesses
// count against each other, and taken back when it succeeds (release).
import { getDb } from "@/server/db";

/** One counter: failures of `kind` for `key` (an email, an address, a session…), at most `max` in `windowMs`. */
export interface Bucket {
  kind: string;
  key: string;
  max: number;
  windowMs: number;
}

export type Reservation =
  | { ok: true; ids: bigint[] /** failures per bucket before this attempt */; before: number[] }
  | { ok: false; retryAfterSeconds: number };

const since = (b: Bucket, now: Date) => new Date(now.getTime() - b.windowMs);

/** Failures in the bucket's window. */
export function failures(b: Bucket, now: Date): Promise<number> {
  return getDb().loginAttempt.count({ where: { kind: b.kind, key: b.key, at: { gte: since(b, now) } } });
}

/** Seconds until the bucket has room for one more failure (0 when it has room now). */
export async function retryAfterSeconds(b: Bucket, now: Date): Promise<number> {
  const n = await failures(b, now);
  if (n < b.max) return 0;
  // the bucket has room once n − max + 1 failures have left the window: when the (n − max + 1)-th oldest does
  const [row] = await getDb().loginAttempt.findMany({
    where: { kind: b.kind, key: b.key, at: { gte: since(b, now) } },
    orderBy: { at: "asc" },
    skip: n - b.max,
    take: 1,
    select: { at: true },
  });
  return row ? Math.max(1, Math.ceil((row.at.getTime() + b.windowMs - now.getTime()) / 1000)) : 1;
}

async function prune(buckets: Bucket[], now: Date) {
  const windowMs = Math.max(...buckets.map((b) => b.windowMs));
  const kinds = [...new Set(buckets.map((b) => b.kind))];
  await getDb().loginAttempt.deleteMany({
    where: { kind: { in: kinds }, at: { lt: new Date(now.getTime() - windowMs) } },
  });
}

/** Records one failure in each bucket (a failure known after the fact: nothing to reserve). */
export async function recordFailure(buckets: Bucket[], now = new Date()): Promise<void> {
  await prune(buckets, now);
  await getDb().loginAttempt.createMany({ data: buckets.map((b) => ({ kind: b.kind, key: b.key, at: now })) });
}

/**
 * Counts this attempt as a failure in every bucket first, then refuses it (taking the rows back) when a bucket
 * already held `max` failures; refused attempts are not failures of their own, so a steady attacker cannot
 * push the window forward forever. Release the reservation when the attempt succeeds.
 */
export async function reserveAttempt(buckets: Bucket[], now = new Date()): Promise<Reservation> {
  const db = getDb();
  await prune(buckets, now);
  const rows = await db.loginAttempt.createManyAndReturn({
    data: buckets.map((b) => ({ kind: b.kind, key: b.key, at: now })),
    select: { id: true },
  });
  const ids = rows.map((r) => r.id);
  const counts = await Promise.all(buckets.map((b) => failures(b, now)));
  // this attempt is one of the counted rows
  const full = buckets.filter((b, i) => counts[i] > b.max);
  if (!full.length) return { ok: true, ids, before: counts.map((n) => n - 1) };
  await releaseAttempt(ids);
  const waits = await Promise.all(full.map((b) => retryAfterSeconds(b, now)));
  return { ok: false, retryAfterSeconds: Math.max(1, ...waits) };
}

/** An attempt that succeeded is no failure: its reserved rows go. */
export async function releaseAttempt(ids: bigint[]): Promise<void> {
  if (ids.length) await getDb().loginAttempt.deleteMany({ where: { id: { in: ids } } });
}
