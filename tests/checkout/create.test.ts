// POST /v2/checkouts/ and GET /v2/checkouts/{token}/ (spec 1, 2.7, 2.10, 4.7 rules 1-2, 7): the fields
// of 2.7, checkout_url, the quote snapshot, processor selection and its 400s, the shipping rules
// (required for physical carts, locker location, free-above threshold), reads and account isolation.
// Amounts (hand-computed): Streaming Basic 9.9000 + VAT 24 % exclusive 2.3760 = 12.2760; Setup Fee
// 19.0000 + 4.5600 = 23.5600; Printed Magazine 12.0000 VAT 10 % inclusive (tax 1.0909), billing day 1.
import { describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { expectFields, expectIso } from "@/tests/api/_util";
import { db, get, post, seed, setRequestTime, useSeed } from "@/tests/helpers";
import { counts, createCheckout, expect400, expectStatus, OTHER_KEY } from "./_flow";

const URL = "/v2/checkouts/";
/** A first of the month: the magazine (billing day 1) then has a full first period, no proration. */
const FIRST = "2027-01-01T00:00:00.000Z";

let s: SeedResult;
let ids: Record<string, number>;
useSeed(seed, (r) => ((s = r), (ids = r.ids)));

const CHECKOUT_FIELDS = {
  id: "int",
  token: "string",
  checkout_url: "string",
  status: "string",
  customer_id: "int",
  customer_reference: "string",
  currency: "string",
  subtotal_amount: "decimal",
  tax_amount: "decimal",
  total_amount: "decimal",
  contract_id: "int?",
  initial_billing_run_id: "int?",
  account_payment_processor_id: "int?",
  quote_snapshot: "object",
} as const;

const basic = (extra: Record<string, unknown> = {}) => ({
  customer_reference: "cust-1003",
  items: [{ price: ids.basicMonthly }],
  account_payment_processor: ids.cardProcessor,
  ...extra,
});
const magazine = (extra: Record<string, unknown> = {}, item: Record<string, unknown> = {}) => ({
  customer_reference: "cust-1003",
  items: [{ price: ids.magazineMonthly, ...item }],
  account_payment_processor: ids.cardProcessor,
  ...extra,
});

describe("fields (spec 2.7) and checkout_url (spec 1)", () => {
  it("a pending checkout with every field of 2.7, the quote snapshot and its API address", async () => {
    setRequestTime("2026-12-10T08:00:00.000Z");
    const before = await counts(s.accountId);
    const c = await createCheckout(basic({ initial_items: [{ price: ids.setupFee }], metadata: { order: "A-1" } }));
    expectFields(c, CHECKOUT_FIELDS, "checkout");
    expect(c).toMatchObject({
      status: "pending",
      customer_id: ids.carol,
      customer_reference: "cust-1003",
      currency: "EUR",
      subtotal_amount: "28.9000",
      tax_amount: "6.9360",
      total_amount: "35.8360",
      contract_id: null,
      initial_billing_run_id: null,
      account_payment_processor_id: ids.cardProcessor,
      collection_method: "card",
      payment_method_id: null,
      shipping_selection: null,
      fail_code: null,
      fail_message: null,
      finalized_at: null,
    });
    expect(c.token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(c.checkout_url).toBe(`http://test.local/api/v2/checkouts/${c.token}/`);
    // token lifetime 24 h
    expectIso(c.created_at);
    expect(c.created_at).toBe("2026-12-10T08:00:00.000Z");
    expect(c.expires_at).toBe("2026-12-11T08:00:00.000Z");
    // the snapshot is the quote of the same offer at the same instant
    expect(c.quote_snapshot).toMatchObject({
      input_mode: "items",
      currency: "EUR",
      subtotal_amount: "28.9000",
      tax_amount: "6.9360",
      total_amount: "35.8360",
    });
    const q = expectStatus(
      await post("/v2/subscription-offer-quotes/", {
        customer_reference: "cust-1003",
        items: [{ price: ids.basicMonthly }],
        initial_items: [{ price: ids.setupFee }],
        initial_billing_mode: "create_initial_run",
        metadata: { order: "A-1" },
      }),
      200,
    );
    expect(c.quote_snapshot).toEqual(q);
    // creating a checkout creates no contract, run or attempt
    expect(await counts(s.accountId)).toEqual(before);
    // checkout_url is the checkout's own API address
    const path = new globalThis.URL(c.checkout_url).pathname.replace(/^\/api/, "");
    expect(expectStatus(await get(path), 200)).toEqual(c);
  });

  it("a bundle checkout: input_mode bundle in the snapshot", async () => {
    const c = await createCheckout({
      customer_reference: "cust-1003",
      bundle_template: ids.family,
      account_payment_processor: ids.vendorC,
    });
    expect(c.quote_snapshot).toMatchObject({
      input_mode: "bundle",
      bundle_template_id: ids.family,
      total_amount: c.total_amount,
    });
    expect(c.account_payment_processor_id).toBe(ids.vendorC);
  });

  it("initial_billing_mode other than create_initial_run → 400; create_initial_run is accepted", async () => {
    expect400(await post(URL, basic({ initial_billing_mode: "none" })), "initial_billing_mode");
    expect400(await post(URL, basic({ initial_billing_mode: "next_invoice" })), "initial_billing_mode");
    await createCheckout(basic({ initial_billing_mode: "create_initial_run" }));
  });

  it("offer errors: no body, no input mode, invalid items → 400 with the spec's keys and nothing stored", async () => {
    const before = await db().checkout.count();
    expect((await post(URL, undefined)).status).toBe(400);
    expect400(
      await post(URL, { customer_reference: "cust-1003", account_payment_processor: ids.cardProcessor }),
      "non_field_errors",
    );
    expect400(await post(URL, basic({ bundle_template: ids.family })), "non_field_errors");
    expect400(await post(URL, basic({ items: [{ price: 999_999 }] })), "items");
    expect400(await post(URL, basic({ currency: "USD" })), "items");
    expect(await db().checkout.count()).toBe(before);
  });
});

describe("customer (spec 7: customer_reference)", () => {
  it("missing, unknown or another account's customer → 400 customer_reference", async () => {
    expect400(await post(URL, basic({ customer_reference: undefined })), "customer_reference");
    expect400(await post(URL, basic({ customer_reference: null })), "customer_reference");
    expect400(await post(URL, basic({ customer_reference: "no-such-customer" })), "customer_reference");
    expect400(await post(URL, basic({ customer_reference: "other-cust-1" })), "customer_reference");
  });
});

describe("processor selection (spec 4.7 rule 1)", () => {
  it("EUR card: three eligible → the client must choose (400 account_payment_processor); each of them can be chosen", async () => {
    expect400(await post(URL, basic({ account_payment_processor: undefined })), "account_payment_processor");
    for (const p of [ids.cardProcessor, ids.vendorB, ids.vendorC]) {
      expect((await createCheckout(basic({ account_payment_processor: p }))).account_payment_processor_id).toBe(p);
    }
  });

  it("one eligible processor is the default: USD → vendor A; invoice collection → the invoice processor", async () => {
    const usd = await createCheckout({ customer_reference: "cust-1003", items: [{ price: ids.basicUsd }] });
    expect(usd).toMatchObject({
      currency: "USD",
      account_payment_processor_id: ids.vendorA,
      collection_method: "card",
      total_amount: "13.5160",
    });
    const inv = await createCheckout(basic({ account_payment_processor: undefined, collection_method: "invoice" }));
    expect(inv).toMatchObject({ account_payment_processor_id: ids.invoiceProcessor, collection_method: "invoice" });
  });

  it("a processor not valid for the offer → 400 account_payment_processor", async () => {
    // wrong currency
    expect400(await post(URL, basic({ account_payment_processor: ids.vendorA })), "account_payment_processor");
    // collects by invoice, while the checkout collects by card (the default)
    expect400(await post(URL, basic({ account_payment_processor: ids.invoiceProcessor })), "account_payment_processor");
    expect400(
      await post(URL, basic({ collection_method: "invoice", account_payment_processor: ids.cardProcessor })),
      "account_payment_processor",
    );
    // unknown, other account's, inactive
    expect400(await post(URL, basic({ account_payment_processor: 999_999 })), "account_payment_processor");
    const foreign = await db().accountPaymentProcessor.create({
      data: {
        accountId: s.otherAccountId,
        displayName: "Foreign",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "EUR",
      },
    });
    expect400(await post(URL, basic({ account_payment_processor: foreign.id })), "account_payment_processor");
    const off = await db().accountPaymentProcessor.create({
      data: {
        accountId: s.accountId,
        displayName: "Off",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "EUR",
        active: false,
      },
    });
    expect400(await post(URL, basic({ account_payment_processor: off.id })), "account_payment_processor");
    // no processor at all for the collection method
    expect400(
      await post(URL, basic({ account_payment_processor: undefined, collection_method: "claim" })),
      "account_payment_processor",
    );
    expect400(await post(URL, basic({ collection_method: "cash" })), "collection_method");
  });

  it("a zero first charge still needs a processor that can bill the renewals", async () => {
    const c = await createCheckout(
      basic({ items: [{ price: ids.basicMonthly, discount_percent: "100" }], account_payment_processor: ids.vendorB }),
    );
    expect(c).toMatchObject({ total_amount: "0.0000", account_payment_processor_id: ids.vendorB });
  });
});

describe("shipping (spec 2.10, 4.7 rule 2)", () => {
  it("a physical product without shipping → 400 shipping; a digital cart needs none", async () => {
    setRequestTime(FIRST);
    expect400(await post(URL, magazine()), "shipping");
    expect400(
      await post(
        URL,
        basic({ items: [{ price: ids.basicMonthly }, { price: ids.newspaperMonthly }], currency: "EUR" }),
      ),
      "shipping",
    );
    // the family bundle with its (optional) magazine included
    expect400(
      await post(URL, {
        customer_reference: "cust-1003",
        bundle_template: ids.family,
        bundle_item_selections: [{ bundle_item: ids.familyMagazineItem, include: true }],
        account_payment_processor: ids.cardProcessor,
      }),
      "shipping",
    );
    const digital = await createCheckout(basic());
    expect(digital.shipping_selection).toBeNull();
  });

  it("Post below the threshold: the option's price is recorded in the snapshot (not charged)", async () => {
    setRequestTime(FIRST);
    const c = await createCheckout(magazine({ shipping: { option: ids.post } }));
    expect(c.total_amount).toBe("12.0000");
    expect(c.shipping_selection).toEqual({
      option_id: ids.post,
      name: "Post",
      service_code: "POST",
      currency: "EUR",
      price_amount: "4.9000",
      free_above_amount: "50.0000",
      location_id: null,
      location_name: null,
      location_address: null,
    });
    // the shipping price is not part of the totals
    expect(c.quote_snapshot.total_amount).toBe("12.0000");
  });

  it("free above the threshold: total ≥ 50.0000 → price_amount 0.0000; 49.9999 still pays", async () => {
    setRequestTime(FIRST);
    const five = await createCheckout(magazine({ shipping: { option: ids.post } }, { quantity: 5 }));
    expect(five.total_amount).toBe("60.0000");
    expect(five.shipping_selection).toMatchObject({ price_amount: "0.0000", free_above_amount: "50.0000" });
    const exactly = await createCheckout(
      magazine({ shipping: { option: ids.post } }, { unit_amount_override: "50.0000" }),
    );
    expect(exactly.total_amount).toBe("50.0000");
    expect(exactly.shipping_selection.price_amount).toBe("0.0000");
    const below = await createCheckout(
      magazine({ shipping: { option: ids.post } }, { unit_amount_override: "49.9999" }),
    );
    expect(below.total_amount).toBe("49.9999");
    expect(below.shipping_selection.price_amount).toBe("4.9000");
  });

  it("Parcel Locker needs a location_id (400 shipping without); with it the location is recorded", async () => {
    setRequestTime(FIRST);
    expect400(await post(URL, magazine({ shipping: { option: ids.locker } })), "shipping");
    expect400(
      await post(URL, magazine({ shipping: { option: ids.locker, location_name: "Locker Central" } })),
      "shipping",
    );
    const c = await createCheckout(
      magazine({
        shipping: {
          option: ids.locker,
          location_id: "LCK-042",
          location_name: "Locker Central",
          location_address: "Main St 1, Helsinki",
        },
      }),
    );
    expect(c.shipping_selection).toEqual({
      option_id: ids.locker,
      name: "Parcel Locker",
      service_code: "LOCKER",
      currency: "EUR",
      price_amount: "3.9000",
      free_above_amount: null,
      location_id: "LCK-042",
      location_name: "Locker Central",
      location_address: "Main St 1, Helsinki",
    });
  });

  it("an unknown, inactive or other account's shipping option → 400 shipping", async () => {
    setRequestTime(FIRST);
    expect400(await post(URL, magazine({ shipping: { option: 999_999 } })), "shipping");
    const off = await db().shippingOption.create({
      data: {
        accountId: s.accountId,
        name: "Courier",
        serviceCode: "COURIER",
        currency: "EUR",
        priceAmount: "9.0000",
        active: false,
      },
    });
    expect400(await post(URL, magazine({ shipping: { option: off.id } })), "shipping");
    const foreign = await db().shippingOption.create({
      data: {
        accountId: s.otherAccountId,
        name: "Foreign post",
        serviceCode: "FP",
        currency: "EUR",
        priceAmount: "1.0000",
      },
    });
    expect400(await post(URL, magazine({ shipping: { option: foreign.id } })), "shipping");
    expect400(await post(URL, magazine({ shipping: { location_id: "x" } })), "shipping");
  });

  it("an account without active shipping options does not require shipping for physical products", async () => {
    setRequestTime(FIRST);
    await db().shippingOption.updateMany({ where: { accountId: s.accountId, active: true }, data: { active: false } });
    try {
      const c = await createCheckout(magazine());
      expect(c.shipping_selection).toBeNull();
    } finally {
      await db().shippingOption.updateMany({ where: { id: { in: [ids.post, ids.locker] } }, data: { active: true } });
    }
  });
});

describe("GET /v2/checkouts/{token}/ (spec 4.7)", () => {
  it("200 with the same checkout; unknown token and other account → 404", async () => {
    const c = await createCheckout(basic());
    expect(expectStatus(await get(`${URL}${c.token}/`), 200)).toEqual(c);
    expect((await get(`${URL}chk_unknown/`)).status).toBe(404);
    expect((await get(`${URL}${c.token}/`, { key: OTHER_KEY })).status).toBe(404);
    expect((await post(`${URL}${c.token}/finalize/`, {}, { key: OTHER_KEY })).status).toBe(404);
    expect((await post(`${URL}${c.token}/payment-method-registrations/`, {}, { key: OTHER_KEY })).status).toBe(404);
  });
});
