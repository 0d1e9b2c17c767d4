// Customer payment methods (spec 3.3, 4.4, 7): the list shows only active verified methods; a card
// import is a new row that cancels the conflicting active cards of that processor; claim and invoice
// setups replace only the matching setup; the processor is always explicit and must collect by the
// requested method; reads are sanitized (canceled included, never token data); patch merges metadata
// and refuses immutable fields; delete is an idempotent soft cancel; other accounts and unknown
// customers get 404.
import { beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { expectFields } from "@/tests/api/_util";
import { db, del, get, patch, post, seed } from "@/tests/helpers";
import { expect400, expectStatus, GOOD, newCustomer, OTHER_KEY, pmPath } from "./_flow";

let s: SeedResult;
let ids: Record<string, number>;
let claimProcessor: number;
beforeAll(async () => {
  s = await seed();
  ids = s.ids;
  claimProcessor = (
    await db().accountPaymentProcessor.create({
      data: {
        accountId: s.accountId,
        displayName: "Sandbox claim",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "claim",
        currency: "EUR",
      },
    })
  ).id;
});

const METHOD_FIELDS = {
  id: "int",
  customer_id: "int",
  customer_reference: "string",
  account_payment_processor_id: "int",
  collection_method: "string",
  state: "string",
  verified: "bool",
  card: "object?",
  billing_email: "string?",
  billing_reference: "string?",
  billing_address: "object?",
  metadata: "object",
  created_at: "iso",
  updated_at: "iso",
  canceled_at: "iso?",
} as const;

/** Every key anywhere in a JSON value. */
function keysDeep(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keysDeep(x, out);
  else if (v && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysDeep(x, out);
    }
  return out;
}

/** Sanitized: no token key, no token value, no full card number anywhere in the JSON. */
function expectSanitized(body: unknown, ...secrets: string[]) {
  const text = JSON.stringify(body);
  expect(
    [...keysDeep(body)].filter((k) => /token/i.test(k)),
    text,
  ).toEqual([]);
  expect(text).not.toMatch(/tok_sandbox_|\d{12,19}/);
  for (const x of secrets) expect(text).not.toContain(x);
}

const createCard = async (
  ref: string,
  number = GOOD,
  extra: Record<string, unknown> = {},
  processor = ids.cardProcessor,
) =>
  expectStatus(
    await post(pmPath(ref), {
      account_payment_processor: processor,
      collection_method: "card",
      card: { number, exp_month: 11, exp_year: 2030, cvc: "123" },
      ...extra,
    }),
    201,
  );
const createSetup = async (ref: string, method: "invoice" | "claim", extra: Record<string, unknown> = {}) =>
  expectStatus(
    await post(pmPath(ref), {
      account_payment_processor: method === "invoice" ? ids.invoiceProcessor : claimProcessor,
      collection_method: method,
      ...extra,
    }),
    201,
  );
const read = async (ref: string, id: number) => expectStatus(await get(pmPath(ref, id)), 200);
const list = async (ref: string) => expectStatus(await get(pmPath(ref)), 200) as any[];

describe("list (spec 4.4, 3.3)", () => {
  it("the seeded card of cust-1001: sanitized, every field", async () => {
    const l = await list("cust-1001");
    expect(l.map((m) => m.id)).toContain(ids.goodCard);
    const m = l.find((x) => x.id === ids.goodCard);
    expectFields(m, METHOD_FIELDS, "payment method");
    expect(m).toMatchObject({
      customer_id: ids.alice,
      customer_reference: "cust-1001",
      account_payment_processor_id: ids.cardProcessor,
      collection_method: "card",
      state: "active",
      verified: true,
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
      canceled_at: null,
    });
    expectSanitized(l);
  });

  it("only active verified methods: canceled, temporary and unverified rows are omitted", async () => {
    const c = await newCustomer(s.accountId);
    const row = (data: Record<string, unknown>) =>
      db().paymentMethod.create({
        data: {
          accountId: s.accountId,
          customerId: c.id,
          processorId: ids.vendorC,
          collectionMethod: "card",
          cardLast4: "4444",
          token: "tok_sandbox_5555555555554444",
          ...data,
        },
      });
    const active = await row({ state: "active", verified: true });
    await row({ state: "canceled", verified: true, canceledAt: new Date() });
    await row({ state: "temporary", verified: false });
    await row({ state: "active", verified: false });
    expect((await list(c.reference)).map((m) => m.id)).toEqual([active.id]);
  });

  // spec 4: pagination applies to all list endpoints
  it("page_size paginates the list ({count, next, previous, results})", async () => {
    const c = await newCustomer(s.accountId);
    await createCard(c.reference);
    await createSetup(c.reference, "invoice");
    const page = expectStatus(await get(`${pmPath(c.reference)}?page_size=1`), 200);
    expect(Object.keys(page).sort()).toEqual(["count", "next", "previous", "results"]);
    expect(page.count).toBe(2);
    expect(page.results).toHaveLength(1);
  });

  it("a customer without methods: empty list; unknown customer: 404", async () => {
    const c = await newCustomer(s.accountId);
    expect(await list(c.reference)).toEqual([]);
    expect((await get(pmPath("no-such-customer"))).status).toBe(404);
  });
});

describe("create (spec 4.4)", () => {
  it("a card: 201, a new active verified row, sanitized", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createCard(c.reference, "5555 5555 5555 4444", {
      billing_email: "card@example.com",
      metadata: { source: "import" },
    });
    expectFields(m, METHOD_FIELDS, "created method");
    expect(m).toMatchObject({
      customer_reference: c.reference,
      customer_id: c.id,
      account_payment_processor_id: ids.cardProcessor,
      collection_method: "card",
      state: "active",
      verified: true,
      card: { brand: "mastercard", last4: "4444", exp_month: 11, exp_year: 2030 },
      billing_email: "card@example.com",
      metadata: { source: "import" },
      canceled_at: null,
    });
    expectSanitized(m, "5555555555554444");
    expect(await list(c.reference)).toEqual([m]);
    // the stored row holds the processor token (which the API never shows)
    const row = await db().paymentMethod.findUniqueOrThrow({ where: { id: m.id } });
    expect(row.token).toBeTruthy();
  });

  it("a card import creates a new row and cancels the conflicting active cards of that processor only", async () => {
    const c = await newCustomer(s.accountId);
    const first = await createCard(c.reference, GOOD);
    const atVendorC = await createCard(c.reference, GOOD, {}, ids.vendorC);
    const invoice = await createSetup(c.reference, "invoice", { billing_email: "ap@example.com" });
    const second = await createCard(c.reference, "5555555555554444");
    expect(second.id).not.toBe(first.id);
    const old = await read(c.reference, first.id);
    expect(old).toMatchObject({ state: "canceled" });
    expect(old.canceled_at).not.toBeNull();
    expect((await read(c.reference, atVendorC.id)).state).toBe("active");
    expect((await read(c.reference, invoice.id)).state).toBe("active");
    expect((await list(c.reference)).map((m) => m.id).sort((a, b) => a - b)).toEqual(
      [atVendorC.id, invoice.id, second.id].sort((a, b) => a - b),
    );
    // the canceled card's token is gone from storage
    expect((await db().paymentMethod.findUniqueOrThrow({ where: { id: first.id } })).token).toBeNull();
  });

  it("importing a card for cust-1001 cancels the seeded card at the generic processor", async () => {
    const m = await createCard("cust-1001", "5555555555554444");
    expect((await read("cust-1001", ids.goodCard)).state).toBe("canceled");
    expect((await list("cust-1001")).map((x) => x.id)).toEqual([m.id]);
  });

  it("a processor token import instead of card details: the token is stored and never returned", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createCard(c.reference, GOOD, { card: undefined, token: "tok_vendor_import_SECRET123" });
    expect(m).toMatchObject({ collection_method: "card", state: "active", verified: true });
    expectSanitized(m, "SECRET123");
    expectSanitized(await read(c.reference, m.id), "SECRET123");
    expect((await db().paymentMethod.findUniqueOrThrow({ where: { id: m.id } })).token).toBe(
      "tok_vendor_import_SECRET123",
    );
  });

  it("a card without card details or token → 400 card", async () => {
    const c = await newCustomer(s.accountId);
    expect400(
      await post(pmPath(c.reference), { account_payment_processor: ids.cardProcessor, collection_method: "card" }),
      "card",
    );
    expect400(
      await post(pmPath(c.reference), {
        account_payment_processor: ids.cardProcessor,
        collection_method: "card",
        card: { number: "abc", exp_month: 1, exp_year: 2030 },
      }),
      "card",
    );
    expect(await db().paymentMethod.count({ where: { customerId: c.id } })).toBe(0);
  });

  it("invoice: creates, then replaces only the active invoice setup of that processor", async () => {
    const c = await newCustomer(s.accountId);
    const cardM = await createCard(c.reference);
    const claim = await createSetup(c.reference, "claim", { billing_reference: "CLAIM-1" });
    const inv1 = await createSetup(c.reference, "invoice", {
      billing_email: "ap@example.com",
      billing_reference: "PO-1",
      billing_address: { line1: "Main St 1", city: "Helsinki" },
    });
    expect(inv1).toMatchObject({
      collection_method: "invoice",
      state: "active",
      verified: true,
      card: null,
      billing_email: "ap@example.com",
      billing_reference: "PO-1",
      billing_address: { line1: "Main St 1", city: "Helsinki" },
    });
    const inv2 = await createSetup(c.reference, "invoice", { billing_email: "ap2@example.com" });
    expect(inv2.id).not.toBe(inv1.id);
    expect((await read(c.reference, inv1.id)).state).toBe("canceled");
    expect((await read(c.reference, claim.id)).state).toBe("active");
    expect((await read(c.reference, cardM.id)).state).toBe("active");
    expect((await list(c.reference)).map((m) => m.id).sort((a, b) => a - b)).toEqual(
      [cardM.id, claim.id, inv2.id].sort((a, b) => a - b),
    );
  });

  it("claim: replaces only the active claim setup", async () => {
    const c = await newCustomer(s.accountId);
    const inv = await createSetup(c.reference, "invoice");
    const claim1 = await createSetup(c.reference, "claim", { billing_reference: "C-1" });
    const claim2 = await createSetup(c.reference, "claim", { billing_reference: "C-2" });
    expect(claim2).toMatchObject({
      collection_method: "claim",
      account_payment_processor_id: claimProcessor,
      billing_reference: "C-2",
      card: null,
    });
    expect((await read(c.reference, claim1.id)).state).toBe("canceled");
    expect((await read(c.reference, inv.id)).state).toBe("active");
  });

  it("the processor is always explicit and must exist, be active, belong to the account and collect by the requested method", async () => {
    const c = await newCustomer(s.accountId);
    const base = { collection_method: "card", card: { number: GOOD, exp_month: 1, exp_year: 2030 } };
    expect400(await post(pmPath(c.reference), base), "account_payment_processor");
    expect400(await post(pmPath(c.reference), { collection_method: "invoice" }), "account_payment_processor");
    expect400(
      await post(pmPath(c.reference), { ...base, account_payment_processor: 999_999 }),
      "account_payment_processor",
    );
    const inactive = await db().accountPaymentProcessor.create({
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
    expect400(
      await post(pmPath(c.reference), { ...base, account_payment_processor: inactive.id }),
      "account_payment_processor",
    );
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
    expect400(
      await post(pmPath(c.reference), { ...base, account_payment_processor: foreign.id }),
      "account_payment_processor",
    );
    // collection method must match the processor's
    expect400(
      await post(pmPath(c.reference), { ...base, account_payment_processor: ids.invoiceProcessor }),
      "collection_method",
    );
    expect400(
      await post(pmPath(c.reference), { account_payment_processor: ids.cardProcessor, collection_method: "invoice" }),
      "collection_method",
    );
    expect400(
      await post(pmPath(c.reference), { account_payment_processor: claimProcessor, collection_method: "invoice" }),
      "collection_method",
    );
    expect400(await post(pmPath(c.reference), { account_payment_processor: ids.cardProcessor }), "collection_method");
    expect400(
      await post(pmPath(c.reference), { account_payment_processor: ids.cardProcessor, collection_method: "cash" }),
      "collection_method",
    );
    expect(await db().paymentMethod.count({ where: { customerId: c.id } })).toBe(0);
  });

  it("bad setup fields → 400 with the field", async () => {
    const c = await newCustomer(s.accountId);
    expect400(
      await post(pmPath(c.reference), {
        account_payment_processor: ids.invoiceProcessor,
        collection_method: "invoice",
        billing_email: "not-an-email",
      }),
      "billing_email",
    );
    expect400(
      await post(pmPath(c.reference), {
        account_payment_processor: ids.invoiceProcessor,
        collection_method: "invoice",
        metadata: "x",
      }),
      "metadata",
    );
  });
});

describe("read (spec 4.4: sanitized, canceled included)", () => {
  it("GET by id: same shape as the list, canceled methods still readable, token data never returned", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createCard(c.reference, "4000000000000002");
    const one = await read(c.reference, m.id);
    expect(one).toEqual(m);
    expectSanitized(one, "4000000000000002");
    expect(one.card).toEqual({ brand: "visa", last4: "0002", exp_month: 11, exp_year: 2030 });
    expectStatus(await del(pmPath(c.reference, m.id)), 204);
    const canceled = await read(c.reference, m.id);
    expect(canceled).toMatchObject({ id: m.id, state: "canceled" });
    expectSanitized(canceled, "4000000000000002");
  });

  it("unknown id, another customer's method, unknown customer → 404", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createSetup(c.reference, "invoice");
    expect((await get(pmPath(c.reference, 999_999))).status).toBe(404);
    expect((await get(pmPath("cust-1003", m.id))).status).toBe(404);
    expect((await get(pmPath("no-such-customer", m.id))).status).toBe(404);
    expect((await get(pmPath(c.reference, "abc" as unknown as number))).status).toBe(404);
  });
});

describe("patch (spec 4.4)", () => {
  it("expiry date, billing fields, metadata shallow merge with null removing a key", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createCard(c.reference, GOOD, {
      billing_email: "a@example.com",
      metadata: { a: 1, b: { x: 1 }, keep: "yes" },
    });
    const p1 = expectStatus(
      await patch(pmPath(c.reference, m.id), {
        card: { exp_month: 3, exp_year: 2033 },
        billing_reference: "REF-9",
        metadata: { b: { y: 2 }, c: 3, a: null },
      }),
      200,
    );
    expect(p1).toMatchObject({
      id: m.id,
      state: "active",
      card: { brand: "visa", last4: "4242", exp_month: 3, exp_year: 2033 },
      billing_email: "a@example.com",
      billing_reference: "REF-9",
    });
    // shallow: b is replaced, not merged; a removed; keep untouched
    expect(p1.metadata).toEqual({ b: { y: 2 }, c: 3, keep: "yes" });
    const p2 = expectStatus(
      await patch(pmPath(c.reference, m.id), { billing_email: null, billing_address: { city: "Espoo" } }),
      200,
    );
    expect(p2).toMatchObject({
      billing_email: null,
      billing_reference: "REF-9",
      billing_address: { city: "Espoo" },
      metadata: { b: { y: 2 }, c: 3, keep: "yes" },
    });
    expect(await read(c.reference, m.id)).toEqual(p2);
    expectSanitized(p2);
  });

  it("collection_method, account_payment_processor and other immutable fields → 400 with that key; nothing changes", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createCard(c.reference);
    expect400(await patch(pmPath(c.reference, m.id), { collection_method: "invoice" }), "collection_method");
    expect400(
      await patch(pmPath(c.reference, m.id), { account_payment_processor: ids.vendorC }),
      "account_payment_processor",
    );
    expect400(
      await patch(pmPath(c.reference, m.id), { metadata: { z: 1 }, account_payment_processor: ids.vendorC }),
      "account_payment_processor",
    );
    expect400(await patch(pmPath(c.reference, m.id), { state: "canceled" }), "state");
    expect400(await patch(pmPath(c.reference, m.id), { token: "tok_x" }), "token");
    expect400(await patch(pmPath(c.reference, m.id), { card: { exp_month: 13, exp_year: 2030 } }), "card");
    expect400(await patch(pmPath(c.reference, m.id), { billing_email: "nope" }), "billing_email");
    expect(await read(c.reference, m.id)).toMatchObject({
      collection_method: "card",
      account_payment_processor_id: ids.cardProcessor,
      state: "active",
      metadata: {},
      card: { exp_month: 11, exp_year: 2030 },
    });
  });

  it("card fields on a non-card method → 400 card", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createSetup(c.reference, "invoice");
    expect400(await patch(pmPath(c.reference, m.id), { card: { exp_month: 1, exp_year: 2030 } }), "card");
  });

  it("a canceled method cannot be patched (400); unknown / other customer / other account → 404", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createCard(c.reference);
    expectStatus(await del(pmPath(c.reference, m.id)), 204);
    expect400(await patch(pmPath(c.reference, m.id), { metadata: { a: 1 } }), "non_field_errors");
    expect((await patch(pmPath(c.reference, 999_999), { metadata: {} })).status).toBe(404);
    expect((await patch(pmPath("cust-1003", m.id), { metadata: {} })).status).toBe(404);
    expect((await patch(pmPath(c.reference, m.id), { metadata: {} }, { key: OTHER_KEY })).status).toBe(404);
  });
});

describe("delete (spec 4.4, 3.3)", () => {
  it("soft cancel: 204 without body, clears setup data, omitted from the list, still readable; repeating is 204 and changes nothing", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createSetup(c.reference, "invoice", {
      billing_email: "ap@example.com",
      billing_reference: "PO-7",
      billing_address: { city: "Turku" },
      metadata: { k: "v" },
    });
    const r1 = await del(pmPath(c.reference, m.id));
    expect(r1.status).toBe(204);
    expect(r1.body).toBeNull();
    const after = await read(c.reference, m.id);
    expect(after).toMatchObject({
      id: m.id,
      state: "canceled",
      billing_email: null,
      billing_reference: null,
      billing_address: null,
    });
    expect(after.canceled_at).not.toBeNull();
    expect(await list(c.reference)).toEqual([]);
    const r2 = await del(pmPath(c.reference, m.id));
    expect(r2.status).toBe(204);
    expect(r2.body).toBeNull();
    expect(await read(c.reference, m.id)).toEqual(after);
  });

  it("a canceled card loses its processor token", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createCard(c.reference);
    expectStatus(await del(pmPath(c.reference, m.id)), 204);
    const row = await db().paymentMethod.findUniqueOrThrow({ where: { id: m.id } });
    expect(row).toMatchObject({ state: "canceled", token: null, setupData: {} });
  });

  it("unknown id, another customer's method, unknown customer, other account → 404 and nothing canceled", async () => {
    const c = await newCustomer(s.accountId);
    const m = await createCard(c.reference);
    expect((await del(pmPath(c.reference, 999_999))).status).toBe(404);
    expect((await del(pmPath("cust-1003", m.id))).status).toBe(404);
    expect((await del(pmPath("no-such-customer", m.id))).status).toBe(404);
    expect((await del(pmPath(c.reference, m.id), { key: OTHER_KEY })).status).toBe(404);
    expect((await read(c.reference, m.id)).state).toBe("active");
  });
});

describe("account isolation (spec 7.3)", () => {
  it("the other account's key: 404 for this account's customers and methods on every endpoint", async () => {
    const o = { key: OTHER_KEY };
    expect((await get(pmPath("cust-1001"), o)).status).toBe(404);
    expect((await get(pmPath("cust-1001", ids.declinedCard), o)).status).toBe(404);
    expect(
      (
        await post(
          pmPath("cust-1001"),
          {
            account_payment_processor: ids.cardProcessor,
            collection_method: "card",
            card: { number: GOOD, exp_month: 1, exp_year: 2030 },
          },
          o,
        )
      ).status,
    ).toBe(404);
    expect((await patch(pmPath("cust-1002", ids.declinedCard), { metadata: { x: 1 } }, o)).status).toBe(404);
    expect((await post(pmPath("cust-1002", ids.declinedCard, "confirm/"), {}, o)).status).toBe(404);
    // its own customer cannot reach this account's method ids either
    expect((await get(pmPath("other-cust-1", ids.declinedCard), o)).status).toBe(404);
    // and it cannot attach this account's processor to its own customer
    expect400(
      await post(
        pmPath("other-cust-1"),
        {
          account_payment_processor: ids.cardProcessor,
          collection_method: "card",
          card: { number: GOOD, exp_month: 1, exp_year: 2030 },
        },
        o,
      ),
      "account_payment_processor",
    );
    expect((await read("cust-1002", ids.declinedCard)).metadata).toEqual({});
  });
});
