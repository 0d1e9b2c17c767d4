// Charges in the currency's units: amounts keep four fraction digits, a processor is asked for the amount
// due rounded half-up to the ISO 4217 minor unit (EUR 2, JPY 0, KWD 3), the run shows the difference
// (total − credit − rounding = charged, exactly), the sandbox processors refuse over-precise amounts,
// and currencies are ISO 4217 codes wherever they are accepted.
import { afterEach, describe, expect, it } from "vitest";
import { runCharge } from "@/server/domain/billing/amounts";
import { isCurrencyCode, minorUnitExponent, processorAmount } from "@/server/domain/currencies";
import { adapterFor, amountProblem } from "@/server/domain/payments/processors";
import { priceCreateInput } from "@/server/trpc/inputs";
import { db } from "@/tests/helpers";
import { advance, at, createContract, newWorld, ok, runsOf, type World } from "./_world";

afterEach(() => at(null));

describe("ISO 4217 data and the charge arithmetic (pure)", () => {
  it("exponents of common codes; unknown codes are not currencies", () => {
    expect(["EUR", "USD", "JPY", "KWD", "ISK", "CLF", "BHD", "KRW"].map(minorUnitExponent)).toEqual([
      2, 2, 0, 3, 0, 4, 3, 0,
    ]);
    expect(["XYZ", "EURO", "eur", "", "XXX"].map(isCurrencyCode)).toEqual([false, false, false, false, false]);
  });

  it.each([
    // currency, total, credit → due, rounding, charged, processor text
    ["EUR", "12.2760", "0.0000", "12.2760", "-0.0040", "12.2800", "12.28"],
    ["EUR", "12.2740", "0.0000", "12.2740", "0.0040", "12.2700", "12.27"],
    ["EUR", "12.2750", "3.0000", "9.2750", "-0.0050", "9.2800", "9.28"], // half-up
    ["JPY", "1227.6000", "0.0000", "1227.6000", "-0.4000", "1228.0000", "1228"],
    ["JPY", "1227.5000", "100.0000", "1127.5000", "-0.5000", "1128.0000", "1128"],
    ["JPY", "1227.4999", "0.0000", "1227.4999", "0.4999", "1227.0000", "1227"],
    ["KWD", "12.3999", "0.0000", "12.3999", "-0.0001", "12.4000", "12.400"],
    ["KWD", "12.2764", "0.0000", "12.2764", "0.0004", "12.2760", "12.276"],
    ["EUR", "5.0000", "5.0000", "0.0000", "0.0000", "0.0000", "0.00"],
    ["EUR", "5.0000", "4.9960", "0.0040", "0.0040", "0.0000", "0.00"], // rounds to nothing: no charge
  ])(
    "%s total %s, credit %s → due %s, rounding %s, charged %s",
    (currency, total, credit, due, rounding, charged, text) => {
      const c = runCharge({ total, creditApplied: credit, currency });
      expect([c.due.toFixed(4), c.rounding.toFixed(4), c.charged.toFixed(4), c.processorText]).toEqual([
        due,
        rounding,
        charged,
        text,
      ]);
      // lines total − credit − rounding adjustment = charged, exactly
      expect(c.charged.eq(c.due.minus(c.rounding))).toBe(true);
      expect(processorAmount(due, currency)).toBe(text);
    },
  );
});

describe("the sandbox processors refuse amounts with more digits than the currency has", () => {
  const pm = { collectionMethod: "card", token: "tok_sandbox_4242424242424242" };
  it.each([
    ["12.2760", "EUR"],
    ["12.280", "EUR"],
    ["1228.0", "JPY"],
    ["1227.6", "JPY"],
    ["12.2764", "KWD"],
    ["12.28", "XYZ"],
    ["0.00", "EUR"],
    ["-1.00", "EUR"],
    ["1e3", "EUR"],
  ])("%s %s → failed invalid_amount", async (amount, currency) => {
    expect(amountProblem(amount, currency)).not.toBeNull();
    for (const type of ["sandbox_generic", "sandbox_vendor_a", "sandbox_vendor_b", "sandbox_vendor_c"]) {
      expect(
        await adapterFor(type).charge({
          amount,
          currency,
          idempotencyKey: `k-${amount}-${currency}`,
          paymentMethod: pm,
        }),
      ).toMatchObject({ status: "failed", failCode: "invalid_amount" });
    }
  });
  it.each([
    ["12.28", "EUR"],
    ["12.2", "EUR"],
    ["12", "USD"],
    ["1228", "JPY"],
    ["12.276", "KWD"],
  ])("%s %s is charged", async (amount, currency) => {
    expect(amountProblem(amount, currency)).toBeNull();
    expect(
      await adapterFor("sandbox_generic").charge({
        amount,
        currency,
        idempotencyKey: `ok-${amount}`,
        paymentMethod: pm,
      }),
    ).toMatchObject({ status: "succeeded" });
  });
});

/** A monthly price in `currency` (VAT 24 % exclusive on Streaming Basic), a card processor for it and Alice's card there. */
async function priceIn(w: World, currency: string, amount: string) {
  const price = await db().catalogPrice.create({
    data: {
      accountId: w.accountId,
      productId: w.ids.streaming,
      reference: `basic-${currency.toLowerCase()}`,
      currency,
      billingType: "recurring",
      recurrenceType: "interval",
      interval: "month",
      intervalCount: 1,
      versions: { create: { unitAmount: amount } },
    },
  });
  const processor = await db().accountPaymentProcessor.create({
    data: {
      accountId: w.accountId,
      displayName: `Card ${currency}`,
      processorType: "sandbox_generic",
      renderMode: "generic_card_form",
      collectionMethod: "card",
      currency,
    },
  });
  await db().paymentMethod.create({
    data: {
      accountId: w.accountId,
      customerId: w.ids.alice,
      processorId: processor.id,
      collectionMethod: "card",
      verified: true,
      state: "active",
      cardBrand: "visa",
      cardLast4: "4242",
      cardExpMonth: 12,
      cardExpYear: 2030,
      token: "tok_sandbox_4242424242424242",
    },
  });
  return price.id;
}

describe("runs charge the currency's minor units and reconcile exactly", () => {
  it.each([
    // JPY 990 + 24 % = 1227.6000 → ¥1228; KWD 9.9999 + 2.4000 (2.399976) = 12.3999 → 12.400 KD; EUR 12.2760 → €12.28
    ["JPY", "990.0000", "1227.6000", "-0.4000", "1228.0000"],
    ["KWD", "9.9999", "12.3999", "-0.0001", "12.4000"],
    ["EUR", "9.9000", "12.2760", "-0.0040", "12.2800"],
  ])("%s: unit %s → total %s, rounding %s, charged %s", async (currency, unit, total, rounding, charged) => {
    const w = await newWorld();
    at("2026-01-10T00:00:00.000Z");
    const price = currency === "EUR" ? w.ids.basicMonthly : await priceIn(w, currency, unit);
    const c = await createContract(w, { items: [{ price }] });
    expect(c.currency).toBe(currency);
    await advance(w, "2026-03-10T00:00:00.000Z");
    const runs = await runsOf(w, c.id);
    expect(
      runs.map((r) => [
        r.currency,
        r.state,
        r.total_amount,
        r.credit_applied_amount,
        r.amount_due,
        r.rounding_adjustment_amount,
        r.charged_amount,
        r.attempts.map((a: any) => a.amount),
      ]),
    ).toEqual([1, 2].map(() => [currency, "succeeded", total, "0.0000", total, rounding, charged, [charged]]));
  });
});

describe("currencies are ISO 4217 codes wherever they are accepted", () => {
  it("quotes, contracts, checkouts and processor options: XYZ → 400 `currency`; eur is EUR", async () => {
    const w = await newWorld();
    at("2026-01-10T00:00:00.000Z");
    const items = [{ price: w.ids.basicMonthly }];
    for (const path of [
      "/v2/subscription-offer-quotes/",
      "/v2/subscription-contracts/",
      "/v2/checkouts/",
      "/v2/payment-processor-options/",
    ]) {
      for (const currency of ["XYZ", "EURO", "12", 7]) {
        const r = await w.post(path, { customer_reference: "cust-1001", currency, items });
        expect(r.status, `${path} ${currency}`).toBe(400);
        expect(Object.keys(r.body)).toContain("currency");
      }
    }
    expect(ok(await w.post("/v2/subscription-offer-quotes/", { currency: "XYZ", items }), 400).currency[0]).toMatch(
      /ISO 4217/,
    );
    expect(ok(await w.post("/v2/subscription-offer-quotes/", { currency: "eur", items })).currency).toBe("EUR");
  });

  it("the price list filter and the console's price creation refuse unknown codes", async () => {
    const w = await newWorld();
    expect(ok(await w.get("/v2/catalog/prices/?currency=XYZ"), 400)).toHaveProperty("currency");
    expect((ok(await w.get("/v2/catalog/prices/?currency=usd")) as any[]).every((p) => p.currency === "USD")).toBe(
      true,
    );
    const base = { product_id: 1, unit_amount: "1.0000", billing_type: "one_time" };
    expect(priceCreateInput.safeParse({ ...base, currency: "XYZ" }).success).toBe(false);
    expect(priceCreateInput.parse({ ...base, currency: "jpy" }).currency).toBe("JPY");
  });
});
