/** Stable JSON (sorted keys, undefined and `omit` keys left out at every level) for hashing requests. */
export function canonicalJson(value: unknown, omit: ReadonlySet<string> = new Set()): string {
  if (Array.isArray(value)) return `[${value.map((x) => canonicalJson(x, omit)).join(",")}]`;
  if (value && typeof value === "object") {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .sort()
      .filter((k) => object[k] !== undefined && !omit.has(k))
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k], omit)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
