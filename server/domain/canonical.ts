/** Stable JSON (sorted keys, undefined and `omit` keys left out at every level) for hashing requests. */
export function canonicalJson(v: unknown, omit: ReadonlySet<string> = new Set()): string {
  if (Array.isArray(v)) return `[${v.map((x) => canonicalJson(x, omit)).join(",")}]`;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined && !omit.has(k))
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k], omit)}`)
      .join(",")}}`;
  }
  return JSON.stringify(v ?? null);
}
