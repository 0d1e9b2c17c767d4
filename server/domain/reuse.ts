// Short reuse of figures that cost a large account hundreds of milliseconds (the dashboard's renewals, the
// analytics' current month). NOTE: an answer is kept for at most a minute of both the account's clock and
// real time (a test clock standing still does not keep it longer, one moved back does not read it), and only
// when `keep` finds it large; smaller answers are computed on every call. Calls that overlap share one
// computation. Per process: each app process keeps its own.
const REUSE_MS = 60_000;
const MAX_KEYS = 1_000;

export interface Kept<V> {
  /** the account clock's instant it was computed for */
  now: number;
  computedAt: number;
  value: Promise<V>;
}

/** `compute()`'s answer, or the one kept for `key` within the minute. */
export function reusedWhenLarge<V>(
  store: Map<string, Kept<V>>,
  key: string,
  now: Date,
  compute: () => Promise<V>,
  keep: (value: V) => boolean,
): Promise<V> {
  const kept = store.get(key);
  const age = now.getTime() - (kept?.now ?? 0);
  if (kept && age >= 0 && age < REUSE_MS && performance.now() - kept.computedAt < REUSE_MS) return kept.value;
  const value = compute();
  if (store.size >= MAX_KEYS) store.clear();
  store.set(key, { now: now.getTime(), computedAt: performance.now(), value });
  const forget = () => {
    if (store.get(key)?.value === value) store.delete(key);
  };
  value.then((answer) => {
    if (!keep(answer)) forget();
  }, forget);
  return value;
}
