// Card brands read as names on the customer's pages and in notices ("Visa ending in 4242", not "visa …"), the
// same name in every language; the stored identifier ("visa", "amex") stays what the API answers.
import { describe, expect, it } from "vitest";
import { cardBrandLabel } from "@/lib/format/cardBrand";
import { noticeMessage } from "@/server/domain/notices/templates";
import { cardEnding } from "@/server/i18n/card";
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
});
