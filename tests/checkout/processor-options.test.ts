// POST /v2/payment-processor-options/ (spec 2.8, 4.7 rule 1, 7): every field of a processor option per
// render mode, the selection (single_eligible / multiple_eligible / override / requires_selection), the
// collection_method filter, eligibility by currency, activity and initial/recurring support, and the
// 400s of the offer.
import { beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { expectFields } from "@/tests/api/_util";
import { db, post, seed } from "@/tests/helpers";
import { expect400, expectStatus, OTHER_KEY } from "./_flow";

const URL = "/v2/payment-processor-options/";
let s: SeedResult;
let ids: Record<string, number>;
beforeAll(async () => {
  s = await seed();
  ids = s.ids;
});

const options = async (body: Record<string, unknown>) => expectStatus(await post(URL, body), 200);
const basic = { items: [{ price: 0 }] };
const eur = () => ({ items: [{ price: ids.basicMonthly }] });

// spec 2.8, field by field
const OPTION_FIELDS = {
  account_payment_processor_id: "int",
  display_name: "string",
  payment_processor: "string",
  collection_method: "string",
  resolution_source: "string",
  supports_initial_charge: "bool",
  supports_recurring_charge: "bool",
  render_mode: "string",
  payment_processor_type: "string",
  is_3d_secure: "bool",
  card_collection_in_frontend: "bool",
  supports_checkout: "bool",
  address_required: "bool",
  registration_mode: "string",
  public_registration_config: "object",
} as const;

describe("option fields (spec 2.8)", () => {
  it("EUR, every collection method: the four EUR processors with every field, exact values per render mode", async () => {
    const r = await options(eur());
    expect(Object.keys(r).sort()).toEqual([
      "collection_method",
      "currency",
      "requires_selection",
      "results",
      "selected_account_payment_processor_id",
      "selection_reason",
    ]);
    for (const o of r.results) {
      expectFields(o, OPTION_FIELDS, `option ${o.account_payment_processor_id}`);
      expect(Object.keys(o).sort()).toEqual(Object.keys(OPTION_FIELDS).sort());
    }
    expect(r.results.map((o: any) => o.account_payment_processor_id)).toEqual([
      ids.cardProcessor,
      ids.invoiceProcessor,
      ids.vendorB,
      ids.vendorC,
    ]);
    const byId = Object.fromEntries(r.results.map((o: any) => [o.account_payment_processor_id, o]));
    expect(byId[ids.cardProcessor]).toEqual({
      account_payment_processor_id: ids.cardProcessor,
      display_name: "Sandbox card form",
      payment_processor: "sandbox-generic",
      collection_method: "card",
      resolution_source: "eligible",
      supports_initial_charge: true,
      supports_recurring_charge: true,
      render_mode: "generic_card_form",
      payment_processor_type: "sandbox_generic",
      is_3d_secure: false,
      card_collection_in_frontend: false,
      supports_checkout: true,
      address_required: false,
      registration_mode: "hosted_card_form",
      public_registration_config: {},
    });
    expect(byId[ids.invoiceProcessor]).toMatchObject({
      display_name: "Sandbox invoice",
      collection_method: "invoice",
      render_mode: "generic_card_form",
      is_3d_secure: false,
      card_collection_in_frontend: false,
      address_required: true,
      registration_mode: "not_required",
      public_registration_config: {},
    });
    expect(byId[ids.vendorB]).toEqual({
      account_payment_processor_id: ids.vendorB,
      display_name: "Vendor B drop-in (sandbox)",
      payment_processor: "sandbox-vendor_b",
      collection_method: "card",
      resolution_source: "eligible",
      supports_initial_charge: true,
      supports_recurring_charge: true,
      render_mode: "vendor_b_checkout",
      payment_processor_type: "sandbox_vendor_b",
      is_3d_secure: true,
      card_collection_in_frontend: true,
      supports_checkout: true,
      address_required: false,
      registration_mode: "delayed_tokenization",
      public_registration_config: { drop_in: "sandbox", completion: "processor_webhook" },
    });
    expect(byId[ids.vendorC]).toEqual({
      account_payment_processor_id: ids.vendorC,
      display_name: "Vendor C embedded (sandbox)",
      payment_processor: "sandbox-vendor_c",
      collection_method: "card",
      resolution_source: "eligible",
      supports_initial_charge: true,
      supports_recurring_charge: true,
      render_mode: "vendor_c_checkout",
      payment_processor_type: "sandbox_vendor_c",
      is_3d_secure: true,
      card_collection_in_frontend: true,
      supports_checkout: true,
      address_required: false,
      registration_mode: "delayed_tokenization",
      public_registration_config: { embedded: "sandbox", completion: "synchronous" },
    });
    // the webhook secrets and the other account's processors never appear
    expect(JSON.stringify(r)).not.toMatch(/whsec_|private|PRIVATE/);
  });

  it("USD: vendor A with its RSA public key (never the private key), single_eligible", async () => {
    const r = await options({ items: [{ price: ids.basicUsd }] });
    expect(r).toMatchObject({
      currency: "USD",
      collection_method: null,
      selected_account_payment_processor_id: ids.vendorA,
      selection_reason: "single_eligible",
      requires_selection: false,
    });
    expect(r.results).toHaveLength(1);
    const o = r.results[0];
    expectFields(o, OPTION_FIELDS, "vendor A");
    expect(o).toMatchObject({
      account_payment_processor_id: ids.vendorA,
      display_name: "Vendor A encrypted card (sandbox)",
      payment_processor: "sandbox-vendor_a",
      collection_method: "card",
      resolution_source: "eligible",
      render_mode: "vendor_a_encrypted_card",
      payment_processor_type: "sandbox_vendor_a",
      is_3d_secure: false,
      card_collection_in_frontend: true,
      supports_checkout: true,
      address_required: false,
      registration_mode: "client_side_encryption",
    });
    expect(Object.keys(o.public_registration_config).sort()).toEqual(["algorithm", "public_key"]);
    expect(o.public_registration_config.algorithm).toBe("RSA-OAEP-256");
    expect(o.public_registration_config.public_key).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/,
    );
    const stored = await db().accountPaymentProcessor.findUniqueOrThrow({ where: { id: ids.vendorA } });
    expect(o.public_registration_config.public_key).toBe((stored.config as any).public_key);
    expect(JSON.stringify(r)).not.toContain("PRIVATE KEY");
  });
});

describe("selection (spec 4.7 rule 1)", () => {
  it("several eligible: multiple_eligible, requires_selection, nothing selected", async () => {
    const r = await options(eur());
    expect(r).toMatchObject({
      currency: "EUR",
      collection_method: null,
      selected_account_payment_processor_id: null,
      selection_reason: "multiple_eligible",
      requires_selection: true,
    });
  });

  it("collection_method card filters to the three EUR card processors (still a selection to make)", async () => {
    const r = await options({ ...eur(), collection_method: "card" });
    expect(r).toMatchObject({
      currency: "EUR",
      collection_method: "card",
      selected_account_payment_processor_id: null,
      selection_reason: "multiple_eligible",
      requires_selection: true,
    });
    expect(r.results.map((o: any) => o.account_payment_processor_id)).toEqual([
      ids.cardProcessor,
      ids.vendorB,
      ids.vendorC,
    ]);
    expect(r.results.every((o: any) => o.collection_method === "card")).toBe(true);
  });

  it("collection_method invoice: the one invoice processor is single_eligible and selected", async () => {
    const r = await options({ ...eur(), collection_method: "invoice" });
    expect(r).toMatchObject({
      collection_method: "invoice",
      selected_account_payment_processor_id: ids.invoiceProcessor,
      selection_reason: "single_eligible",
      requires_selection: false,
    });
    expect(r.results.map((o: any) => o.account_payment_processor_id)).toEqual([ids.invoiceProcessor]);
    expect(r.results[0].resolution_source).toBe("eligible");
  });

  it("collection_method claim: no claim processor is configured → none eligible, empty results, no selection", async () => {
    const r = await options({ ...eur(), collection_method: "claim" });
    expect(r).toMatchObject({
      collection_method: "claim",
      selected_account_payment_processor_id: null,
      requires_selection: false,
      results: [],
    });
    expect(r.selection_reason).not.toMatch(/single_eligible|multiple_eligible|override/);
  });

  it("a bundle offer is resolved like items (EUR bundle → EUR processors)", async () => {
    const r = await options({ bundle_template: ids.family, collection_method: "card" });
    expect(r.currency).toBe("EUR");
    expect(r.results.map((o: any) => o.account_payment_processor_id)).toEqual([
      ids.cardProcessor,
      ids.vendorB,
      ids.vendorC,
    ]);
  });

  it("payment_processor_override: selection_reason override, that option's resolution_source override, no selection required", async () => {
    const r = await options({ ...eur(), collection_method: "card", payment_processor_override: ids.vendorC });
    expect(r).toMatchObject({
      selected_account_payment_processor_id: ids.vendorC,
      selection_reason: "override",
      requires_selection: false,
    });
    const sources = Object.fromEntries(
      r.results.map((o: any) => [o.account_payment_processor_id, o.resolution_source]),
    );
    expect(sources).toEqual({ [ids.cardProcessor]: "eligible", [ids.vendorB]: "eligible", [ids.vendorC]: "override" });
  });

  it("an override that is not eligible (wrong currency, wrong collection method, other account) → 400", async () => {
    expect400(await post(URL, { ...eur(), payment_processor_override: ids.vendorA }), "payment_processor_override");
    expect400(
      await post(URL, { ...eur(), collection_method: "card", payment_processor_override: ids.invoiceProcessor }),
      "payment_processor_override",
    );
    const foreign = await db().accountPaymentProcessor.create({
      data: {
        accountId: s.otherAccountId,
        displayName: "Other card",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "EUR",
      },
    });
    expect400(await post(URL, { ...eur(), payment_processor_override: foreign.id }), "payment_processor_override");
    // and the other account's processor is never listed for this account
    const r = await options(eur());
    expect(r.results.map((o: any) => o.account_payment_processor_id)).not.toContain(foreign.id);
  });

  it("inactive processors are not eligible; initial/recurring support decides eligibility", async () => {
    const A = s.accountId;
    await db().accountPaymentProcessor.create({
      data: {
        accountId: A,
        displayName: "Inactive EUR",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "EUR",
        active: false,
      },
    });
    expect((await options({ ...eur(), collection_method: "card" })).results).toHaveLength(3);

    // GBP: a price and two processors, one without initial charges, one without recurring charges
    const gbp = await db().catalogPrice.create({
      data: {
        accountId: A,
        productId: ids.streaming,
        reference: "streaming-basic-gbp",
        currency: "GBP",
        billingType: "recurring",
        recurrenceType: "interval",
        interval: "month",
        intervalCount: 1,
        versions: { create: { unitAmount: "8.0000" } },
      },
    });
    const noInitial = await db().accountPaymentProcessor.create({
      data: {
        accountId: A,
        displayName: "GBP recurring only",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "GBP",
        supportsInitial: false,
      },
    });
    const noRecurring = await db().accountPaymentProcessor.create({
      data: {
        accountId: A,
        displayName: "GBP initial only",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "GBP",
        supportsRecurring: false,
      },
    });
    // a positive first charge and recurring items: neither can take it
    const none = await options({ items: [{ price: gbp.id }] });
    expect(none).toMatchObject({
      currency: "GBP",
      selected_account_payment_processor_id: null,
      requires_selection: false,
      results: [],
    });
    // nothing to charge now (100 % discount): the recurring-only processor can take it
    const free = await options({ items: [{ price: gbp.id, discount_percent: "100" }] });
    expect(free).toMatchObject({
      selected_account_payment_processor_id: noInitial.id,
      selection_reason: "single_eligible",
      requires_selection: false,
    });
    expect(free.results[0]).toMatchObject({
      account_payment_processor_id: noInitial.id,
      supports_initial_charge: false,
      supports_recurring_charge: true,
    });
    expect(free.results.map((o: any) => o.account_payment_processor_id)).not.toContain(noRecurring.id);
    await db().accountPaymentProcessor.updateMany({
      where: { id: { in: [noInitial.id, noRecurring.id] } },
      data: { active: false },
    });
  });
});

describe("400s from the offer (spec 4.3, 7)", () => {
  it("no body, both or neither input mode, unknown or mismatched prices, bad collection method, unknown customer", async () => {
    expect((await post(URL, undefined)).status).toBe(400);
    expect400(await post(URL, {}), "non_field_errors");
    expect400(
      await post(URL, { bundle_template: ids.family, items: [{ price: ids.basicMonthly }] }),
      "non_field_errors",
    );
    expect400(await post(URL, { items: [{ price: 999_999 }] }), "items");
    expect400(await post(URL, { ...basic, items: [{ price: ids.otherPrice }] }), "items");
    expect400(await post(URL, { currency: "EUR", items: [{ price: ids.basicUsd }] }), "items");
    expect400(await post(URL, { ...eur(), collection_method: "cash" }), "collection_method");
    expect400(await post(URL, { ...eur(), customer_reference: "no-such-customer" }), "customer_reference");
    expect400(await post(URL, { ...eur(), items: [{ price: ids.basicMonthly, quantity: 0 }] }), "items");
  });

  it("the other account's key sees only its own processors (none): the offer of this account is not even found", async () => {
    expect400(await post(URL, eur(), { key: OTHER_KEY }), "items");
  });
});
