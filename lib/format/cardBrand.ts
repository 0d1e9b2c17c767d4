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
