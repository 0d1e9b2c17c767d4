// Get-or-compute for the in-process memos of pure results (pricing, formatting). Bounded maps are
// emptied when full instead of tracking recency: the hot path stays one lookup, and a refill is cheap.

/** `map`'s value for `key`, computed by `make` and kept when missing; a map holding `limit` entries is emptied first. */
export function memoized<K, V>(map: Map<K, V>, key: K, limit: number, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    if (map.size >= limit) map.clear();
    map.set(key, (value = make()));
  }
  return value;
}

/** The same for values kept per object (they go when the object does). */
export function memoizedOn<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}
