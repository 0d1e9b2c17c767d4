// The one money formatter for people: pure TypeScript (no React, no server code), so the console, charts,
// receipts (HTML and PDF) and the dunning notices' e-mails all format money the same way.
// Amounts travel as four-digit decimal strings ("12.2800"); Intl formats the *string*, so no float
// rounding happens before the currency's own digits (EUR 2, JPY 0, KWD 3) are applied.
//
//   formatMoney("12.2800", "EUR")            → "€12.28"
//   formatMoney("-3.5000", "EUR")            → "-€3.50"   (a minus sign, never colour alone)
//   formatMoney("1234.0000", "JPY")          → "JP¥1,234"
//   exactMoney("12.2800", "EUR")             → "12.2800 EUR" (the hover text)
//   formatMinorUnit("0.0040", "EUR")         → "€0.00"    (documents: exactly the currency's digits)
//   formatAdjustment("0.0040", "EUR")        → "+€0.004"  (an adjustment as it adds up: signed, its own digits)
export const DEFAULT_LOCALE = "en-GB";

type Amount = string | number | { toFixed(digits: number): string };

const asDecimalString = (amount: Amount): string =>
  typeof amount === "string" ? amount.trim() : typeof amount === "number" ? String(amount) : amount.toFixed(4);

export function formatMoney(amount: Amount, currency: string, locale: string = DEFAULT_LOCALE): string {
  const value = asDecimalString(amount);
  try {
    // Intl accepts decimal strings exactly (ES2023); the cast keeps older lib typings quiet.
    const format = (options: Intl.NumberFormatOptions = {}) =>
      new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase(), ...options }).format(
        value as unknown as number,
      );
    // a non-zero amount that rounds to zero at the currency's digits (a rounding adjustment of 0.0040) must
    // not read "€0.00": it is shown with its own digits
    const digits =
      new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    const roundsToZero = new RegExp(`^-?0\\.0{${digits}}[0-4]`).test(value) && /[1-9]/.test(value);
    return roundsToZero ? format({ maximumFractionDigits: 4 }) : format();
  } catch {
    return `${value} ${currency}`; // an unknown currency code: still show the exact figure
  }
}

/** The currency's own fraction digits in `locale` (EUR 2, JPY 0, KWD 3); null for an unknown code. */
function currencyDigits(currency: string, locale: string): number | null {
  try {
    return (
      new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return null;
  }
}

/**
 * An amount in the currency's minor unit, as a receipt shows it: exactly the currency's digits (EUR 12.28,
 * JPY 1,228, KWD 12.276), half-up, even when that reads zero; a rounding adjustment goes through
 * formatAdjustment instead.
 */
export function formatMinorUnit(amount: Amount, currency: string, locale: string = DEFAULT_LOCALE): string {
  const value = asDecimalString(amount);
  const digits = currencyDigits(currency, locale);
  if (digits === null) return `${value} ${currency}`;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
    // -0.001 EUR reads "€0.00", not "-€0.00"
    signDisplay: "negative",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value as unknown as number);
}

/**
 * An adjustment as a reader adds it up, e.g. the rounding from 12.276 to a charged 12.28: always signed
 * ("+€0.004", "-€0.001"), with the digits it has (up to four, at least the currency's), since it is
 * smaller than the currency's unit by nature.
 */
export function formatAdjustment(amount: Amount, currency: string, locale: string = DEFAULT_LOCALE): string {
  const value = asDecimalString(amount);
  const digits = currencyDigits(currency, locale);
  if (digits === null) return `${value} ${currency}`;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
    signDisplay: "exceptZero",
    minimumFractionDigits: digits,
    maximumFractionDigits: Math.max(4, digits),
  }).format(value as unknown as number);
}

/** The exact stored value and the ISO code, e.g. "12.2800 EUR" (title text on hover). */
export function exactMoney(amount: Amount, currency: string): string {
  const value = asDecimalString(amount);
  // pad a shorter decimal ("12.5") to the stored four digits ("12.5000"); leave anything else as given
  const m = /^(-?\d+)(?:\.(\d*))?$/.exec(value);
  const fixed = m && (m[2] ?? "").length <= 4 ? `${m[1]}.${(m[2] ?? "").padEnd(4, "0")}` : value;
  return `${fixed} ${currency.toUpperCase()}`;
}

/** A compact axis label for charts ("€1.2K"). */
export function formatMoneyCompact(amount: Amount, currency: string, locale: string = DEFAULT_LOCALE): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency: currency.toUpperCase(),
      notation: "compact",
    }).format(Number(asDecimalString(amount)));
  } catch {
    return `${asDecimalString(amount)} ${currency}`;
  }
}
