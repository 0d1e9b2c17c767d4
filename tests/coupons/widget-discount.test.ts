// The embedded widget's promotion code: "Apply" prices the session's offer with the code (the
// quote route, nothing redeemed), the checkout carries it and finalize charges exactly the shown total.

import { beforeAll, describe, expect, it } from "vitest";
import * as quoteRoute from "@/app/api/public/checkout-sessions/[token]/quote/route";
import { db, post, seed } from "@/tests/helpers";
import { createChannel, expect400, expectStatus, freshRef, SHOP, submitCard, widget } from "@/tests/sessions/_widget";

let ids: Record<string, number>;
beforeAll(async () => {
  ids = (await seed()).ids;
});

async function applyCode(token: string, promotion_code: string) {
  const req = new Request(`http://test.local/api/public/checkout-sessions/${token}/quote/`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SHOP },
    body: JSON.stringify({ promotion_code }),
  });
  const res = await quoteRoute.POST(req, { params: Promise.resolve({ token }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

describe("a promotion code in the widget", () => {
  it("Apply shows the discounted totals; the checkout carries the code; finalize charges them; one redemption", async () => {
    const code = `W${process.pid}A`;
    const coupon = expectStatus(
      await post("/v2/coupons/", {
        name: "Widget 20",
        percent_off: "20",
        duration: "repeating",
        duration_in_periods: 3,
      }),
      201,
    );
    expectStatus(await post("/v2/promotion-codes/", { coupon: coupon.id, code }), 201);
    const channel = await createChannel({ offer: { items: [{ price: ids.basicMonthly }], trial_days: 14 } });
    const s = expectStatus(await post("/v2/checkout-sessions/", { sales_channel: channel.id }), 201);
    const view = expectStatus(await widget.get(s.token), 200);
    expect(view.offer).toMatchObject({ total_amount: "0.0000", first_charge_amount: "12.2760" });

    expect400(await applyCode(s.token, "NO-SUCH-CODE"), "promotion_code");
    const applied = expectStatus(await applyCode(s.token, code.toLowerCase()), 200);
    // 9.90 × 0.8 = 7.92 + 24 % VAT 1.9008
    expect(applied.offer).toMatchObject({
      total_amount: "0.0000",
      first_charge_amount: "9.8208",
      discount: { promotion_code: code, coupon: { id: coupon.id } },
    });
    expect(await db().couponRedemption.count({ where: { couponId: coupon.id } })).toBe(0);

    // a refused code creates no checkout (the new customer stays bound to the session, as for other 400s)
    const reference = freshRef();
    const bad = await widget.checkout(s.token, { customer: { reference }, promotion_code: "NOPE" });
    expect400(bad, "promotion_code");
    const co = expectStatus(await widget.checkout(s.token, { customer: { reference }, promotion_code: code }), 200);
    expect(co.total_amount).toBe("0.0000");
    expectStatus(await submitCard(co.registration.token), 200);
    const done = expectStatus(await widget.finalize(s.token), 200);
    expect(done.status).toBe("succeeded");
    const contract = await db().contractDiscount.findFirstOrThrow({ where: { contractId: done.contract_id } });
    expect(contract).toMatchObject({ couponId: coupon.id, runsRemaining: 3 });
    expect(await db().couponRedemption.count({ where: { couponId: coupon.id } })).toBe(1);
  }, 60_000);
});
