// Exact per-second memo of read-only responses (quotes). A memoized endpoint computes as of whole
// seconds, so within one second the same account (at the same catalog version and clock) sending the
// same request body gets the same bytes: they are served again instead of recomputed. Entries live
// for the current wall-clock second only, so memory stays small and nothing outlives a catalog change
// by more than the staleness the catalog snapshot already allows (none while change notifications run).
import type { Clock } from "@/server/clock";

const MAX_ENTRIES = 2_000;
const MAX_BODY_CHARS = 16_384;

let second = -1;
let entries = new Map<string, string>();

function current(): Map<string, string> {
  const s = Math.floor(Date.now() / 1000);
  if (s !== second) {
    second = s;
    entries = new Map();
  }
  return entries;
}

/** The memo key of a request, or null when it must not be memoized. */
export function memoKey(
  accountId: number,
  catalogVersion: bigint | undefined,
  at: Date,
  path: string,
  body: string,
): string | null {
  if (catalogVersion === undefined || body.length > MAX_BODY_CHARS) return null;
  return `${accountId}|${catalogVersion}|${at.getTime()}|${path}|${body}`;
}

/** Counters for tests and benchmarks. */
export const memoStats = { hits: 0, stored: 0 };

export function memoGet(key: string): string | undefined {
  const hit = current().get(key);
  if (hit !== undefined) memoStats.hits++;
  return hit;
}

export function memoSet(key: string, json: string): void {
  const m = current();
  if (m.size >= MAX_ENTRIES) return;
  m.set(key, json);
  memoStats.stored++;
}

/** The instant a memoized request is computed at: its clock's current whole second, fixed for the request. */
export function wholeSecondClock(clock: Clock): { at: Date; clock: Clock } {
  const at = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
  return { at, clock: { now: () => new Date(at) } };
}
