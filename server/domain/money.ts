// Money arithmetic and its printed forms: the decimal.js clone, parsing, and the four-digit strings the API
// answers with.
import Decimal from "decimal.js";
import { memoized } from "./boundedMemo";

// Money is decimal.js all the way; a JS number never carries an amount.
/** decimal.js for amounts, rates and factors: 40 significant digits, half-up. */
export const MoneyDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;

export type DecimalLike = Decimal | string | number | { toString(): string };

export const dec = (v: DecimalLike): Decimal => (v instanceof MoneyDecimal ? v : new MoneyDecimal(v.toString()));

// request inputs repeat the same few amounts and percentages; Decimals are immutable, so one per text is shared
const interned = new Map<string, Decimal>();
/** `dec` for validated input text: the same text gives the same Decimal object (memo keys then hit). */
export const decOf = (text: string): Decimal => memoized(interned, text, 10_000, () => new MoneyDecimal(text));

// decimal.js values (ours or the ORM's, another clone of the same library) format without a string round trip
const asDecimal = (v: DecimalLike): Decimal => (Decimal.isDecimal(v) ? (v as Decimal) : new MoneyDecimal(v.toString()));

/** API shape of an amount: "<digits>.<4 digits>", half-up. */
export const fmt4 = (v: DecimalLike): string => asDecimal(v).toFixed(4, Decimal.ROUND_HALF_UP);
export const fmt4n = (v: DecimalLike | null | undefined): string | null => (v == null ? null : fmt4(v));
/** Proration factors carry six fraction digits. */
export const fmt6 = (v: DecimalLike): string => asDecimal(v).toFixed(6, Decimal.ROUND_HALF_UP);

export const round4 = (v: DecimalLike): Decimal => dec(v).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
export const ZERO = new MoneyDecimal(0);
