// A customer's personal data (server/domain/customers/personalData.ts): the export holds everything about them
// with cards masked; after erasure no text or JSON column of any table holds their name or e-mail, their
// payment methods are detached, and their receipts keep the same numbers and amounts.
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/clock";
import { runDueNow } from "@/server/worker/billing";
import { createContract, expectStatus, seedFixed } from "@/tests/contracts/_fixtures";
import { db, get, post } from "@/tests/helpers";

const NAME = "Zelda Quintessa Marlowe";
const EMAIL = "zelda.marlowe@example.org";
const BILLING_EMAIL = "accounts@marlowe-household.example.net";
const REF = "cust-zelda";
let ids: Record<string, number>;
let customerId: number;

/** Rows per table.column whose text holds `needle` (case-insensitive), over every schema but the system's. */
async function hits(needle: string): Promise<string[]> {
  const columns = await db().$queryRaw<{ s: string; t: string; c: string }[]>`
    select c.table_schema as s, c.table_name as t, c.column_name as c
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema not in ('pg_catalog', 'information_schema') and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'character')`;
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { s, t, c } of columns) {
    const [{ n }] = await db().$queryRawUnsafe<{ n: number }[]>(
      `select count(*)::int as n from "${s}"."${t}" where "${c}"::text ilike $1`,
      `%${needle}%`,
    );
    if (n) found.push(`${s}.${t}.${c}: ${n}`);
  }
  return found;
}

async function receipts() {
  return (
    await db().billingRun.findMany({
      where: { customerId, receiptNumber: { not: null } },
      orderBy: { id: "asc" },
      select: { id: true, receiptNumber: true, total: true, currency: true },
    })
  ).map((r) => ({ ...r, total: r.total.toFixed(4) }));
}

beforeAll(async () => {
  ids = (await seedFixed()).ids;
  const made = await post("/v2/customers/", {
    reference: REF,
    name: NAME,
    email: EMAIL,
    metadata: { phone: "+358 40 765 4321", tax_id: "FI99887766" },
  });
  customerId = expectStatus(made, 201).id;
  expectStatus(
    await post(`/v2/customers/${REF}/payment-methods/`, {
      account_payment_processor: ids.cardProcessor,
      collection_method: "card",
      card: { number: "4242 4242 4242 4242", exp_month: 10, exp_year: 2031, cvc: "123" },
      billing_email: BILLING_EMAIL,
      billing_address: { line1: "Marlowe Lane 7", city: "Espoo", postal_code: "02100" },
    }),
    201,
  );
  await createContract({
    customer_reference: REF,
    items: [{ price: ids.basicMonthly }],
    delivery_address: { name: NAME, line1: "Marlowe Lane 7", phone: "+358 40 765 4321" },
    metadata: { contact: EMAIL },
  });
  await runDueNow(db(), fixedClock("2026-05-11T00:00:00Z")); // two renewals billed and paid
});

describe("a customer's personal data", () => {
  it("exports the customer, contracts, runs, receipts, masked cards, events and audit entries", async () => {
    const res = await get(`/v2/customers/${REF}/personal-data/`);
    const body = expectStatus(res, 200);
    expect(body.customer).toMatchObject({ reference: REF, name: NAME, email: EMAIL });
    expect(body.subscription_contracts).toHaveLength(1);
    expect(body.subscription_contracts[0].delivery_address.line1).toBe("Marlowe Lane 7");
    expect(body.billing_runs.length).toBeGreaterThan(0);
    expect(body.receipts.length).toBeGreaterThan(0);
    expect(body.payment_methods[0].card).toMatchObject({ last4: "4242", brand: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/4242 ?4242 ?4242|"token"/);
    expect(body.events.length).toBeGreaterThan(0);
    expect(body.audit_entries.map((a: { action: string }) => a.action)).toContain("POST /v2/customers/");
    expect((await get("/v2/customers/nobody/personal-data/")).status).toBe(404);
  });

  it("erases it: nothing of the name or e-mails left in any table, receipts unchanged", async () => {
    const before = await receipts();
    expect(before.length).toBeGreaterThan(0);
    expect((await hits(NAME)).length).toBeGreaterThan(0);

    const erased = expectStatus(await post(`/v2/customers/${REF}/erase/`), 200);
    expect(erased).toMatchObject({ customer_id: customerId, payment_methods: 1, contracts: 1 });

    for (const needle of [NAME, EMAIL, BILLING_EMAIL, "Marlowe Lane", "765 4321", "FI99887766"])
      expect(await hits(needle), needle).toEqual([]);
    expect(await receipts()).toEqual(before);

    const customer = expectStatus(await get(`/v2/customers/${REF}/`), 200);
    expect(customer).toMatchObject({ name: `erased-${customerId}`, email: null });
    expect(customer.metadata).toEqual({ phone: `erased-${customerId}`, tax_id: `erased-${customerId}` });
    const methods = await db().paymentMethod.findMany({ where: { customerId } });
    expect(methods.map((m) => [m.state, m.cardLast4, m.token])).toEqual([["canceled", null, null]]);
    const audit = await db().auditLog.findFirst({
      where: { action: "POST /v2/customers/{customerReference}/erase/" },
    });
    expect(audit).not.toBeNull();

    // again: nothing more to change, and the other customers keep their data
    expect(expectStatus(await post(`/v2/customers/${REF}/erase/`), 200).scrubbed).toBe(0);
    expect((await get("/v2/customers/cust-1001/")).body.name).not.toMatch(/^erased-/);
  });
});
