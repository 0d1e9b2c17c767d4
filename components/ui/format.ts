// Display helpers (browser locale and time zone).
export function formatDateTime(iso: string | null | undefined, empty = "—"): string {
  if (!iso) return empty;
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** "12.5000" + "EUR" → "12.50 EUR" (all four digits kept when they matter). */
export function formatAmount(amount: string, currency?: string): string {
  const trimmed = amount.replace(/^(-?\d+\.\d\d)00$/, "$1");
  return currency ? `${trimmed} ${currency}` : trimmed;
}

/** Local wall-clock value of an <input type="datetime-local"> → ISO 8601 in UTC. */
export function localInputToIso(value: string): string {
  return new Date(value).toISOString();
}
