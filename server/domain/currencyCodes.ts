// ISO 4217: the active currency codes and their minor-unit exponents (digits after the decimal point
// that a currency's smallest unit has). Pure data without decimal.js, so that the console's currency
// fields can import it without shipping decimal.js to the browser (domain/currencies.ts has the rounding).

// Exponent 2 unless listed below; the list is the active codes of ISO 4217 (funds and metal codes
// such as XAU or XDR have no minor unit for payments and are left out; XXX/XTS are not currencies).
const TWO = `AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF
  CHW CNY COP COU CRC CUP CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR
  JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR
  NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD
  TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG`;
const ZERO = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF";
const THREE = "BHD IQD JOD KWD LYD OMR TND";
const FOUR = "CLF UYW";

const EXPONENTS: ReadonlyMap<string, number> = new Map([
  ...TWO.split(/\s+/).map((c) => [c, 2] as const),
  ...ZERO.split(/\s+/).map((c) => [c, 0] as const),
  ...THREE.split(/\s+/).map((c) => [c, 3] as const),
  ...FOUR.split(/\s+/).map((c) => [c, 4] as const),
]);

/** Every accepted code, sorted (the console offers them in currency fields). */
export const CURRENCY_CODES: readonly string[] = [...EXPONENTS.keys()].sort();

export const isCurrencyCode = (code: string): boolean => EXPONENTS.has(code);

/** Minor-unit exponent of an ISO 4217 code (2 for EUR, 0 for JPY, 3 for KWD); throws for unknown codes. */
export function minorUnitExponent(code: string): number {
  const e = EXPONENTS.get(code);
  if (e === undefined) throw new Error(`unknown currency ${code}`);
  return e;
}
