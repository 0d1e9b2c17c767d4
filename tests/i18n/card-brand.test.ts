// Card brands read as names on the customer's pages and in notices ("Visa ending in 4242", not "visa …"), the
// same name in every language; the stored identifier ("visa", "amex") stays what the API answers.
import { describe, expect, it } from "vitest";
import { brandName, cardBrandLabel } from "@/lib/format/cardBrand";
import { noticeMessage } from "@/server/domain/notices/templates";
import { cardEnding, refundDestination } from "@/server/i18n/card";
import { translator } from "@/server/i18n/catalog";

describe("card brands", () => {
  it("names the known brands and capitalises an identifier it does not know", () => {
    expect(cardBrandLabel("visa")).toBe("Visa");
    expect(cardBrandLabel("mastercard")).toBe("Mastercard");
    expect(cardBrandLabel("amex")).toBe("American Express");
    expect(cardBrandLabel("card")).toBe("Card");
  });

  it("describes a card on file with the brand's name in each language", () => {
    expect(cardEnding(translator("en", "portal"), { brand: "visa", last4: "4242" })).toBe("Visa ending in 4242");
    expect(cardEnding(translator("de", "portal"), { brand: "amex", last4: "0005" })).toBe(
      "American Express mit Endziffern 0005",
    );
    expect(cardEnding(translator("fi", "portal"), { brand: "mastercard", last4: "4444" })).toBe(
      "Mastercard, loppunumerot 4444",
    );
  });

  it("names the brand in the expiring-card notice", () => {
    const data = { card_brand: "mastercard", card_last4: "4444", card_exp_month: 2, card_exp_year: 2026 };
    expect(
      noticeMessage("payment_method.expiring", data, { seller: "Müller Streaming", customer: null })?.text,
    ).toContain("Your Mastercard ending in 4444 expires");
  });

  // "card" is how a number no known brand claims is stored; "claim" (a SEPA mandate) and "invoice" are the
  // collection methods the portal passes as the brand of a method that is not a card
  it("says card, and names a method that is not a card, in the reader's language, never in English", () => {
    const de = translator("de", "portal");
    const unknown = cardEnding(de, { brand: "card", last4: "4242" });
    expect(unknown).toBe("Karte mit Endziffern 4242");
    expect(unknown).not.toMatch(/\b(card|ending|in)\b/i);
    expect(cardEnding(de, { brand: "visa", last4: "4242" })).toBe("Visa mit Endziffern 4242");
    expect(cardEnding(de, { brand: "claim", last4: null })).toBe("SEPA-Lastschrift");
    expect(cardEnding(de, { brand: "invoice", last4: null })).toBe("Rechnung");
    expect(cardEnding(translator("fr", "portal"), { brand: "card", last4: "4242" })).toBe(
      "Carte se terminant par 4242",
    );
    expect(cardEnding(translator("es", "portal"), { brand: "card", last4: "4242" })).toBe("Tarjeta terminada en 4242");
    expect(cardEnding(translator("fi", "portal"), { brand: "card", last4: "4242" })).toBe("Kortti, loppunumerot 4242");
    expect(cardEnding(translator("en", "portal"), { brand: "card", last4: "4242" })).toBe("Card ending in 4242");
    expect(brandName("card")).toBeNull();
    expect(brandName(null)).toBeNull();
    expect(brandName("amex")).toBe("American Express");
  });

  it("names the unknown brand's card in the reader's language in the expiring-card notice", () => {
    const data = { card_brand: "card", card_last4: "4242", card_exp_month: 2, card_exp_year: 2026 };
    const names = { seller: "Müller Streaming", customer: null };
    expect(noticeMessage("payment_method.expiring", data, names, "de")?.text).toContain(
      "Ihre Karte mit den Endziffern 4242 läuft",
    );
    expect(noticeMessage("payment_method.expiring", data, names, "en")?.text).toContain("Your card ending in 4242");
  });

  it("says where a credit note's refund goes in the reader's language", () => {
    const de = translator("de", "creditNote");
    const refunded = (r: Parameters<typeof refundDestination>[1]) =>
      de("refundedTo", { destination: refundDestination(de, r) });
    expect(refunded({ method: "processor", card: { brand: "card", last4: "4242" } })).toBe(
      "Erstattet auf die Karte mit den Endziffern 4242",
    );
    expect(refunded({ method: "processor", card: { brand: "visa", last4: "4242" } })).toBe(
      "Erstattet auf die Visa-Karte mit den Endziffern 4242",
    );
    expect(refunded({ method: "chargeback", card: null })).toBe("Erstattet über die Bank des Kunden (Rückbuchung)");
    const en = translator("en", "creditNote");
    expect(
      en("refundedTo", {
        destination: refundDestination(en, { method: "processor", card: { brand: "card", last4: "4242" } }),
      }),
    ).toBe("Refunded to the card ending 4242");
  });
});
