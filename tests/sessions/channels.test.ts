// Sales channels (extension of spec 4.8): create, list, read, update, deactivate; validation of the
// offer (compiled once, errors under the offer's field keys), origins, processors, theme and terms.
import { beforeAll, describe, expect, it } from "vitest";
import { expectIso } from "@/tests/api/_util";
import { db, get, patch, post, seed } from "@/tests/helpers";
import { channelBody, createChannel, DEV, expect400, expectStatus, OTHER_KEY, PUBLIC_KEY, SHOP } from "./_widget";

const URL = "/v2/sales-channels/";
let ids: Record<string, number>;

beforeAll(async () => {
  ids = (await seed()).ids;
});

describe("POST /v2/sales-channels/", () => {
  it("creates a channel with every field; origins normalized; offer stored with defaults", async () => {
    const body = await channelBody({
      allowed_origins: [
        "https://Shop.Example.com/",
        "https://shop.example.com:443",
        "http://localhost:5173",
        "https://admin.example.com:8443",
      ],
    });
    const c = expectStatus(await post(URL, body), 201);
    expect(c).toMatchObject({
      name: "Web shop",
      active: true,
      allowed_origins: [SHOP, DEV, "https://admin.example.com:8443"],
      processor_ids: [ids.cardProcessor],
      metadata: { channel: "web" },
      theme: { colors: { primary: "#0055ff", background: "white" }, logo_url: "https://shop.example.com/logo.svg" },
      terms: { url: "https://shop.example.com/terms", version: "2026-01", text: "Cancel any time." },
    });
    expect(Number.isInteger(c.id)).toBe(true);
    expect(c.offer).toMatchObject({
      items: [{ price: ids.basicMonthly, quantity: 1 }],
      bundle_quantity: 1,
      initial_items: [],
      additional_items: [],
      metadata: { from: "offer" },
    });
    expect(c.offer).not.toHaveProperty("customer_reference");
    expectIso(c.created_at);
    expectIso(c.updated_at);
    expect(expectStatus(await get(`${URL}${c.id}/`), 200)).toEqual(c);
  });

  it("a bundle offer is accepted; theme and terms default to {} and metadata to {}", async () => {
    const c = expectStatus(
      await post(URL, {
        name: "Family",
        offer: { bundle_template: ids.family },
        allowed_origins: [SHOP],
        processor_ids: [ids.cardProcessor],
      }),
      201,
    );
    expect(c).toMatchObject({ theme: {}, terms: {}, metadata: {}, offer: { bundle_template: ids.family } });
  });

  it("an invalid offer → 400 under the offer's own field keys (as a quote reports them)", async () => {
    expect400(await post(URL, await channelBody({ offer: { items: [{ price: 999999 }] } })), "items");
    expect400(await post(URL, await channelBody({ offer: { items: [{ price: ids.setupFee }] } })), "items");
    expect400(await post(URL, await channelBody({ offer: { bundle_template: 999999 } })), "bundle_template");
    expect400(await post(URL, await channelBody({ offer: {} })), "non_field_errors");
    expect400(await post(URL, await channelBody({ offer: { items: [{ price: "x" }] } })), "items");
    expect400(
      await post(URL, await channelBody({ offer: { items: [{ price: ids.basicMonthly }], currency: "usd1" } })),
      "currency",
    );
    expect400(
      await post(
        URL,
        await channelBody({ offer: { items: [{ price: ids.basicMonthly }], customer_reference: "cust-1001" } }),
      ),
      "customer_reference",
    );
    expect400(
      await post(
        URL,
        await channelBody({
          offer: { items: [{ price: ids.basicMonthly }], payment_processor_override: ids.cardProcessor },
        }),
      ),
      "payment_processor_override",
    );
    expect400(
      await post(
        URL,
        await channelBody({ offer: { items: [{ price: ids.basicMonthly }], initial_billing_mode: "none" } }),
      ),
      "initial_billing_mode",
    );
    // the other account's price is not in this account's catalog
    expect400(await post(URL, await channelBody({ offer: { items: [{ price: ids.otherPrice }] } })), "items");
    // same key as a quote of the same offer
    const q = await post("/v2/subscription-offer-quotes/", { items: [{ price: 999999 }] });
    expect(q.status).toBe(400);
    expect(Object.keys(q.body)).toContain("items");
  });

  it("offer missing or not an object → 400 offer", async () => {
    const { offer: _, ...rest } = await channelBody();
    expect400(await post(URL, rest), "offer");
    expect400(await post(URL, await channelBody({ offer: [1] })), "offer");
  });

  it("allowed_origins: https origins or http://localhost only, no paths or wildcards, at least one", async () => {
    for (const bad of [
      "http://shop.example.com",
      "https://shop.example.com/checkout",
      "https://*.example.com",
      "shop.example.com",
      "ftp://shop.example.com",
      "https://user@shop.example.com",
      "https://shop.example.com?x=1",
      "null",
      "",
    ]) {
      expect400(await post(URL, await channelBody({ allowed_origins: [SHOP, bad] })), "allowed_origins");
    }
    expect400(await post(URL, await channelBody({ allowed_origins: [] })), "allowed_origins");
    expect400(await post(URL, await channelBody({ allowed_origins: "https://shop.example.com" })), "allowed_origins");
    const c = expectStatus(
      await post(URL, await channelBody({ allowed_origins: [SHOP, SHOP, "http://localhost"] })),
      201,
    );
    expect(c.allowed_origins).toEqual([SHOP, "http://localhost"]);
  });

  it("processor_ids: the account's processors in the offer's currency, at least one", async () => {
    expect400(await post(URL, await channelBody({ processor_ids: [] })), "processor_ids");
    expect400(await post(URL, await channelBody({ processor_ids: [999999] })), "processor_ids");
    const { otherAccountId } = await seed();
    const foreign = await db().accountPaymentProcessor.create({
      data: {
        accountId: otherAccountId,
        displayName: "Other card",
        processorType: "sandbox_generic",
        renderMode: "generic_card_form",
        collectionMethod: "card",
        currency: "EUR",
      },
    });
    expect400(await post(URL, await channelBody({ processor_ids: [ids.cardProcessor, foreign.id] })), "processor_ids");
    // vendor A is a USD processor; the offer is EUR
    const r = expect400(
      await post(URL, await channelBody({ processor_ids: [ids.cardProcessor, ids.vendorA] })),
      "processor_ids",
    );
    expect(r.processor_ids.join(" ")).toMatch(/USD/);
    expect(
      expectStatus(
        await post(URL, await channelBody({ processor_ids: [ids.cardProcessor, ids.vendorB, ids.invoiceProcessor] })),
        201,
      ).processor_ids,
    ).toEqual([ids.cardProcessor, ids.vendorB, ids.invoiceProcessor]);
  });

  it("theme and terms are objects; logo and terms URLs must be https; colors must be CSS colors", async () => {
    expect400(await post(URL, await channelBody({ theme: "dark" })), "theme");
    expect400(await post(URL, await channelBody({ theme: { logo_url: "http://shop.example.com/logo.png" } })), "theme");
    expect400(
      await post(URL, await channelBody({ theme: { colors: { primary: "url(javascript:alert(1))" } } })),
      "theme",
    );
    expect400(await post(URL, await channelBody({ terms: ["x"] })), "terms");
    expect400(await post(URL, await channelBody({ terms: { url: "javascript:alert(1)" } })), "terms");
    expect400(await post(URL, await channelBody({ terms: { text: "x".repeat(20_001) } })), "terms");
    const c = expectStatus(
      await post(
        URL,
        await channelBody({
          theme: { colors: { accent: "rgb(10, 20, 30)" }, button_style: "rounded" },
          terms: { version: "v3" },
        }),
      ),
      201,
    );
    expect(c.theme).toEqual({ colors: { accent: "rgb(10, 20, 30)" }, button_style: "rounded" });
    expect(c.terms).toEqual({ version: "v3" });
  });

  it("name and metadata are validated; a body is required", async () => {
    expect400(await post(URL, await channelBody({ name: "" })), "name");
    expect400(await post(URL, await channelBody({ name: undefined })), "name");
    expect400(await post(URL, await channelBody({ metadata: [1] })), "metadata");
    expect400(await post(URL, undefined), "non_field_errors");
  });
});

describe("GET /v2/sales-channels/ and /{id}/", () => {
  it("lists the account's active channels by default, all with ?active=all, pages with page_size", async () => {
    const a = await createChannel({ name: "List A" });
    const b = await createChannel({ name: "List B", active: false });
    const active = expectStatus(await get(URL), 200);
    expect(active.map((c: any) => c.id)).toContain(a.id);
    expect(active.map((c: any) => c.id)).not.toContain(b.id);
    expect(active.every((c: any) => c.active)).toBe(true);
    const all = expectStatus(await get(`${URL}?active=all`), 200);
    expect(all.map((c: any) => c.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(expectStatus(await get(`${URL}?active=false`), 200).map((c: any) => c.id)).toContain(b.id);
    const page = expectStatus(await get(`${URL}?active=all&page_size=1`), 200);
    expect(page).toMatchObject({ count: all.length, previous: null });
    expect(page.results).toHaveLength(1);
    expect400(await get(`${URL}?active=maybe`), "active");
  });

  it("another account sees none of them; unknown or non-integer ids are 404", async () => {
    const c = await createChannel({ name: "Private" });
    expect(expectStatus(await get(`${URL}?active=all`, { key: OTHER_KEY }), 200)).toEqual([]);
    expect((await get(`${URL}${c.id}/`, { key: OTHER_KEY })).status).toBe(404);
    expect((await patch(`${URL}${c.id}/`, { name: "Mine" }, { key: OTHER_KEY })).status).toBe(404);
    expect((await get(`${URL}999999/`)).status).toBe(404);
    expect((await get(`${URL}abc/`)).status).toBe(404);
  });

  it("the public key is refused (403) and a missing key is 401", async () => {
    expect((await get(URL, { key: PUBLIC_KEY })).status).toBe(403);
    expect((await post(URL, await channelBody(), { key: PUBLIC_KEY })).status).toBe(403);
    expect((await get(URL, { key: null })).status).toBe(401);
  });
});

describe("PATCH /v2/sales-channels/{id}/", () => {
  it("updates fields, replaces offer/origins/processors/theme/terms, shallow-merges metadata", async () => {
    const c = await createChannel({ metadata: { channel: "web", keep: 1 } });
    const u = expectStatus(
      await patch(`${URL}${c.id}/`, {
        name: "Renamed",
        offer: { bundle_template: ids.family },
        allowed_origins: ["https://new.example.com"],
        processor_ids: [ids.vendorB],
        theme: { colors: { primary: "#000" } },
        terms: { version: "2" },
        metadata: { channel: null, added: true },
      }),
      200,
    );
    expect(u).toMatchObject({
      id: c.id,
      name: "Renamed",
      offer: { bundle_template: ids.family },
      allowed_origins: ["https://new.example.com"],
      processor_ids: [ids.vendorB],
      theme: { colors: { primary: "#000" } },
      terms: { version: "2" },
      metadata: { keep: 1, added: true },
      active: true,
    });
    expect(u.metadata).not.toHaveProperty("channel");
    expect(u.offer).not.toHaveProperty("items");
    expect(expectStatus(await get(`${URL}${c.id}/`), 200)).toEqual(u);
  });

  it("deactivates and reactivates; an inactive channel stays readable", async () => {
    const c = await createChannel();
    expect(expectStatus(await patch(`${URL}${c.id}/`, { active: false }), 200).active).toBe(false);
    expect(expectStatus(await get(`${URL}${c.id}/`), 200).active).toBe(false);
    expect(expectStatus(await patch(`${URL}${c.id}/`, { active: true }), 200).active).toBe(true);
  });

  it("validates like creation (offer keys, origins, processors against the offer's currency); unknown fields are 400", async () => {
    const c = await createChannel();
    expect400(await patch(`${URL}${c.id}/`, { offer: { items: [{ price: 999999 }] } }), "items");
    expect400(await patch(`${URL}${c.id}/`, { allowed_origins: ["http://shop.example.com"] }), "allowed_origins");
    expect400(await patch(`${URL}${c.id}/`, { processor_ids: [ids.vendorA] }), "processor_ids");
    // a USD offer does not fit the channel's EUR processor
    expect400(await patch(`${URL}${c.id}/`, { offer: { items: [{ price: ids.basicUsd }] } }), "processor_ids");
    expect400(await patch(`${URL}${c.id}/`, { id: 5 }), "id");
    expect400(await patch(`${URL}${c.id}/`, { active: "no" }), "active");
    // nothing changed
    expect(expectStatus(await get(`${URL}${c.id}/`), 200)).toEqual(c);
    // USD offer with the USD processor together is fine
    expect(
      expectStatus(
        await patch(`${URL}${c.id}/`, { offer: { items: [{ price: ids.basicUsd }] }, processor_ids: [ids.vendorA] }),
        200,
      ).processor_ids,
    ).toEqual([ids.vendorA]);
  });
});
