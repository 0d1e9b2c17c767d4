// Billing details in the portal (issue 33, item 3): shapes of tax IDs, the customer's edit (audited as the
// customer), and receipts printing the details as of their issue.
import { describe, expect, it } from "vitest";
import { checkTaxId } from "@/lib/taxId";
import { processAccountDue } from "@/server/domain/billing/timeOrder";
import { receiptForRun } from "@/server/domain/receipts/receipt";
import type { SeedResult } from "@/server/seed/demo";
import { APR10, at, createContract, expectStatus, MAR20, seedFixed, T0 } from "@/tests/contracts/_fixtures";
import { ctxFor, db, get, post, useSeed } from "@/tests/helpers";
import { submitCard } from "@/tests/sessions/_widget";
import { portalAct, signedInCustomer } from "./_setup";

let seeded: SeedResult;
useSeed(seedFixed, (r) => (seeded = r));

describe("tax ID shapes", () => {
  it("accepts common formats in their normal form and refuses others with a reason", () => {
    const ok = (v: string) => {
      const r = checkTaxId(v);
      return r.ok ? r.value : `refused: ${r.message}`;
    };
    expect(ok("DE 123 456 789")).toBe("DE123456789");
    expect(ok("fi12345678")).toBe("FI12345678");
    expect(ok("FRXX123456789")).toBe("FRXX123456789");
    expect(ok("FR12 345 678 901")).toBe("FR12345678901");
    expect(ok("ATU12345678")).toBe("ATU12345678");
    expect(ok("NL123456789B01")).toBe("NL123456789B01");
    expect(ok("GB123456789")).toBe("GB123456789");
    expect(ok("GB123 4567 89 012")).toBe("GB123456789012");
    expect(ok("12-3456789")).toBe("12-3456789");
    expect(ok("123456789")).toBe("12-3456789");
    expect(ok("DE12345678")).toMatch(/refused: This is not the shape of a DE VAT number/);
    expect(ok("FI123456789")).toMatch(/refused/);
    expect(ok("GR123456789")).toMatch(/start with EL/);
    expect(ok("hello")).toMatch(/refused: Unrecognised tax ID/);
  });
});

describe("billing details", () => {
  it("the customer edits them in the portal (audited as the customer); later receipts print them", async () => {
    const reference = `details-${process.pid}`;
    at(T0);
    expectStatus(await post("/v2/customers/", { reference, name: "Old Name" }), 201);
    const c = await createContract({ customer_reference: reference, items: [{ price: seeded.ids.basicMonthly }] });
    at(MAR20);
    const cookie = await signedInCustomer(reference);
    const started = await portalAct(`contracts/${c.id}/`, cookie, { action: "update_card" });
    expect((await submitCard(started.body.token, "4242424242424242")).status).toBe(200);

    const bad = await portalAct("", cookie, {
      action: "update_billing_details",
      name: "",
      email: "nope",
      address: { line1: "x", postal_code: "00100", city: "Helsinki", country: "Finland" },
      tax_id: "DE12345678",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(expect.arrayContaining(["email", "name"]));

    const badTax = await portalAct("", cookie, {
      action: "update_billing_details",
      name: "Ada Customer",
      email: "ada@example.com",
      tax_id: "DE12345678",
    });
    expect(badTax.status).toBe(400);
    expect(badTax.body.tax_id[0]).toMatch(/DE VAT number/);

    const saved = await portalAct("", cookie, {
      action: "update_billing_details",
      name: "Ada Customer",
      email: "ada@example.com",
      address: { line1: "Mannerheimintie 1", postal_code: "00100", city: "Helsinki", country: "fi" },
      tax_id: "fi 1234 5678",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      name: "Ada Customer",
      tax_id: "FI12345678",
      billing_address: { line1: "Mannerheimintie 1", country: "FI" },
    });
    const customer = await db().customer.findFirstOrThrow({ where: { reference } });
    const audit = await db().auditLog.findFirstOrThrow({
      where: { accountId: seeded.accountId, action: "POST /portal/ update_billing_details" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({ actorType: "customer", actorId: String(customer.id), targetId: String(customer.id) });

    // the April renewal's receipt prints them (REST receipt included)
    await processAccountDue(ctxFor(seeded.accountId, APR10));
    const run = await db().billingRun.findFirstOrThrow({ where: { contractId: c.id, state: "succeeded" } });
    const receipt = await receiptForRun(ctxFor(seeded.accountId, APR10), run.id);
    expect(receipt.customer).toMatchObject({
      name: "Ada Customer",
      email: "ada@example.com",
      tax_id: "FI12345678",
      billing_address: { line1: "Mannerheimintie 1", postal_code: "00100", city: "Helsinki", country: "FI" },
    });
    const rest = expectStatus(await get(`/v2/billing-runs/${run.id}/receipt/`), 200);
    expect(rest.customer.tax_id).toBe("FI12345678");
  });
});
