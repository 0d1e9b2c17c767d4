// An immediate cancellation settles adjustments that were waiting for a next invoice that will not come.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { db, post, seed, setRequestTime } from "@/tests/helpers";

let s: SeedResult;
beforeAll(async () => {
  s = await seed();
});
afterEach(() => setRequestTime(null));

async function contractWithPendingAddOn() {
  setRequestTime("2026-03-10T00:00:00Z");
  const c = await post("/v2/subscription-contracts/", {
    customer_reference: "cust-1001",
    items: [{ price: s.ids.basicMonthly }],
  });
  expect(c.status).toBe(201);
  setRequestTime("2026-03-20T00:00:00Z");
  // screen add-on 3.00 for Mar 20 → Apr 10 of the Mar 10 → Apr 10 period: 21/31 = 0.677419; 3 × 0.677419 = 2.032257 → 2.0323; VAT 24%: 0.4878
  const add = await post(`/v2/subscription-contracts/${c.body.id}/items/add/`, { price: s.ids.screenMonthly });
  expect(add.status).toBe(200);
  expect(add.body.proration.next_invoice_amount).toBe("2.5201");
  return c.body.id as number;
}

describe("immediate cancel with pending adjustments", () => {
  it("bills pending charges by an adjustment run due now", async () => {
    const id = await contractWithPendingAddOn();
    setRequestTime("2026-03-25T00:00:00Z");
    const r = await post(`/v2/subscription-contracts/${id}/cancel/`, {});
    expect(r.status).toBe(200);
    expect(r.body.state).toBe("canceled");
    const runs = await db().billingRun.findMany({ where: { contractId: id }, include: { lines: true } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: "adjustment", state: "scheduled" });
    expect(runs[0].total.toString()).toBe("2.5201");
    expect(runs[0].lines.map((l) => l.prorationReason)).toEqual(["item_added"]);
    expect(await db().pendingLine.count({ where: { contractId: id, billingRunId: null } })).toBe(0);
  });

  it("turns pending credits into contract credit", async () => {
    const id = await contractWithPendingAddOn();
    const item = (await db().contractItem.findFirst({ where: { contractId: id, priceId: s.ids.screenMonthly } }))!;
    setRequestTime("2026-03-22T00:00:00Z");
    // removing the add-on credits Mar 22 → Apr 10 (19/31 = 0.612903; 3 × 0.612903 = 1.838709 → 1.8387; VAT 0.4413): pending net 2.5201 − 2.2800 = 0.2401
    const rm = await post(`/v2/subscription-contracts/${id}/items/remove/`, { contract_item: item.id });
    expect(rm.status).toBe(200);
    // a quantity cut 2 → 1 of the basic item: credit 19.80 × 0.612903 = 12.135479 → 12.1355 (VAT 2.9125),
    // charge 9.90 × 0.612903 = 6.067740 → 6.0677 (VAT 1.4562): net −7.5241
    const basic = (await db().contractItem.findFirst({ where: { contractId: id, priceId: s.ids.basicMonthly } }))!;
    await db().contractItem.update({ where: { id: basic.id }, data: { quantity: 2 } });
    const down = await post(`/v2/subscription-contracts/${id}/items/update/`, { contract_item: basic.id, quantity: 1 });
    expect(down.status).toBe(200);
    setRequestTime("2026-03-25T00:00:00Z");
    const r = await post(`/v2/subscription-contracts/${id}/cancel/`, {});
    expect(r.status).toBe(200);
    // pending net: 2.5201 − 2.2800 − 7.5241 = −7.2840 → credit
    expect(r.body.credit_balance).toBe("7.2840");
    expect(await db().billingRun.count({ where: { contractId: id } })).toBe(0);
    expect(await db().pendingLine.count({ where: { contractId: id } })).toBe(0);
  });
});
