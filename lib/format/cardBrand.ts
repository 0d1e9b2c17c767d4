// A card brand as people write it. Stored data and the REST API keep the processor's lower-case identifiers
// ("visa", "amex"); every text a person reads names the brand through this one map. Brand names are proper
// nouns, the same in every language, so they are not in messages/*.json.
const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  maestro: "Maestro",
};

/** "visa" → "Visa", "amex" → "American Express"; an identifier not in the map with its first letter capitalised. */
export const cardBrandLabel = (brand: string): string => BRANDS[brand] ?? brand.replace(/^\w/, (c) => c.toUpperCase());

/**
 * The brand's name, or null when the processor did not say which brand it is: "card" is what a number no known
 * brand claims is stored as (payments/methods.ts brandOf), and capitalising it would put the English word "Card"
 * on a page in any language; customer-facing texts say "card" in the reader's language instead.
 */
export const brandName = (brand: string | null | undefined): string | null =>
  brand && brand !== "card" ? cardBrandLabel(brand) : null;
