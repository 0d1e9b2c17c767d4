// The contract list says what the API says of each contract: a contract in its trial with a running 20 %
// coupon reads service "active" (GET …/{id}/) and its next charge is the first upcoming run's total
// (GET …/{id}/upcoming/), the billing planner's figure, not a list price without the discount.
// basic monthly: 9.90 EUR + 24 % VAT = 12.2760; 20 % off: 7.92 + 1.9008 = 9.8208.
import { afterEach, describe, expect, it } from "vitest";
import { listContractsForConsole } from "@/server/domain/consoleLists/contractList";
import { createContract, newWorld, ok, type World } from "@/tests/billing/_world";
import { ctxFor, setRequestTime } from "@/tests/helpers";

const T0 = "2026-01-10T00:00:00.000Z";
afterEach(() => setRequestTime(null));

async function listRow(w: World, id: number, filters = {}) {
  const page = await listContractsForConsole(ctxFor(w.accountId, T0), { page: 1, pageSize: 100, filters });
  return page.results.find((r) => r.id === id);
}

describe("contract list rows against the API", () => {
  it("a trial contract with a coupon: same service state and next charge as the API", async () => {
    const w = await newWorld();
    setRequestTime(T0);
    const coupon = ok(
      await w.post("/v2/coupons/", {
        name: "Twenty",
        percent_off: "20",
        duration: "repeating",
        duration_in_periods: 3,
      }),
      201,
    );
    const c = await createContract(w, { items: [{ price: w.ids.basicMonthly }], trial_days: 14, coupon: coupon.id });
    const api = ok(await w.get(`/v2/subscription-contracts/${c.id}/`));
    const upcoming = ok(await w.get(`/v2/subscription-contracts/${c.id}/upcoming/`));
    expect(api).toMatchObject({ state: "active", service_state: "active", trial_end_at: "2026-01-24T00:00:00.000Z" });
    expect(upcoming.results[0]).toMatchObject({ scheduled_at: api.next_billing_at, total_amount: "9.8208" });

    const row = await listRow(w, c.id);
    expect(row).toMatchObject({
      state: api.state,
      service_state: api.service_state,
      next_billing_at: api.next_billing_at,
      next_charge_amount: upcoming.results[0].total_amount,
    });
    // the service-state filter (SQL, for whole lists) agrees with the row
    expect(await listRow(w, c.id, { service_state: "active" })).toBeDefined();
    expect(await listRow(w, c.id, { service_state: "inactive" })).toBeUndefined();
  }, 60_000);
});
