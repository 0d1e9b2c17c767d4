// The widget's public routes (spec 4.8): origin checks and CORS, the view of the session, and the flow
// from the session token to a finalized checkout with the generic sandbox card processor.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db, get, seed, setRequestTime } from "@/tests/helpers";
import {
  createChannel,
  createSession,
  DECLINED,
  DEV,
  EVIL,
  expect400,
  expectStatus,
  freshRef,
  SHOP,
  submitCard,
  widget,
} from "./_widget";

let ids: Record<string, number>;

beforeAll(async () => {
  ids = (await seed()).ids;
});
afterEach(() => setRequestTime(null));

async function openSession(body: Record<string, unknown> = {}, channel: Record<string, unknown> = {}) {
  const ch = await createChannel(channel);
  return createSession({ sales_channel: ch.id, ...body });
}

describe("origin checks and CORS", () => {
  it("an allowed origin gets the view with access-control-allow-origin: <origin> and vary: origin", async () => {
    const s = await openSession();
    for (const origin of [SHOP, DEV]) {
      const r = await widget.get(s.token, origin);
      expectStatus(r, 200);
      expect(r.headers.get("access-control-allow-origin")).toBe(origin);
      expect(r.headers.get("vary")?.toLowerCase()).toContain("origin");
      expect(r.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("a disallowed origin → 403 {detail} without CORS grant; so is a missing or opaque Origin", async () => {
    const s = await openSession();
    for (const origin of [
      EVIL,
      "http://shop.example.com",
      "https://shop.example.com:8443",
      "https://sub.shop.example.com",
      "null",
      null,
    ]) {
      const r = await widget.get(s.token, origin);
      expect(r.status, String(origin)).toBe(403);
      expect(typeof r.body.detail).toBe("string");
      expect(Object.keys(r.body)).toEqual(["detail"]);
      expect(r.headers.get("access-control-allow-origin")).toBeNull();
      expect((await widget.checkout(s.token, { customer: { reference: freshRef() } }, origin)).status).toBe(403);
      expect((await widget.finalize(s.token, origin)).status).toBe(403);
    }
    const row = await db().checkoutSession.findUniqueOrThrow({ where: { token: s.token } });
    expect(await db().checkout.count({ where: { checkoutSessionId: row.id } })).toBe(0);
    expect(await db().customer.count({ where: { reference: { startsWith: "widget-" } } })).toBe(0);
  });

  it("the Origin header is compared as browsers send it (case of the host, default port)", async () => {
    const s = await openSession();
    expectStatus(await widget.get(s.token, "https://SHOP.example.com"), 200);
    expectStatus(await widget.get(s.token, "https://shop.example.com:443"), 200);
  });

  it("unknown tokens are 404", async () => {
    const r = await widget.get("cs_doesnotexist");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
    expect((await widget.get("../../etc")).status).toBe(404);
    expect((await widget.preflight("session", "cs_doesnotexist")).status).toBe(404);
  });

  it("OPTIONS preflight: 204 with the CORS grant for allowed origins, 403 otherwise", async () => {
    const s = await openSession();
    for (const [route, method] of [
      ["session", "GET"],
      ["checkout", "POST"],
      ["finalize", "POST"],
    ] as const) {
      const ok = await widget.preflight(route, s.token, DEV);
      expect(ok.status).toBe(204);
      expect(ok.headers.get("access-control-allow-origin")).toBe(DEV);
      expect(ok.headers.get("access-control-allow-methods")).toContain(method);
      expect(ok.headers.get("access-control-allow-headers")).toContain("content-type");
      expect(ok.headers.get("vary")?.toLowerCase()).toContain("origin");
      const no = await widget.preflight(route, s.token, EVIL);
      expect(no.status).toBe(403);
      expect(no.headers.get("access-control-allow-origin")).toBeNull();
      expect((await widget.preflight(route, s.token, null)).status).toBe(403);
    }
  });
});

describe("GET /api/public/checkout-sessions/{token}/", () => {
  it("the offer priced now, theme, terms, eligible processors of the snapshot, expires_at; nothing private", async () => {
    const s = await openSession(
      { customer_reference: "cust-1001", metadata: { secret_note: "internal" } },
      { processor_ids: [ids.cardProcessor, ids.invoiceProcessor, ids.vendorB] },
    );
    const v = expectStatus(await widget.get(s.token), 200);
    expect(v).toMatchObject({
      token: s.token,
      status: "open",
      expires_at: s.expires_at,
      sales_channel: { name: "Web shop" },
      theme: s.snapshot.theme,
      terms: s.snapshot.terms,
      customer_required: false,
      checkout: null,
      requires_selection: true,
      selected_account_payment_processor_id: null,
    });
    expect(v.offer).toMatchObject({
      currency: "EUR",
      input_mode: expect.any(String),
      subtotal_amount: "9.9000",
      tax_amount: "2.3760",
      total_amount: "12.2760",
    });
    expect(v.offer.recurring_items[0]).toMatchObject({ price_id: ids.basicMonthly, quantity: 1 });
    expect(v.processors.map((p: any) => p.account_payment_processor_id).sort()).toEqual(
      [ids.cardProcessor, ids.invoiceProcessor, ids.vendorB].sort(),
    );
    expect(v.processors.find((p: any) => p.account_payment_processor_id === ids.cardProcessor)).toMatchObject({
      render_mode: "generic_card_form",
      collection_method: "card",
    });
    const text = JSON.stringify(v);
    for (const secret of ["internal", "allowed_origins", "cust-1001", 'channel":"web', 'from":"offer'])
      expect(text).not.toContain(secret);
  });

  it("only the snapshot's processors are offered, and only those eligible now; one processor is preselected", async () => {
    const s = await openSession({}, { processor_ids: [ids.cardProcessor] });
    const v = expectStatus(await widget.get(s.token), 200);
    expect(v.processors.map((p: any) => p.account_payment_processor_id)).toEqual([ids.cardProcessor]);
    expect(v).toMatchObject({
      selected_account_payment_processor_id: ids.cardProcessor,
      requires_selection: false,
      customer_required: true,
    });
    // a processor switched off after the session was created is no longer offered
    const extra = await db().accountPaymentProcessor.create({
      data: {
        accountId: (await seed()).accountId,
        displayName: "Spare",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "EUR",
      },
    });
    const s2 = await openSession({}, { processor_ids: [ids.cardProcessor, extra.id] });
    expect(expectStatus(await widget.get(s2.token), 200).processors).toHaveLength(2);
    await db().accountPaymentProcessor.update({ where: { id: extra.id }, data: { active: false } });
    expect(
      expectStatus(await widget.get(s2.token), 200).processors.map((p: any) => p.account_payment_processor_id),
    ).toEqual([ids.cardProcessor]);
  });
});

describe("widget flow", () => {
  it("session without customer → checkout creates the customer → card on the hosted form → finalize → succeeded; session completed", async () => {
    const ch = await createChannel();
    const s = await createSession({ sales_channel: ch.id, metadata: { order: "W-1" } });
    const ref = freshRef("new");
    const co = expectStatus(
      await widget.checkout(s.token, { customer: { reference: ref, email: "new@example.com", name: "New Buyer" } }),
      200,
    );
    expect(co).toMatchObject({
      status: "pending",
      currency: "EUR",
      total_amount: "12.2760",
      account_payment_processor_id: ids.cardProcessor,
      customer_reference: ref,
      session_expires_at: s.expires_at,
      registration: {
        status: "pending",
        render_mode: "generic_card_form",
        account_payment_processor_id: ids.cardProcessor,
      },
    });
    expect(co.checkout_token).toMatch(/^chk_/);
    expect(co.registration.hosted_url).toBe(`http://test.local/pay/registrations/${co.registration.token}`);
    expect(co.registration).not.toHaveProperty("status_url");
    const customer = await db().customer.findFirstOrThrow({ where: { reference: ref } });
    expect(customer).toMatchObject({ email: "new@example.com", name: "New Buyer" });

    // the seller sees the checkout on the session; the checkout is linked to the session
    const mid = expectStatus(await get(`/v2/checkout-sessions/${s.token}/`), 200);
    expect(mid).toMatchObject({
      status: "open",
      customer_reference: ref,
      checkout_token: co.checkout_token,
      checkout_status: "pending",
      contract_id: null,
    });
    const row = await db().checkout.findUniqueOrThrow({ where: { token: co.checkout_token } });
    expect(row.checkoutSessionId).toBe(
      (await db().checkoutSession.findUniqueOrThrow({ where: { token: s.token } })).id,
    );
    expect(expectStatus(await widget.get(s.token), 200).checkout).toEqual({
      token: co.checkout_token,
      status: "pending",
      contract_id: null,
    });

    // finalize before the card → 400 payment_method, nothing created
    expect400(await widget.finalize(s.token), "payment_method");
    expect(await db().subscriptionContract.count({ where: { customerId: customer.id } })).toBe(0);

    const sub = await submitCard(co.registration.token);
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(sub.body.status).toBe("verified");

    const fin = await widget.finalize(s.token);
    expectStatus(fin, 200);
    expect(fin.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(fin.body).toMatchObject({
      status: "succeeded",
      checkout_token: co.checkout_token,
      session_status: "completed",
    });
    expect(Number.isInteger(fin.body.contract_id)).toBe(true);

    const contract = expectStatus(await get(`/v2/subscription-contracts/${fin.body.contract_id}/`), 200);
    expect(contract).toMatchObject({ customer_reference: ref, state: "active" });
    // contract metadata: offer ⊕ channel ⊕ session metadata
    expect(contract.metadata).toMatchObject({ from: "offer", channel: "web", order: "W-1" });

    const done = expectStatus(await get(`/v2/checkout-sessions/${s.token}/`), 200);
    expect(done).toMatchObject({
      status: "completed",
      checkout_status: "succeeded",
      contract_id: fin.body.contract_id,
      customer_reference: ref,
    });

    // completed: finalize is idempotent, the view shows what was bought, a new checkout is refused
    expect(expectStatus(await widget.finalize(s.token), 200)).toMatchObject({
      status: "succeeded",
      contract_id: fin.body.contract_id,
      session_status: "completed",
    });
    const view = expectStatus(await widget.get(s.token), 200);
    expect(view).toMatchObject({
      status: "completed",
      checkout: { token: co.checkout_token, status: "succeeded", contract_id: fin.body.contract_id },
    });
    expect(view.offer.total_amount).toBe("12.2760");
    expect400(await widget.checkout(s.token, {}), "non_field_errors");
    expect(await db().subscriptionContract.count({ where: { customerId: customer.id } })).toBe(1);
  });

  it("session created for an existing customer: customer may be omitted or repeated, never another one", async () => {
    const s = await openSession({ customer_reference: "cust-1003" });
    expect400(await widget.checkout(s.token, { customer: { reference: "cust-1002" } }), "customer");
    const co = expectStatus(await widget.checkout(s.token, {}), 200);
    expect(co.customer_reference).toBe("cust-1003");
    const again = expectStatus(await widget.checkout(s.token, { customer: { reference: "cust-1003" } }), 200);
    // the new checkout replaces the pending one, which expires
    expect(again.checkout_token).not.toBe(co.checkout_token);
    expect((await db().checkout.findUniqueOrThrow({ where: { token: co.checkout_token } })).status).toBe("expired");
    expect(expectStatus(await get(`/v2/checkout-sessions/${s.token}/`), 200).checkout_token).toBe(again.checkout_token);
  });

  it("session without customer: a customer is required, an existing reference is refused, a new one is bound to the session", async () => {
    const s = await openSession();
    expect400(await widget.checkout(s.token, {}), "customer");
    expect400(await widget.checkout(s.token, { customer: { reference: "cust-1001" } }), "customer");
    expect400(await widget.checkout(s.token, { customer: { reference: "" } }), "customer");
    expect400(
      await widget.checkout(s.token, { customer: { reference: freshRef(), email: "not-an-email" } }),
      "customer",
    );
    const ref = freshRef();
    expectStatus(await widget.checkout(s.token, { customer: { reference: ref } }), 200);
    expect(expectStatus(await get(`/v2/checkout-sessions/${s.token}/`), 200).customer_reference).toBe(ref);
    // from now on the session has that customer
    expect400(await widget.checkout(s.token, { customer: { reference: freshRef() } }), "customer");
    expectStatus(await widget.checkout(s.token, {}), 200);
  });

  it("a customer created by a request that then fails stays bound, so the retry works", async () => {
    const s = await openSession({}, { processor_ids: [ids.cardProcessor, ids.vendorB] });
    const ref = freshRef();
    // several processors: the widget must choose
    expect400(await widget.checkout(s.token, { customer: { reference: ref } }), "account_payment_processor");
    expect(expectStatus(await get(`/v2/checkout-sessions/${s.token}/`), 200).customer_reference).toBeNull();
    expect400(
      await widget.checkout(s.token, { customer: { reference: ref }, account_payment_processor: ids.vendorA }),
      "account_payment_processor",
    );
    const co = expectStatus(
      await widget.checkout(s.token, { customer: { reference: ref }, account_payment_processor: ids.vendorB }),
      200,
    );
    expect(co).toMatchObject({
      account_payment_processor_id: ids.vendorB,
      registration: { render_mode: "vendor_b_checkout" },
    });
  });

  it("shipping: required for a physical product when the account ships; passed through to the checkout", async () => {
    const s = await openSession(
      { customer_reference: "cust-1002" },
      { offer: { items: [{ price: ids.magazineMonthly }] } },
    );
    expect400(await widget.checkout(s.token, {}), "shipping");
    const co = expectStatus(await widget.checkout(s.token, { shipping: { option: ids.post } }), 200);
    expect(co.shipping_selection).toMatchObject({ option_id: ids.post });
  });

  it("a declined card: finalize → 400 with status failed and contract id, not the private checkout; the session stays open", async () => {
    const s = await openSession();
    const co = expectStatus(await widget.checkout(s.token, { customer: { reference: freshRef() } }), 200);
    expect((await submitCard(co.registration.token, DECLINED)).status).toBe(200);
    const r = await widget.finalize(s.token);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toMatchObject({ status: "failed", checkout_token: co.checkout_token });
    expect(Number.isInteger(r.body.contract_id)).toBe(true);
    expect(r.body).not.toHaveProperty("quote_snapshot");
    expect(r.body).not.toHaveProperty("customer_id");
    expect(r.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(expectStatus(await get(`/v2/checkout-sessions/${s.token}/`), 200)).toMatchObject({
      status: "open",
      checkout_status: "failed",
    });
    // "Try another card": the same checkout (and contract) with a new card registration
    const co2 = expectStatus(await widget.checkout(s.token, {}), 200);
    expect(co2.checkout_token).toBe(co.checkout_token);
    expect(co2.registration.token).not.toBe(co.registration.token);
  });

  it("finalize without a checkout is a 400; bodies must be JSON", async () => {
    const s = await openSession();
    expect400(await widget.finalize(s.token), "non_field_errors");
    const req = new Request(`http://test.local/api/public/checkout-sessions/${s.token}/checkout/`, {
      method: "POST",
      headers: { origin: SHOP, "content-type": "application/json" },
      body: "{nope",
    });
    const { POST } = await import("@/app/api/public/checkout-sessions/[token]/checkout/route");
    const res = await POST(req, { params: Promise.resolve({ token: s.token }) });
    expect(res.status).toBe(400);
    expect(res.headers.get("access-control-allow-origin")).toBe(SHOP);
  });

  it("the widget routes need no API key and ignore one; the seller's private read still needs the secret key", async () => {
    const s = await openSession();
    expectStatus(await widget.get(s.token), 200);
    expect((await get(`/v2/checkout-sessions/${s.token}/`, { key: null })).status).toBe(401);
  });
});
