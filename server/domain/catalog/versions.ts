// Which price version is "current" at an instant (pure).
export interface VersionLike {
  id: number;
  effectiveFrom: Date | null;
  effectiveTo: Date | null;
}

export const isEffectiveAt = (v: VersionLike, at: Date) =>
  (!v.effectiveFrom || v.effectiveFrom <= at) && (!v.effectiveTo || at < v.effectiveTo);

/**
 * The version in effect at `at`; when none is, the next future one (a price whose first version has not
 * started yet), else the latest past one. `currentlyEffective` tells which case applied.
 */
export function displayedVersion<V extends VersionLike>(
  versions: V[],
  at: Date,
): { version: V; currentlyEffective: boolean } | null {
  if (!versions.length) return null;
  const inEffect = versions.find((v) => isEffectiveAt(v, at));
  if (inEffect) return { version: inEffect, currentlyEffective: true };
  const future = versions
    .filter((v) => v.effectiveFrom && v.effectiveFrom > at)
    .sort((a, b) => +a.effectiveFrom! - +b.effectiveFrom!);
  if (future.length) return { version: future[0], currentlyEffective: false };
  const past = [...versions].sort((a, b) => +(b.effectiveTo ?? 0) - +(a.effectiveTo ?? 0));
  return { version: past[0], currentlyEffective: false };
}

/** Versions sorted by start (open start first). */
export const sortVersions = <V extends VersionLike>(versions: V[]) =>
  [...versions].sort(
    (a, b) => (a.effectiveFrom?.getTime() ?? -Infinity) - (b.effectiveFrom?.getTime() ?? -Infinity) || a.id - b.id,
  );
