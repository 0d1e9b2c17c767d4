// ISO 4217 rounding: amounts are computed with four fraction digits, but a processor is charged in the
// currency's own units (EUR 12.28, JPY 1228, KWD 12.276). The codes and exponents are in currencyCodes.ts.
import Decimal from "decimal.js";

import { minorUnitExponent } from "./currencyCodes";

export { CURRENCY_CODES, isCurrencyCode, minorUnitExponent } from "./currencyCodes";

/** An amount rounded half-up to the currency's smallest unit (the amount a processor can be charged). */
export const roundToMinorUnit = (amount: Decimal.Value, code: string): Decimal =>
  new Decimal(amount).toDecimalPlaces(minorUnitExponent(code), Decimal.ROUND_HALF_UP);

/** The amount as a processor takes it: exactly the currency's fraction digits ("12.28", "1228", "12.276"). */
export const processorAmount = (amount: Decimal.Value, code: string): string =>
  roundToMinorUnit(amount, code).toFixed(minorUnitExponent(code));
