// A quote or projected line of a metered price: the engine prices it at 0 now and explains it as "billed by
// usage in arrears: <pricing description> …" (server/domain/pricing/amounts.ts). Pages show such a line as
// "Billed by usage" with its pricing, never as a 0.00 amount.
const PREFIX = "billed by usage in arrears: ";

/** The pricing description of a metered line's explanation ("graduated tiers 0–1000 × 0.0000, …"), or null. */
export function usagePricingOf(explanation: string | null | undefined): string | null {
  if (!explanation?.startsWith(PREFIX)) return null;
  const rest = explanation.slice(PREFIX.length);
  // what follows the description: a discount, a proration, the period, then "= 0.0000"
  const end = rest.search(/ (?:x \(|x \d|for |= )/);
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}
