// The pure pricing models of metered quantities, with hand-computed amounts (several are Stripe's documented
// examples: https://docs.stripe.com/products-prices/pricing-models).
import { describe, expect, it } from "vitest";
import { DomainError } from "@/server/domain/errors";
import { checkUsagePricing, priceUsage, type UsagePricingModel } from "@/server/domain/pricing/usagePricing";

const tiers = (...t: [string | null, string, string?][]) =>
  t.map(([up_to, unit_amount, flat_amount = "0"]) => ({ up_to, unit_amount, flat_amount }));
// Stripe: 1–5 units $7 each, 6–10 $6.50, 11 and more $6
const stripeTiers = tiers(["5", "7"], ["10", "6.5"], [null, "6"]);
const price = (q: string | number, m: UsagePricingModel) => {
  const r = priceUsage(q, m);
  return { amount: r.amount.toFixed(4), explanation: r.explanation };
};

describe("per unit", () => {
  it("multiplies and rounds half-up to four decimals", () => {
    expect(price(1500, { model: "per_unit", unit_amount: "0.01" })).toEqual({
      amount: "15.0000",
      explanation: "1500 × 0.0100 = 15.0000",
    });
    // 123457 × 0.00001 = 1.23457 → 1.2346; 1 × 0.00005 = 0.00005 → 0.0001 (half-up)
    expect(price(123457, { model: "per_unit", unit_amount: "0.00001" }).amount).toBe("1.2346");
    expect(price(1, { model: "per_unit", unit_amount: "0.00005" }).amount).toBe("0.0001");
    expect(price("2.5", { model: "per_unit", unit_amount: "0.1" }).amount).toBe("0.2500");
  });
});

describe("package", () => {
  const m: UsagePricingModel = { model: "package", package_size: "5", package_amount: "5" };
  it("rounds the quantity up to whole packages (Stripe: $5 per 5 units, 8 units cost $10)", () => {
    expect(price(8, m)).toEqual({ amount: "10.0000", explanation: "8 → 2 packages of 5 × 5.0000 = 10.0000" });
    expect(price(5, m).amount).toBe("5.0000");
    expect(price(1, m).amount).toBe("5.0000");
    expect(price("5.01", m).amount).toBe("10.0000");
    expect(price(0, m)).toEqual({ amount: "0.0000", explanation: "" });
  });
});

describe("graduated tiers", () => {
  it("prices each unit at its tier's rate (Stripe: 13 units → 5×7 + 5×6.50 + 3×6 = 85.50)", () => {
    expect(price(13, { model: "graduated", tiers: stripeTiers })).toEqual({
      amount: "85.5000",
      explanation: "0–5 × 7.0000 = 35.0000; 6–10 × 6.5000 = 32.5000; 11–13 × 6.0000 = 18.0000",
    });
    expect(price(5, { model: "graduated", tiers: stripeTiers }).amount).toBe("35.0000");
    expect(price(6, { model: "graduated", tiers: stripeTiers }).amount).toBe("41.5000");
  });

  it("explains the tiers applied (1000 at 0.01, then 0.008)", () => {
    const m: UsagePricingModel = { model: "graduated", tiers: tiers(["1000", "0.01"], [null, "0.008"]) };
    expect(price(1500, m)).toEqual({
      amount: "14.0000",
      explanation: "0–1000 × 0.0100 = 10.0000; 1001–1500 × 0.0080 = 4.0000",
    });
    expect(price(1000, m).explanation).toBe("0–1000 × 0.0100 = 10.0000");
  });

  it("adds the flat fee of every tier reached", () => {
    // 0–10: 0 per unit + 5 flat; 11–100: 1 per unit + 20 flat; 101+: 0.5 per unit + 0 flat
    const m: UsagePricingModel = {
      model: "graduated",
      tiers: tiers(["10", "0", "5"], ["100", "1", "20"], [null, "0.5"]),
    };
    expect(price(3, m).amount).toBe("5.0000");
    // 5 + (40 × 1 + 20) = 65
    expect(price(50, m)).toEqual({
      amount: "65.0000",
      explanation: "0–10 × 0.0000 + 5.0000 = 5.0000; 11–50 × 1.0000 + 20.0000 = 60.0000",
    });
    // 5 + (90 + 20) + 150 × 0.5 = 190
    expect(price(250, m).amount).toBe("190.0000");
    expect(price(0, m).amount).toBe("0.0000");
  });
});

describe("volume tiers", () => {
  it("prices every unit at the rate of the tier the total falls in (Stripe: 13 units → 13 × 6 = 78)", () => {
    expect(price(13, { model: "volume", tiers: stripeTiers })).toEqual({
      amount: "78.0000",
      explanation: "0–13 × 6.0000 = 78.0000",
    });
    // the tier's end is inclusive: 5 units are all at 7, 6 units all at 6.50
    expect(price(5, { model: "volume", tiers: stripeTiers }).amount).toBe("35.0000");
    expect(price(6, { model: "volume", tiers: stripeTiers }).amount).toBe("39.0000");
  });

  it("adds only that tier's flat amount", () => {
    const m: UsagePricingModel = { model: "volume", tiers: tiers(["1000", "0.01", "2"], [null, "0.008", "1"]) };
    expect(price(1000, m).amount).toBe("12.0000");
    expect(price(1500, m)).toEqual({ amount: "13.0000", explanation: "0–1500 × 0.0080 + 1.0000 = 13.0000" });
  });
});

describe("validation", () => {
  it("names the tier and field of each problem", () => {
    expect(
      checkUsagePricing({
        model: "graduated",
        tiers: tiers(["10", "1"], ["5", "-1"], [null, "1"], ["20", "1", "x"]),
      }),
    ).toEqual({
      tiers: [
        "1.unit_amount: A non-negative decimal with at most 12 decimal places is required.",
        "1.up_to: Must be greater than the previous tier's up_to.",
        "2.up_to: Only the last tier may be open (up_to null).",
        "3.flat_amount: A non-negative decimal with at most 4 decimal places is required.",
        "3.up_to: The last tier must be open (up_to null).",
      ],
    });
    expect(checkUsagePricing({ model: "volume", tiers: [] })).toEqual({ tiers: ["At least one tier is required."] });
    expect(checkUsagePricing({ model: "package", package_size: "0", package_amount: "1.23456" })).toEqual({
      package_amount: ["A non-negative decimal with at most 4 decimal places is required."],
      package_size: ["A whole number of units greater than 0 is required."],
    });
    expect(checkUsagePricing({ model: "graduated", tiers: stripeTiers })).toEqual({});
  });

  it("refuses to price with an invalid model or a negative quantity (a 400, not a crash)", () => {
    expect(() => priceUsage(1, { model: "per_unit", unit_amount: "-1" })).toThrow(DomainError);
    expect(() => priceUsage(-1, { model: "per_unit", unit_amount: "1" })).toThrow(DomainError);
  });
});
