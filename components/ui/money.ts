// The one money formatter for people (pure, so charts and server code can use it too).
// Amounts travel as four-digit decimal strings ("12.2800"); Intl formats the *string*, so no float
// rounding happens before the currency's own digits (EUR 2, JPY 0, KWD 3) are applied.
//
//   formatMoney("12.2800", "EUR")            → "€12.28"
//   formatMoney("-3.5000", "EUR")            → "-€3.50"   (a minus sign, never colour alone)
//   formatMoney("1234.0000", "JPY")          → "JP¥1,234"
//   exactMoney("12.2800", "EUR")             → "12.2800 EUR" (the hover text)
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
