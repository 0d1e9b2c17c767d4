// Which language a customer sees (docs/decisions.md "Languages"): the portal session's, then the customer's
// stored one, then the widget's option, then the browser's, then English.
import { describe, expect, it } from "vitest";
import { intlLocale, localeFromAcceptLanguage, matchLocale, resolveLocale } from "@/server/i18n/locales";

describe("resolveLocale", () => {
  it("takes the portal session's language first", () => {
    expect(resolveLocale({ session: "de", preference: "fi", widget: "es", acceptLanguage: "fr" })).toBe("de");
  });
  it("then the customer's stored preference", () => {
    expect(resolveLocale({ session: null, preference: "fi", widget: "es", acceptLanguage: "fr" })).toBe("fi");
  });
  it("then the widget's locale option", () => {
    expect(resolveLocale({ widget: "es-MX", acceptLanguage: "fr-FR" })).toBe("es");
  });
  it("then the browser's Accept-Language, by quality", () => {
    expect(resolveLocale({ acceptLanguage: "sv-SE, fr;q=0.5, de;q=0.8" })).toBe("de");
  });
  it("else English; unknown languages are skipped at every step", () => {
    expect(resolveLocale({ session: "sv", preference: "xx", widget: "ja", acceptLanguage: "sv, nb;q=0.9" })).toBe("en");
    expect(resolveLocale({})).toBe("en");
  });
});

describe("locale tags", () => {
  it("matches a region or script tag to its language", () => {
    expect(matchLocale("de-AT")).toBe("de");
    expect(matchLocale("fi_FI")).toBe("fi");
    expect(matchLocale("FR")).toBe("fr");
    expect(matchLocale("pt-BR")).toBeNull();
  });
  it("ignores q=0 and keeps the header's order among equals", () => {
    expect(localeFromAcceptLanguage("de;q=0, es, fr")).toBe("es");
    expect(localeFromAcceptLanguage("")).toBeNull();
  });
  it("formats English as en-GB (the console's) and German money as 1.234,56 €", () => {
    expect(intlLocale("en")).toBe("en-GB");
    expect(new Intl.NumberFormat(intlLocale("de"), { style: "currency", currency: "EUR" }).format(1234.56)).toBe(
      "1.234,56\u00a0€",
    );
  });
});
