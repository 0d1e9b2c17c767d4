// A billable metric's filters as the console's form reads and shows them: a JSON object
// (`{"region": ["eu", "us"]}`) or a list of `key=value` separated by ";" or new lines, a key repeated for
// several values (`region=eu; region=us`). The server checks the names and values themselves.
export type MetricFilters = Record<string, string | string[]>;

export function parseMetricFilters(text: string): { filters?: MetricFilters; error?: string } {
  const trimmed = text.trim();
  if (trimmed === "") return {};
  if (trimmed.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return { filters: parsed as MetricFilters };
    } catch {
      // worded below
    }
    return { error: 'Not a JSON object such as {"region": ["eu", "us"]}.' };
  }
  const filters: Record<string, string[]> = {};
  for (const part of trimmed.split(/[;\n]/)) {
    if (part.trim() === "") continue;
    const at = part.indexOf("=");
    const key = part.slice(0, Math.max(at, 0)).trim();
    if (at < 0 || key === "") return { error: `“${part.trim()}” is not key=value.` };
    filters[key] = [...(filters[key] ?? []), part.slice(at + 1).trim()];
  }
  return { filters: Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v.length === 1 ? v[0] : v])) };
}

/** The filters as one line of the table: `region = eu or us; tier = gold`, "" when there are none. */
export const metricFiltersText = (filters: MetricFilters): string =>
  Object.entries(filters)
    .map(([k, v]) => `${k} = ${(Array.isArray(v) ? v : [v]).join(" or ")}`)
    .join("; ");
