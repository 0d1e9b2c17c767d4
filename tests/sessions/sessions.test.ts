// Embedded checkout sessions, seller side (spec 4.8, 5.3): creation from a sales channel with the secret
// key, the private read, the snapshot of the channel's policies, the 30-minute lifetime, 400s and keys.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectIso } from "@/tests/api/_util";
import { db, get, patch, post, seed, setRequestTime } from "@/tests/helpers";
import {
  createChannel,
  createSession,
  DEV,
  expect400,
  expectStatus,
  MIN,
  OTHER_KEY,
  PUBLIC_KEY,
  SHOP,
  widget,
} from "./_widget";

const URL = "/v2/checkout-sessions/";
let ids: Record<string, number>;

beforeAll(async () => {
  ids = (await seed()).ids;
});
afterEach(() => setRequestTime(null));

describe("POST /v2/checkout-sessions/", () => {
  it("201: a session with a token, the channel's snapshot, 30 minutes of life; GET returns the same private state", async () => {
    const ch = await createChannel();
    const at = new Date(Date.now() - 5 * MIN);
    setRequestTime(at);
    const s = await createSession({
      sales_channel: ch.id,
      customer_reference: "cust-1001",
      metadata: { order: "A-1" },
    });
    expect(s.token).toMatch(/^cs_[A-Za-z0-9_-]{20,}$/);
    expect(s).toMatchObject({
      status: "open",
      sales_channel_id: ch.id,
      customer_reference: "cust-1001",
      metadata: { order: "A-1" },
      checkout_token: null,
      checkout_status: null,
      contract_id: null,
      widget_url: `http://test.local/api/public/checkout-sessions/${s.token}/`,
      widget_page_url: `http://test.local/embed/checkout/${s.token}`,
      snapshot: {
        sales_channel: { id: ch.id, name: ch.name },
        offer: ch.offer,
        allowed_origins: ch.allowed_origins,
        processor_ids: ch.processor_ids,
        metadata: ch.metadata,
        theme: ch.theme,
        terms: ch.terms,
      },
    });
    expect(s.created_at).toBe(at.toISOString());
    expect(s.expires_at).toBe(new Date(at.getTime() + 30 * MIN).toISOString());
    for (const f of ["expires_at", "created_at", "updated_at"]) expectIso(s[f], f);
    expect(expectStatus(await get(`${URL}${s.token}/`), 200)).toEqual(s);
  });

  it("without customer_reference the session has none; metadata defaults to {}", async () => {
    const ch = await createChannel();
    const s = await createSession({ sales_channel: ch.id });
    expect(s).toMatchObject({ customer_reference: null, metadata: {} });
  });

  it("400 sales_channel: missing, unknown, another account's, inactive", async () => {
    const ch = await createChannel();
    expect400(await post(URL, {}), "sales_channel");
    expect400(await post(URL, { sales_channel: "x" }), "sales_channel");
    expect400(await post(URL, { sales_channel: 999999 }), "sales_channel");
    // the other account cannot use this account's channel
    expect400(await post(URL, { sales_channel: ch.id }, { key: OTHER_KEY }), "sales_channel");
    expectStatus(await patch(`/v2/sales-channels/${ch.id}/`, { active: false }), 200);
    const r = expect400(await post(URL, { sales_channel: ch.id }), "sales_channel");
    expect(r.sales_channel[0]).toMatch(/inactive/);
    expect(await db().checkoutSession.count({ where: { salesChannelId: ch.id } })).toBe(0);
  });

  it("400 customer_reference when the customer does not exist (or belongs to another account)", async () => {
    const ch = await createChannel();
    expect400(await post(URL, { sales_channel: ch.id, customer_reference: "nobody-here" }), "customer_reference");
    expect400(await post(URL, { sales_channel: ch.id, customer_reference: "other-cust-1" }), "customer_reference");
    expect400(await post(URL, { sales_channel: ch.id, metadata: "x" }), "metadata");
  });

  it("400 sales_channel when the channel's offer no longer compiles (catalog changed since)", async () => {
    const price = await db().catalogPrice.findUniqueOrThrow({ where: { id: ids.sportsYearly } });
    const product = await db().catalogProduct.create({
      data: { accountId: price.accountId, name: "Short-lived", reference: `short-${Date.now()}`, electronic: true },
    });
    const p = await db().catalogPrice.create({
      data: {
        accountId: price.accountId,
        productId: product.id,
        reference: `short-m-${Date.now()}`,
        currency: "EUR",
        billingType: "recurring",
        recurrenceType: "interval",
        interval: "month",
        intervalCount: 1,
        versions: { create: { unitAmount: "2.0000" } },
      },
    });
    const ch = await createChannel({ offer: { items: [{ price: p.id }] } });
    await db().catalogPrice.update({ where: { id: p.id }, data: { active: false } });
    const r = expect400(await post(URL, { sales_channel: ch.id }), "sales_channel");
    expect(r.sales_channel[0]).toMatch(/no longer valid/);
  });

  it("the public key is refused (403), a missing key 401", async () => {
    const ch = await createChannel();
    expect((await post(URL, { sales_channel: ch.id }, { key: PUBLIC_KEY })).status).toBe(403);
    expect((await post(URL, { sales_channel: ch.id }, { key: null })).status).toBe(401);
  });
});

describe("GET /v2/checkout-sessions/{token}/", () => {
  it("404 for an unknown token and for another account's session; 403 with the public key", async () => {
    const ch = await createChannel();
    const s = await createSession({ sales_channel: ch.id });
    expect((await get(`${URL}cs_unknown/`)).status).toBe(404);
    expect((await get(`${URL}${s.token}/`, { key: OTHER_KEY })).status).toBe(404);
    expect((await get(`${URL}${s.token}/`, { key: PUBLIC_KEY })).status).toBe(403);
  });
});

describe("snapshot", () => {
  it("changing or deactivating the channel later does not change an existing session (private or widget view)", async () => {
    const ch = await createChannel();
    const s = await createSession({ sales_channel: ch.id });
    const before = expectStatus(await widget.get(s.token), 200);
    expectStatus(
      await patch(`/v2/sales-channels/${ch.id}/`, {
        name: "Changed",
        offer: { items: [{ price: ids.premiumMonthly, quantity: 2 }] },
        allowed_origins: ["https://elsewhere.example.com"],
        processor_ids: [ids.vendorB],
        metadata: { channel: "changed" },
        theme: { colors: { primary: "#ff0000" } },
        terms: { version: "9" },
      }),
      200,
    );
    expectStatus(await patch(`/v2/sales-channels/${ch.id}/`, { active: false }), 200);
    const after = expectStatus(await get(`${URL}${s.token}/`), 200);
    expect(after.snapshot).toEqual(s.snapshot);
    expect(after.snapshot.allowed_origins).toEqual([SHOP, DEV]);
    // the widget still works from the old origin with the old offer, theme, terms and processors
    const view = expectStatus(await widget.get(s.token), 200);
    expect(view.offer.recurring_items.map((l: any) => [l.price_id, l.quantity])).toEqual([[ids.basicMonthly, 1]]);
    expect(view.theme).toEqual(before.theme);
    expect(view.terms).toEqual(before.terms);
    expect(view.processors.map((p: any) => p.account_payment_processor_id)).toEqual([ids.cardProcessor]);
    expect((await widget.get(s.token, "https://elsewhere.example.com")).status).toBe(403);
    // a new session is refused while the channel is inactive, and follows the new policies once reactivated
    expect400(await post(URL, { sales_channel: ch.id }), "sales_channel");
    expectStatus(await patch(`/v2/sales-channels/${ch.id}/`, { active: true }), 200);
    const s2 = await createSession({ sales_channel: ch.id });
    expect(s2.snapshot).toMatchObject({
      sales_channel: { name: "Changed" },
      allowed_origins: ["https://elsewhere.example.com"],
      processor_ids: [ids.vendorB],
      terms: { version: "9" },
    });
  });
});

describe("lifetime", () => {
  it("open for 30 minutes; afterwards status expired, the widget gets 410 and cannot create a checkout", async () => {
    const ch = await createChannel();
    const t0 = new Date();
    setRequestTime(t0);
    const s = await createSession({ sales_channel: ch.id, customer_reference: "cust-1002" });
    setRequestTime(new Date(t0.getTime() + 29 * MIN));
    expect(expectStatus(await get(`${URL}${s.token}/`), 200).status).toBe("open");
    expectStatus(await widget.get(s.token), 200);
    setRequestTime(new Date(t0.getTime() + 30 * MIN));
    expect(expectStatus(await get(`${URL}${s.token}/`), 200).status).toBe("expired");
    const gone = await widget.get(s.token);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ code: "session_expired" });
    expect(gone.body.detail).toMatch(/expired/);
    expect(gone.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect((await widget.checkout(s.token, {})).status).toBe(410);
    expect((await widget.finalize(s.token)).status).toBe(410);
    expect((await db().checkoutSession.findUniqueOrThrow({ where: { token: s.token } })).status).toBe("expired");
    expect(
      await db().checkout.count({
        where: { checkoutSessionId: (await db().checkoutSession.findUniqueOrThrow({ where: { token: s.token } })).id },
      }),
    ).toBe(0);
    // stays expired even if the clock were read earlier again
    setRequestTime(t0);
    expect(expectStatus(await get(`${URL}${s.token}/`), 200).status).toBe("expired");
  });
});
