// The customers console and the quote builder through the real tRPC router: search across reference,
// name and email; one customer by reference or id, another account's → NOT_FOUND; edit with field
// errors; payment methods and their cancel; the builder's quote equals the REST quote; create.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { consoleAs } from "@/tests/audit/_console";
import { db, post, seed, useSeed } from "@/tests/helpers";

type Ids = Awaited<ReturnType<typeof seed>>["ids"];
let ids = {} as Ids;
let A = 0;
useSeed(seed, (r) => {
  ids = r.ids;
  A = r.accountId;
});
const admin = () => consoleAs("admin@example.com");

async function failure(p: Promise<unknown>): Promise<{ code: string; fields?: Record<string, string[]> }> {
  try {
    await p;
  } catch (e) {
    if (!(e instanceof TRPCError)) throw e;
    const cause = e.cause as { fields?: Record<string, string[]>; issues?: { path: PropertyKey[] }[] } | undefined;
    return {
      code: e.code,
      fields:
        cause?.fields ??
        (cause?.issues ? Object.fromEntries(cause.issues.map((i) => [String(i.path[0]), ["invalid"]])) : undefined),
    };
  }
  return { code: "OK" };
}

describe("customers.search / get", () => {
  it("finds by part of the name, email or reference, case-insensitively, and never another account's", async () => {
    const c = await admin();
    expect((await c.customers.search({ q: "ALICE", page: 1 })).results.map((x) => x.reference)).toEqual(["cust-1001"]);
    expect((await c.customers.search({ q: "bob@example", page: 1 })).results.map((x) => x.reference)).toEqual([
      "cust-1002",
    ]);
    expect((await c.customers.search({ q: "1003", page: 1 })).results.map((x) => x.reference)).toEqual(["cust-1003"]);
    expect((await c.customers.search({ q: "other", page: 1 })).count).toBe(0); // "Other Customer" belongs to the other seller
    const all = await c.customers.search({ page: 1 });
    expect(all.count).toBe(await db().customer.count({ where: { accountId: A } }));
    expect((await c.customers.search({ page: 1000 })).results).toEqual([]);
  });

  it("reads a customer by reference or by id; another account's is NOT_FOUND either way", async () => {
    const c = await admin();
    const alice = await c.customers.get({ key: "cust-1001" });
    expect(alice).toMatchObject({ reference: "cust-1001", name: "Alice Example" });
    expect((await c.customers.get({ key: String(alice.id) })).reference).toBe("cust-1001");
    const other = await db().customer.findFirstOrThrow({ where: { reference: "other-cust-1" } });
    expect((await failure(c.customers.get({ key: "other-cust-1" }))).code).toBe("NOT_FOUND");
    expect((await failure(c.customers.get({ key: String(other.id) }))).code).toBe("NOT_FOUND");
    expect((await failure(c.customers.paymentMethods({ reference: "other-cust-1" }))).code).toBe("NOT_FOUND");
  });
});

describe("customers.update / cancelPaymentMethod", () => {
  it("edits name, email and metadata; a bad email is a field error", async () => {
    const c = await admin();
    await c.customers.create({ reference: "qb-edit-1", name: "Before" });
    const out = await c.customers.update({
      reference: "qb-edit-1",
      name: "After",
      email: "after@example.com",
      metadata: { tier: "gold" },
    });
    expect(out).toMatchObject({ name: "After", email: "after@example.com", metadata: { tier: "gold" } });
    const bad = await failure(c.customers.update({ reference: "qb-edit-1", email: "not-an-email" }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(Object.keys(bad.fields ?? {})).toContain("email");
  });

  it("lists a customer's methods and cancels one (idempotent); another account's customer cannot be addressed", async () => {
    const c = await admin();
    const [m] = (await c.customers.paymentMethods({ reference: "cust-1001" })).results;
    expect(m).toMatchObject({ state: "active", card: { last4: "4242", exp_month: 12, exp_year: 2030 } });
    expect((await failure(c.customers.cancelPaymentMethod({ reference: "cust-1002", id: m.id }))).code).toBe(
      "NOT_FOUND",
    );
    expect(await c.customers.cancelPaymentMethod({ reference: "cust-1001", id: m.id })).toEqual({ canceled: true });
    expect(await c.customers.cancelPaymentMethod({ reference: "cust-1001", id: m.id })).toEqual({ canceled: true });
    const after = (await c.customers.paymentMethods({ reference: "cust-1001" })).results;
    expect(after.find((x) => x.id === m.id)).toMatchObject({ state: "canceled" });
  });
});

describe("quoteBuilder", () => {
  it("prices like the REST quote, with explained lines and a schedule preview", async () => {
    const c = await admin();
    const body = {
      bundle_template: ids.family,
      bundle_item_selections: [{ bundle_item: ids.familyMagazineItem, include: true }],
      initial_billing_mode: "create_initial_run" as const,
      initial_items: [{ price: ids.setupFee }],
    };
    const quote = await c.quoteBuilder.quote(body);
    const rest = await post("/v2/subscription-offer-quotes/", body);
    expect(rest.status).toBe(200);
    // the first charge is prorated to the second: the renewal totals and the lines are what both must share
    expect(quote.recurring_total_amount).toBe(rest.body.recurring_total_amount);
    expect(quote.recurring_items.map((l) => [l.product_name, l.renewal_explanation])).toEqual(
      rest.body.recurring_items.map((l: { product_name: string; renewal_explanation: string }) => [
        l.product_name,
        l.renewal_explanation,
      ]),
    );
    expect(quote.recurring_items.map((l) => l.product_name)).toEqual(["Streaming Basic", "Printed Magazine"]);
    expect(quote.initial_lines.map((l) => l.product_name)).toEqual(["Setup Fee"]);
    expect(quote.recurring_items[0].explanation.length).toBeGreaterThan(10);
    expect(quote.billing_schedule_preview.next_billing_dates.length).toBeGreaterThan(0);
  });

  it("names the field: an unknown customer, initial items without an initial run", async () => {
    const c = await admin();
    expect(
      (await failure(c.quoteBuilder.quote({ customer_reference: "nobody-here", items: [{ price: ids.basicMonthly }] })))
        .fields,
    ).toHaveProperty("customer_reference");
    expect(
      (
        await failure(
          c.quoteBuilder.quote({
            items: [{ price: ids.basicMonthly }],
            initial_billing_mode: "none",
            initial_items: [{ price: ids.setupFee }],
          }),
        )
      ).fields,
    ).toHaveProperty("initial_items");
  });

  it("creates the contract the quote described, for the chosen customer", async () => {
    const c = await admin();
    const contract = await c.quoteBuilder.create({
      customer_reference: "cust-1003",
      items: [{ price: ids.basicMonthly, quantity: 2, discount_percent: "10" }],
    });
    expect(contract).toMatchObject({ customer_reference: "cust-1003", state: "active" });
    const row = await db().subscriptionContract.findUniqueOrThrow({
      where: { id: contract.id },
      include: { items: true },
    });
    expect(row.accountId).toBe(A);
    expect(row.items).toHaveLength(1);
    expect(row.items[0].quantity).toBe(2);
    expect((await failure(c.quoteBuilder.create({ items: [{ price: ids.basicMonthly }] }))).fields).toHaveProperty(
      "customer_reference",
    );
  });

  it("prices on the account's test clock, as the REST quote does", async () => {
    await db().account.update({
      where: { id: A },
      data: { mode: "test", testClockAt: new Date("2099-03-04T05:06:07Z") },
    });
    try {
      const quote = await (await admin()).quoteBuilder.quote({ items: [{ price: ids.basicMonthly }] });
      expect(quote.period_start_at).toBe("2099-03-04T05:06:07.000Z");
    } finally {
      await db().account.update({ where: { id: A }, data: { testClockAt: null } });
    }
  });

  it("offers only the account's own bundles and their add-ons", async () => {
    const c = await admin();
    const names = (await c.quoteBuilder.bundles()).map((b) => b.name);
    expect(names).toContain("Family Bundle");
    expect(names).not.toContain("Other Bundle");
    expect(names).not.toContain("Retired Bundle");
    const addons = await c.quoteBuilder.addons({ id: ids.family, selections: [] });
    expect(addons.product_addons.map((a) => a.product.name)).toContain("Sports Add-on");
  });
});
