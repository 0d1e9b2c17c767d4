// The public key (spec 5.2, 5.3): it can only create a temporary payment method (not listed, not usable
// for a checkout), which the secret key then confirms; every other operation with it is 403.
import { beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { api, get, post, seed } from "@/tests/helpers";
import {
  counts,
  createCheckout,
  expect400,
  expectStatus,
  finalize,
  GOOD,
  newCustomer,
  PUBLIC_KEY,
  pmPath,
  readContract,
} from "./_flow";

let s: SeedResult;
let ids: Record<string, number>;
beforeAll(async () => {
  s = await seed();
  ids = s.ids;
});

const pk = { key: PUBLIC_KEY };
const cardBody = (number = GOOD) => ({
  account_payment_processor: ids.cardProcessor,
  collection_method: "card",
  card: { number, exp_month: 10, exp_year: 2032, cvc: "999" },
});

describe("temporary payment method (spec 5.2)", () => {
  it("POST with the public key: 201 temporary, unverified, confirmation_required; not listed; the existing card stays active until confirmed", async () => {
    const c = await newCustomer(s.accountId);
    const existing = expectStatus(await post(pmPath(c.reference), cardBody("5555555555554444")), 201);
    const t = expectStatus(await post(pmPath(c.reference), cardBody(), pk), 201);
    expect(t).toMatchObject({
      customer_reference: c.reference,
      account_payment_processor_id: ids.cardProcessor,
      collection_method: "card",
      state: "temporary",
      verified: false,
      confirmation_required: true,
      card: { last4: "4242" },
    });
    expect(JSON.stringify(t)).not.toMatch(/4242424242424242|tok_/);
    const listed = expectStatus(await get(pmPath(c.reference)), 200);
    expect(listed.map((m: any) => m.id)).toEqual([existing.id]);
    expect(expectStatus(await get(pmPath(c.reference, t.id)), 200)).toMatchObject({
      state: "temporary",
      verified: false,
    });

    // confirmation needs the secret key
    expect((await post(pmPath(c.reference, t.id, "confirm/"), {}, pk)).status).toBe(403);
    const confirmed = expectStatus(await post(pmPath(c.reference, t.id, "confirm/"), {}), 200);
    expect(confirmed).toMatchObject({ id: t.id, state: "active", verified: true });
    expect(confirmed).not.toHaveProperty("confirmation_required");
    // now it is a card import like any other: listed, and the older card of the processor canceled
    expect(expectStatus(await get(pmPath(c.reference)), 200).map((m: any) => m.id)).toEqual([t.id]);
    expect(expectStatus(await get(pmPath(c.reference, existing.id)), 200).state).toBe("canceled");
    // confirming twice, or confirming an ordinary active method → 400
    expect400(await post(pmPath(c.reference, t.id, "confirm/"), {}), "non_field_errors");
  });

  it("a temporary method is not usable: finalize → 400 payment_method and nothing created; after confirmation the checkout succeeds", async () => {
    const c = await newCustomer(s.accountId);
    const t = expectStatus(await post(pmPath(c.reference), cardBody(), pk), 201);
    const chk = await createCheckout({
      customer_reference: c.reference,
      items: [{ price: ids.basicMonthly }],
      account_payment_processor: ids.cardProcessor,
    });
    const before = await counts(s.accountId);
    expect400(await finalize(chk.token), "payment_method");
    expect(await counts(s.accountId)).toEqual(before);
    expectStatus(await post(pmPath(c.reference, t.id, "confirm/"), {}), 200);
    const done = expectStatus(await finalize(chk.token), 200);
    expect(done.status).toBe("succeeded");
    expect(done.payment_method_id).toBe(t.id);
    expect((await readContract(done.contract_id)).state).toBe("active");
  });

  it("the public key cannot confirm, and cannot create for an unknown customer (404) or with a bad processor (400)", async () => {
    expect((await post(pmPath("no-such-customer"), cardBody(), pk)).status).toBe(404);
    const c = await newCustomer(s.accountId);
    expect400(
      await post(pmPath(c.reference), { ...cardBody(), account_payment_processor: ids.invoiceProcessor }, pk),
      "collection_method",
    );
  });
});

describe("every other operation with the public key → 403 (spec 5.3)", () => {
  it("payment methods, quotes, processor options, checkouts, registrations, finalize, contracts, catalog", async () => {
    const chk = await createCheckout({
      customer_reference: "cust-1001",
      items: [{ price: ids.basicMonthly }],
      account_payment_processor: ids.cardProcessor,
    });
    const reg = expectStatus(await post(`/v2/checkouts/${chk.token}/payment-method-registrations/`, {}), 201);
    const offer = { items: [{ price: ids.basicMonthly }] };
    const calls: [string, string, unknown?][] = [
      ["GET", pmPath("cust-1001")],
      ["GET", pmPath("cust-1001", ids.goodCard)],
      ["PATCH", pmPath("cust-1001", ids.goodCard), { metadata: { a: 1 } }],
      ["DELETE", pmPath("cust-1001", ids.goodCard)],
      ["POST", pmPath("cust-1001", ids.goodCard, "confirm/"), {}],
      ["POST", "/v2/subscription-offer-quotes/", offer],
      ["POST", "/v2/payment-processor-options/", offer],
      [
        "POST",
        "/v2/checkouts/",
        { ...offer, customer_reference: "cust-1001", account_payment_processor: ids.cardProcessor },
      ],
      ["GET", `/v2/checkouts/${chk.token}/`],
      ["POST", `/v2/checkouts/${chk.token}/payment-method-registrations/`, {}],
      ["POST", `/v2/checkouts/${chk.token}/finalize/`, {}],
      ["GET", `/v2/payment-method-registrations/${reg.token}/`],
      ["GET", "/v2/subscription-contracts/"],
      ["GET", "/v2/catalog/products/"],
    ];
    const before = await counts(s.accountId);
    for (const [method, path, body] of calls) {
      const r = await api(method, path, { key: PUBLIC_KEY, body });
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(403);
    }
    expect(await counts(s.accountId)).toEqual(before);
    // nothing happened: the seeded card is untouched, the checkout still pending
    expect(expectStatus(await get(pmPath("cust-1001", ids.goodCard)), 200)).toMatchObject({
      state: "active",
      metadata: {},
    });
    expect(expectStatus(await get(`/v2/checkouts/${chk.token}/`), 200).status).toBe("pending");
  });
});
