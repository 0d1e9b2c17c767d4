// What the subscriber page says about money, computed here by hand: the next payment with a running
// discount (and the discount itself), the first payment after a pause with the date billing resumes (never a
// €0.00 "next billing"), and plan prices at the price version that renewals will charge.
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { schedulePriceVersion } from "@/server/domain/catalog/prices";
import { subscriberPageView } from "@/server/domain/selfService/page";
import type { SeedResult } from "@/server/seed/demo";
import { at, createContract, expectStatus, MAR20, seedFixed, T0 } from "@/tests/contracts/_fixtures";
import { ctxFor, db, post, useSeed } from "@/tests/helpers";
import { familyContract } from "./_setup";

let seeded: SeedResult;
useSeed(seedFixed, (r) => (seeded = r));

const HALF_UP = Decimal.clone({ rounding: Decimal.ROUND_HALF_UP, precision: 40 });
/** A line's gross amount: net rounded to 4 places, plus 24 % VAT rounded to 4 places (the engine's rule). */
const gross = (net: Decimal.Value) => {
  const n = new HALF_UP(net).toDecimalPlaces(4);
  return n.plus(n.times("0.24").toDecimalPlaces(4)).toFixed(4);
};

async function basicFor(reference: string) {
  at(T0);
  expectStatus(await post("/v2/customers/", { reference }), 201);
  const c = await createContract({ customer_reference: reference, items: [{ price: seeded.ids.basicMonthly }] });
  const row = await db().subscriptionContract.findUniqueOrThrow({ where: { id: c.id } });
  return { id: c.id as number, token: row.subscriberToken };
}

const view = (id: number, token: string, when = MAR20) => subscriberPageView(ctxFor(seeded.accountId, when), id, token);

describe("the subscriber page's money", () => {
  it("with 15 % off for 3 payments: the next payment is the discounted one and the discount is shown", async () => {
    const { id, token } = await basicFor("page-money-discount");
    at(MAR20);
    const coupon = expectStatus(
      await post("/v2/coupons/", {
        name: "Spring 15",
        percent_off: "15",
        duration: "repeating",
        duration_in_periods: 3,
      }),
      201,
    );
    expectStatus(await post(`/v2/subscription-contracts/${id}/discount/`, { coupon: coupon.id }), 200);
    const v = await view(id, token);
    // 9.90 × 0.85 = 8.4150 net + 24 % VAT
    expect(v.next_charge).toMatchObject({
      at: "2026-04-10T00:00:00.000Z",
      total_amount: gross("8.415"),
      resumes_at: null,
    });
    expect(v.contract.discount).toMatchObject({ coupon: { percent_off: "15.0000" }, runs_remaining: 3 });
    // the plan's own price per period stays the undiscounted one (the page says the difference is the discount)
    expect(v.options.items[0].period_amount).toBe(gross("9.9"));
  });

  it("paused: billing resumes at the pause's end, and the first payment after it is a real amount", async () => {
    const { id, token } = await basicFor("page-money-pause");
    at(MAR20);
    expectStatus(
      await post(`/v2/subscription-contracts/${id}/pause/`, {
        start_date: "2026-03-20T00:00:00.000Z",
        end_date: "2026-05-20T00:00:00.000Z",
      }),
      200,
    );
    const v = await view(id, token);
    expect(v.contract.state).toBe("paused");
    expect(v.next_charge?.resumes_at).toBe("2026-05-20T00:00:00.000Z");
    expect(new Date(v.next_charge!.at) >= new Date("2026-05-20T00:00:00.000Z")).toBe(true);
    expect(new Decimal(v.next_charge!.total_amount).gt(0)).toBe(true);
  });

  it("plan prices are the price version renewals will charge when one starts before the next billing", async () => {
    const { id, token } = await familyContract(seeded.ids);
    // Premium costs 14.90 today; from Mar 25 (before the Apr 10 renewal) 19.90
    await schedulePriceVersion(ctxFor(seeded.accountId, MAR20), seeded.ids.premiumMonthly, {
      unit_amount: "19.9000",
      effective_from: "2026-03-25T00:00:00.000Z",
    });
    const v = await view(id, token);
    const premium = v.options.items[0].prices.find((p) => p.price === seeded.ids.premiumMonthly);
    expect(premium?.period_amount).toBe(gross("19.9"));
  });
});
