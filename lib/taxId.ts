// Tax ID shape checks for the customer's billing details (pure: the portal's form and the server alike).
// Shapes only, never a registry look-up (VIES, HMRC): a well-formed number can still be unassigned.

/** EU VAT numbers by country prefix (Greece is "EL"; Northern Ireland "XI"), after removing spaces, dots and dashes. */
const EU_VAT: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};
const GB = /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;
const US_EIN = /^\d{2}-?\d{7}$/;

export type TaxIdCheck = { ok: true; value: string } | { ok: false; message: string };

export const TAX_ID_HELP =
  "An EU VAT number with its country prefix (e.g. DE123456789, FI12345678, FRXX123456789), a UK VAT number (GB123456789) or a US EIN (12-3456789).";

/** The tax ID in its normal form (upper case, no spaces or dots; an EIN as 12-3456789), or why it is refused. */
export function checkTaxId(raw: string): TaxIdCheck {
  const trimmed = raw.trim();
  if (US_EIN.test(trimmed))
    return { ok: true, value: `${trimmed.replace("-", "").slice(0, 2)}-${trimmed.replace("-", "").slice(2)}` };
  const v = trimmed.toUpperCase().replace(/[\s.-]/g, "");
  if (GB.test(v)) return { ok: true, value: v };
  const country = v.slice(0, 2);
  const shape = EU_VAT[country === "GR" ? "EL" : country];
  if (shape) {
    if (country === "GR") return { ok: false, message: "Greek VAT numbers start with EL." };
    return shape.test(v.slice(2))
      ? { ok: true, value: v }
      : { ok: false, message: `This is not the shape of a ${country} VAT number.` };
  }
  return { ok: false, message: `Unrecognised tax ID. ${TAX_ID_HELP}` };
}
