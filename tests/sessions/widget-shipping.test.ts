// The widget's shipping step: GET /api/public/checkout-sessions/{token}/shipping-options/
// lists the account's active options priced by the checkout's own rule (checkouts/shipping.ts), and a
// checkout of the session records the chosen one exactly as listed; foreign or bad choices are 400s.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { db, seed, setRequestTime } from "@/tests/helpers";
import { createChannel, createSession, EVIL, expect400, expectStatus, submitCard, widget } from "./_widget";

let s: SeedResult;
let ids: Record<string, number>;

beforeAll(async () => {
  s = await seed();
  ids = s.ids;
});
afterEach(() => setRequestTime(null));

async function magazineSession(items: Record<string, unknown>[] = [{ price: ids.magazineMonthly }]) {
  const channel = await createChannel({ offer: { items } });
  return createSession({ sales_channel: channel.id, customer_reference: "cust-1002" });
}

describe("GET shipping-options/", () => {
  it("a physical product: shipping required, the account's active options priced for the order total", async () => {
    const session = await magazineSession();
    const r = await widget.shippingOptions(session.token);
    const body = expectStatus(r, 200);
    expect(r.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
    expect(body).toMatchObject({ shipping_required: true, currency: "EUR", charged_with_payment: false });
    const view = expectStatus(await widget.get(session.token), 200);
    expect(body.order_total_amount).toBe(view.offer.total_amount);
    const byId = new Map(body.options.map((o: { id: number }) => [o.id, o]));
    expect(byId.get(ids.post)).toEqual({
      id: ids.post,
      name: "Post",
      service_code: "POST",
      currency: "EUR",
      price_amount: Number(body.order_total_amount) >= 50 ? "0.0000" : "4.9000",
      free_above_amount: "50.0000",
      requires_location: false,
    });
    expect(byId.get(ids.locker)).toMatchObject({ price_amount: "3.9000", requires_location: true });
  });

  it("another account's and inactive options are not listed; a digital offer needs no shipping", async () => {
    const foreign = await db().shippingOption.create({
      data: { accountId: s.otherAccountId, name: "Foreign post", serviceCode: "FP", currency: "EUR", priceAmount: "1" },
    });
    const inactive = await db().shippingOption.create({
      data: { accountId: s.accountId, name: "Old courier", serviceCode: "OC", currency: "EUR", priceAmount: "2" },
    });
    await db().shippingOption.update({ where: { id: inactive.id }, data: { active: false } });
    const listed = expectStatus(await widget.shippingOptions((await magazineSession()).token), 200);
    const listedIds = listed.options.map((o: { id: number }) => o.id);
    expect(listedIds).not.toContain(foreign.id);
    expect(listedIds).not.toContain(inactive.id);
    const digital = await createSession({ sales_channel: (await createChannel()).id });
    expect(expectStatus(await widget.shippingOptions(digital.token), 200).shipping_required).toBe(false);
  });

  it("origin checked (403), unknown token 404, expired session 410", async () => {
    const session = await magazineSession();
    expect((await widget.shippingOptions(session.token, EVIL)).status).toBe(403);
    expect((await widget.shippingOptions("cs_unknown_token")).status).toBe(404);
    setRequestTime(new Date(Date.parse(session.expires_at) + 60_000));
    expect((await widget.shippingOptions(session.token)).status).toBe(410);
  });
});

describe("choosing a shipping option in the widget's checkout", () => {
  it("another account's option → 400 shipping; bad input → 400; a locker without location_id → 400 shipping", async () => {
    const session = await magazineSession();
    const foreign = await db().shippingOption.create({
      data: { accountId: s.otherAccountId, name: "Foreign 2", serviceCode: "F2", currency: "EUR", priceAmount: "1" },
    });
    expect400(await widget.checkout(session.token, { shipping: { option: foreign.id } }), "shipping");
    expect400(await widget.checkout(session.token, { shipping: { option: ids.locker } }), "shipping");
    for (const shipping of [{ option: "post" }, { location_id: "x" }, "post", { option: ids.post, location_id: 7 }]) {
      const r = await widget.checkout(session.token, { shipping });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(Object.keys(r.body).join()).toMatch(/shipping/);
    }
  });

  it("the chosen option is recorded as listed; totals are unchanged (not charged); finalize → active contract", async () => {
    const session = await magazineSession();
    const listed = expectStatus(await widget.shippingOptions(session.token), 200);
    const post = listed.options.find((o: { id: number }) => o.id === ids.post);
    const co = expectStatus(await widget.checkout(session.token, { shipping: { option: ids.post } }), 200);
    expect(co.shipping_selection).toMatchObject({ option_id: ids.post, price_amount: post.price_amount });
    expect(co.total_amount).toBe(listed.order_total_amount);
    expect((await submitCard(co.registration.token)).status).toBe(200);
    const done = expectStatus(await widget.finalize(session.token), 200);
    expect(done).toMatchObject({ status: "succeeded", session_status: "completed" });
    const contract = await db().subscriptionContract.findUniqueOrThrow({ where: { id: done.contract_id } });
    expect(contract.state).toBe("active");
    expect(contract.shippingSelection).toMatchObject({ option_id: ids.post, name: "Post" });
  });
});
