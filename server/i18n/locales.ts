// The languages of every customer-facing surface (issue 33): the portal, the subscriber page, the hosted card
// form, the widget, receipts and credit notes (HTML and PDF) and dunning notices. The console stays English.
// Pure (no Next.js, no database): the pages, the PDF, the notice e-mails and the widget's server all resolve
// and format through here. The catalogs are messages/<locale>.json (docs/architecture.md); the resolution
// order is docs/decisions.md "Languages". The catalogs themselves load through ./catalog.ts.
//
//   resolveLocale({ session: null, preference: "fi", acceptLanguage: "de-DE,de;q=0.9" }) → "fi"
//   localeFromAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8")                              → "fr"
//   intlLocale("de")                                                                   → "de-DE"
export const LOCALES = ["en", "de", "fr", "es", "fi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_CUSTOMER_LOCALE: Locale = "en";

/** Each language's name in itself, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  fi: "Suomi",
};

export const isLocale = (v: unknown): v is Locale =>
  typeof v === "string" && (LOCALES as readonly string[]).includes(v);

/** A BCP 47 tag ("de-AT", "fi_FI", "ES") → one of ours, or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : null;
}

/** The first of the browser's languages (Accept-Language, by q) we speak; null when none. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) {
    const m = matchLocale(r.tag);
    if (m) return m;
  }
  return null;
}

export interface LocaleSources {
  /** the portal session's `locale` (POST /v2/portal-sessions/) */
  session?: string | null;
  /** the customer's stored preference (the language picker) */
  preference?: string | null;
  /** the widget's `locale` option (the widget only) */
  widget?: string | null;
  /** the browser's Accept-Language header (or navigator.languages, joined) */
  acceptLanguage?: string | null;
}

/** Portal session → customer's preference → widget option → browser → English. */
export function resolveLocale(s: LocaleSources): Locale {
  return (
    matchLocale(s.session) ??
    matchLocale(s.preference) ??
    matchLocale(s.widget) ??
    localeFromAcceptLanguage(s.acceptLanguage) ??
    DEFAULT_CUSTOMER_LOCALE
  );
}

/** The Intl locale money, numbers and dates are formatted with: English keeps the console's en-GB. */
const INTL: Record<Locale, string> = { en: "en-GB", de: "de-DE", fr: "fr-FR", es: "es-ES", fi: "fi-FI" };
export const intlLocale = (locale: Locale): string => INTL[locale];
