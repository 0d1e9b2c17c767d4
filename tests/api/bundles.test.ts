// Spec 2.3, 2.4 (BundleItemSelection, add-on offers) and 4.2 through the real route files.
import { beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { db, get, post, seed } from "@/tests/helpers";
import {
  ADDON_COMMON_FIELDS,
  BUNDLE_PRODUCT_FIELDS,
  expectBundle,
  expectBundleDetail,
  expectFields,
  expectPage,
  expectPrice,
  linkParams,
} from "./_util";

let s: SeedResult;
beforeAll(async () => {
  s = await seed();
});

const refs = (list: any[]) => list.map((x) => x.reference);
const addons = (bundleId: number, body: unknown, opts?: Parameters<typeof post>[2]) =>
  post(`/v2/bundle-templates/${bundleId}/addons/`, body, opts);

describe("BundleTemplate list (2.3)", () => {
  it("lists active bundles with every field", async () => {
    const r = await get("/v2/bundle-templates/");
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect(refs(r.body)).toEqual(["family", "kids"]);
    for (const b of r.body) {
      expectBundle(b);
      expect(b).not.toHaveProperty("items");
    }
    expect(r.body[0]).toMatchObject({
      id: s.ids.family,
      name: "Family Bundle",
      description: "Streaming with an optional magazine",
      reference: "family",
      default_currency: "EUR",
      active: true,
      item_count: 2,
      metadata: {},
    });
    expect(r.body[1]).toMatchObject({ id: s.ids.kidsBundle, description: null, item_count: 1 });
  });

  it("active filter: all/any, false, invalid", async () => {
    expect(refs((await get("/v2/bundle-templates/?active=all")).body)).toEqual(["family", "kids", "retired"]);
    expect(refs((await get("/v2/bundle-templates/?active=any")).body)).toEqual(["family", "kids", "retired"]);
    const inactive = (await get("/v2/bundle-templates/?active=false")).body;
    expect(refs(inactive)).toEqual(["retired"]);
    expect(inactive[0]).toMatchObject({ active: false, item_count: 0 });
    const bad = await get("/v2/bundle-templates/?active=nope");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(["active"]);
  });

  it("reference filter", async () => {
    expect(refs((await get("/v2/bundle-templates/?reference=kids")).body)).toEqual(["kids"]);
    expect((await get("/v2/bundle-templates/?reference=retired")).body).toEqual([]);
    expect(refs((await get("/v2/bundle-templates/?reference=retired&active=all")).body)).toEqual(["retired"]);
    expect((await get("/v2/bundle-templates/?reference=nope")).body).toEqual([]);
  });

  it("unknown query parameters are ignored", async () => {
    expect(refs((await get("/v2/bundle-templates/?name=Kids&foo=1")).body)).toEqual(["family", "kids"]);
  });

  it("pagination", async () => {
    const p1 = await get("/v2/bundle-templates/?page_size=1");
    expect(p1.status).toBe(200);
    expectPage(p1.body);
    expect(p1.body.count).toBe(2);
    expect(refs(p1.body.results)).toEqual(["family"]);
    expect(p1.body.previous).toBeNull();
    expect(linkParams(p1.body.next)).toEqual({ page_size: "1", page: "2" });
    const p2 = await get("/v2/bundle-templates/?page_size=1&page=2");
    expect(refs(p2.body.results)).toEqual(["kids"]);
    expect(p2.body.next).toBeNull();
    expect(linkParams(p2.body.previous)).toEqual({ page_size: "1" });
    const beyond = await get("/v2/bundle-templates/?page_size=1&page=3");
    expect(beyond.status).toBe(404);
    expect(beyond.body).toEqual({ detail: "Invalid page." });
    expect((await get("/v2/bundle-templates/?page_size=0")).status).toBe(400);
    expect((await get("/v2/bundle-templates/?page_size=5000&active=all")).body.results.length).toBe(3);
  });
});

describe("BundleTemplate detail (2.3)", () => {
  it("family: items with product, default price and selectable prices", async () => {
    const r = await get(`/v2/bundle-templates/${s.ids.family}/`);
    expect(r.status).toBe(200);
    expectBundleDetail(r.body);
    const [streaming, magazine] = r.body.items;
    expect(streaming).toMatchObject({
      id: s.ids.familyStreamingItem,
      quantity: 1,
      required: true,
      price_option_scope: "selectable",
      default_price_id: s.ids.basicMonthly,
      display_order: 0,
      metadata: {},
      product: { id: s.ids.streaming, name: "Streaming Basic", reference: "streaming-basic", image_url: null },
    });
    expectFields(streaming.product, BUNDLE_PRODUCT_FIELDS);
    expect(streaming.default_price).toMatchObject({
      id: s.ids.basicMonthly,
      unit_amount: "9.9000",
      reference: "streaming-basic-monthly",
    });
    expect(streaming.selectable_prices.map((x: any) => [x.price_id, x.display_label, x.is_default])).toEqual([
      [s.ids.basicMonthly, "Basic", true],
      [s.ids.premiumMonthly, "Premium", false],
    ]);
    // the embedded price is a full CatalogPrice, with the version in effect now
    const premium = streaming.selectable_prices[1].price;
    expect(premium).toMatchObject({
      id: s.ids.premiumMonthly,
      product_name: "Streaming Premium",
      unit_amount: "14.9000",
    });
    expect(premium.versions).toHaveLength(3);

    expect(magazine).toMatchObject({
      id: s.ids.familyMagazineItem,
      required: false,
      price_option_scope: "fixed",
      default_price_id: s.ids.magazineMonthly,
      display_order: 1,
      product: { id: s.ids.magazine, reference: "magazine" },
    });
    // a fixed item offers exactly its default price
    expect(magazine.selectable_prices.map((x: any) => [x.price_id, x.is_default])).toEqual([
      [s.ids.magazineMonthly, true],
    ]);
    expect(magazine.default_price.billing_day_of_month).toBe(1);
  });

  it("kids: product_active_recurring offers the product's active recurring prices", async () => {
    const r = await get(`/v2/bundle-templates/${s.ids.kidsBundle}/`);
    expect(r.status).toBe(200);
    expectBundleDetail(r.body);
    expect(r.body.items).toHaveLength(1);
    const item = r.body.items[0];
    expect(item.price_option_scope).toBe("product_active_recurring");
    expect(item.selectable_prices.map((x: any) => [x.price_id, x.display_label, x.is_default])).toEqual([
      [s.ids.kidsMonthly, null, true],
    ]);
    const catalog = (await get(`/v2/catalog/prices/?product=${s.ids.kids}&billing_type=recurring`)).body.map(
      (p: any) => p.id,
    );
    expect(item.selectable_prices.map((x: any) => x.price_id)).toEqual(catalog);
  });

  it("inactive bundle → 404 by default, 200 with ?active=all", async () => {
    const r = await get(`/v2/bundle-templates/${await retiredId()}/`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
    const all = await get(`/v2/bundle-templates/${await retiredId()}/?active=all`);
    expect(all.status).toBe(200);
    expectBundleDetail(all.body);
    expect(all.body).toMatchObject({ reference: "retired", active: false, items: [] });
  });

  it.each(["abc", "1.5", "-1", "0", "99999999999", "999999"])("unknown or non-integer id %j → 404", async (id) => {
    const r = await get(`/v2/bundle-templates/${id}/`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
  });

  it("invalid active on the detail → 400", async () => {
    const r = await get(`/v2/bundle-templates/${s.ids.family}/?active=maybe`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["active"]);
  });
});

async function retiredId(): Promise<number> {
  return (await db().bundleTemplate.findFirstOrThrow({ where: { accountId: s.accountId, reference: "retired" } })).id;
}

describe("add-ons (4.2)", () => {
  it("default selections: terms of the bundle and both kinds of offers", async () => {
    const r = await addons(s.ids.family, { bundle_item_selections: [] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      bundle_template_id: s.ids.family,
      currency: "EUR",
      recurrence_type: "interval",
      interval: "month",
      interval_count: 1,
      billing_day_of_month: null,
      billing_schedule_id: null,
    });
    expect(r.body.product_addons.map((o: any) => o.rule_id)).toEqual([s.ids.sportsRule, s.ids.screenRule]);
    expect(r.body.bundle_addons.map((o: any) => o.rule_id)).toEqual([s.ids.kidsRule]);
  });

  it("product add-on offers carry the rule fields, product, default price and filtered prices", async () => {
    const r = await addons(s.ids.family, {
      bundle_item_selections: [{ bundle_item: s.ids.familyStreamingItem, selected_price: s.ids.basicMonthly }],
    });
    expect(r.status).toBe(200);
    for (const o of r.body.product_addons) {
      expectFields(o, {
        ...ADDON_COMMON_FIELDS,
        product: "object",
        default_price_id: "int",
        selectable_prices: "array",
      });
      expectFields(o.product, BUNDLE_PRODUCT_FIELDS);
      for (const p of o.selectable_prices) expectPrice(p);
      expect(o.selectable_prices.map((p: any) => p.id)).toContain(o.default_price_id);
    }
    const [sports, screen] = r.body.product_addons;
    expect(sports).toMatchObject({
      rule_id: s.ids.sportsRule,
      relationship_type: expect.any(String),
      min_quantity: 0,
      max_quantity: 1,
      same_interval_required: true,
      same_currency_required: true,
      product: { id: s.ids.sports, name: "Sports Add-on", reference: "sports-addon", image_url: null },
      default_price_id: s.ids.sportsMonthly,
    });
    // the yearly sports price does not match the bundle's monthly interval
    expect(sports.selectable_prices.map((p: any) => p.id)).toEqual([s.ids.sportsMonthly]);
    expect(screen).toMatchObject({
      rule_id: s.ids.screenRule,
      min_quantity: 1,
      max_quantity: 3,
      default_price_id: s.ids.screenMonthly,
      product: { id: s.ids.screen },
    });
    expect(screen.selectable_prices.map((p: any) => p.id)).toEqual([s.ids.screenMonthly]);
  });

  it("bundle add-on offers carry the rule fields and the bundle detail", async () => {
    const r = await addons(s.ids.family, { bundle_item_selections: [] });
    const [kids] = r.body.bundle_addons;
    expectFields(kids, { ...ADDON_COMMON_FIELDS, bundle_template: "object" });
    expect(kids).toMatchObject({ rule_id: s.ids.kidsRule, min_quantity: 1, max_quantity: 1 });
    expectBundleDetail(kids.bundle_template);
    expect(kids.bundle_template).toMatchObject({ id: s.ids.kidsBundle, reference: "kids" });
    expect(kids.bundle_template.items[0].selectable_prices.map((x: any) => x.price_id)).toEqual([s.ids.kidsMonthly]);
  });

  it("selecting premium instead of basic keeps the monthly EUR terms", async () => {
    const r = await addons(s.ids.family, {
      bundle_item_selections: [{ bundle_item: s.ids.familyStreamingItem, selected_price: s.ids.premiumMonthly }],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ currency: "EUR", interval: "month", interval_count: 1 });
    expect(r.body.product_addons.map((o: any) => o.rule_id)).toEqual([s.ids.sportsRule, s.ids.screenRule]);
  });

  it("including the optional fixed-day magazine item shows its billing day", async () => {
    const r = await addons(s.ids.family, { bundle_item_selections: [{ bundle_item: s.ids.familyMagazineItem }] });
    expect(r.status).toBe(200);
    expect(r.body.billing_day_of_month).toBe(1);
    const excluded = await addons(s.ids.family, {
      bundle_item_selections: [{ bundle_item: s.ids.familyMagazineItem, include: false }],
    });
    expect(excluded.status).toBe(200);
    expect(excluded.body.billing_day_of_month).toBeNull();
  });

  it("excluding a required item → 400 bundle_item_selections", async () => {
    const r = await addons(s.ids.family, {
      bundle_item_selections: [{ bundle_item: s.ids.familyStreamingItem, include: false }],
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["bundle_item_selections"]);
    expect(r.body.bundle_item_selections.join(" ")).toMatch(/required/);
  });

  it("a bundle item of another bundle → 400 bundle_item_selections", async () => {
    const kidsItem = (await get(`/v2/bundle-templates/${s.ids.kidsBundle}/`)).body.items[0].id;
    for (const bundle_item of [kidsItem, 999999]) {
      const r = await addons(s.ids.family, { bundle_item_selections: [{ bundle_item }] });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body)).toEqual(["bundle_item_selections"]);
      expect(r.body.bundle_item_selections.join(" ")).toContain(String(bundle_item));
    }
  });

  it("the same item selected twice → 400", async () => {
    const r = await addons(s.ids.family, {
      bundle_item_selections: [{ bundle_item: s.ids.familyStreamingItem }, { bundle_item: s.ids.familyStreamingItem }],
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["bundle_item_selections"]);
  });

  it.each([
    ["a price of the same product that is not selectable", () => s.ids.basicYearly],
    ["a price of another product", () => s.ids.sportsMonthly],
    ["an inactive price", () => s.ids.inactivePrice],
    ["another account's price", () => s.ids.otherPrice],
    ["an unknown price", () => 999999],
  ])("selected_price that is %s → 400 bundle_item_selections", async (_, price) => {
    const r = await addons(s.ids.family, {
      bundle_item_selections: [{ bundle_item: s.ids.familyStreamingItem, selected_price: price() }],
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["bundle_item_selections"]);
  });

  it("a fixed item accepts only its own price", async () => {
    expect(
      (
        await addons(s.ids.family, {
          bundle_item_selections: [{ bundle_item: s.ids.familyMagazineItem, selected_price: s.ids.magazineMonthly }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await addons(s.ids.family, {
          bundle_item_selections: [{ bundle_item: s.ids.familyMagazineItem, selected_price: s.ids.quarterlyPrice }],
        })
      ).status,
    ).toBe(400);
  });

  it.each([
    ["no body", undefined, undefined],
    ["empty object", {}, "bundle_item_selections"],
    ["bundle_item_selections not a list", { bundle_item_selections: "x" }, "bundle_item_selections"],
    ["bundle_item_selections null", { bundle_item_selections: null }, "bundle_item_selections"],
    ["bundle_item a string", { bundle_item_selections: [{ bundle_item: "x" }] }, "bundle_item_selections"],
    ["bundle_item missing", { bundle_item_selections: [{ quantity: 1 }] }, "bundle_item_selections"],
    ["bundle_item a float", { bundle_item_selections: [{ bundle_item: 1.5 }] }, "bundle_item_selections"],
    ["bundle_item huge", { bundle_item_selections: [{ bundle_item: 1e20 }] }, "bundle_item_selections"],
    ["quantity -1", { bundle_item_selections: [{ bundle_item: 1, quantity: -1 }] }, "bundle_item_selections"],
    ["quantity 0", { bundle_item_selections: [{ bundle_item: 1, quantity: 0 }] }, "bundle_item_selections"],
    ["quantity 1e20", { bundle_item_selections: [{ bundle_item: 1, quantity: 1e20 }] }, "bundle_item_selections"],
    ["quantity a string", { bundle_item_selections: [{ bundle_item: 1, quantity: "2" }] }, "bundle_item_selections"],
    ["include a string", { bundle_item_selections: [{ bundle_item: 1, include: "no" }] }, "bundle_item_selections"],
    [
      "selected_price a string",
      { bundle_item_selections: [{ bundle_item: 1, selected_price: "abc" }] },
      "bundle_item_selections",
    ],
    ["selection not an object", { bundle_item_selections: [42] }, "bundle_item_selections"],
    [
      "metadata not an object",
      { bundle_item_selections: [{ bundle_item: 1, metadata: [1] }] },
      "bundle_item_selections",
    ],
    ["bad start_at", { bundle_item_selections: [{ bundle_item: 1, start_at: "tomorrow" }] }, "bundle_item_selections"],
    [
      "bad discount",
      { bundle_item_selections: [{ bundle_item: 1, discount_percent: "150" }] },
      "bundle_item_selections",
    ],
    [
      "bad override",
      { bundle_item_selections: [{ bundle_item: 1, unit_amount_override: "-1" }] },
      "bundle_item_selections",
    ],
    ["body a list", [], "non_field_errors"],
    ["body a string", "x", "non_field_errors"],
    ["body null", null, "non_field_errors"],
  ])("%s → 400, never 500", async (_, body, key) => {
    const r = await addons(s.ids.family, body);
    expect(r.status).toBe(400);
    if (key) expect(Object.keys(r.body)).toContain(key);
    for (const v of Object.values(r.body)) {
      expect(Array.isArray(v)).toBe(true);
      for (const m of v as unknown[]) expect(typeof m).toBe("string");
    }
  });

  it("malformed JSON → 400 non_field_errors", async () => {
    const r = await addons(s.ids.family, undefined, { rawBody: '{"bundle_item_selections": [' });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["non_field_errors"]);
  });

  it("another account's bundle → 404", async () => {
    const r = await addons(s.ids.otherBundle, { bundle_item_selections: [] });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
  });

  it("inactive bundle → 404", async () => {
    const r = await addons(await retiredId(), { bundle_item_selections: [] });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
  });

  it("unknown or non-integer bundle id → 404", async () => {
    for (const id of ["999999", "abc"]) {
      const r = await post(`/v2/bundle-templates/${id}/addons/`, { bundle_item_selections: [] });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ detail: "Not found." });
    }
  });

  it("the kids bundle has no add-on rules", async () => {
    const r = await addons(s.ids.kidsBundle, { bundle_item_selections: [] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      bundle_template_id: s.ids.kidsBundle,
      currency: "EUR",
      product_addons: [],
      bundle_addons: [],
    });
  });

  it("GET on the add-ons path is not allowed", async () => {
    expect((await get(`/v2/bundle-templates/${s.ids.family}/addons/`)).status).toBe(405);
  });
});

// These tests add records; they run last so the counts above stay as seeded.
describe("add-on price filtering by currency and interval (extra data)", () => {
  it("a USD bundle gets only USD add-on prices, and none when the product has none", async () => {
    const A = s.accountId;
    const sportsUsd = await db().catalogPrice.create({
      data: {
        accountId: A,
        productId: s.ids.sports,
        reference: "sports-monthly-usd",
        currency: "USD",
        billingType: "recurring",
        recurrenceType: "interval",
        interval: "month",
        intervalCount: 1,
        versions: { create: { unitAmount: "6.0000" } },
      },
    });
    const usdBundle = await db().bundleTemplate.create({
      data: {
        accountId: A,
        name: "USD Bundle",
        reference: "usd-bundle",
        defaultCurrency: "USD",
        items: {
          create: [
            {
              productId: s.ids.streaming,
              quantity: 1,
              required: true,
              priceOptionScope: "fixed",
              defaultPriceId: s.ids.basicUsd,
            },
          ],
        },
      },
    });
    await db().addonRule.create({
      data: {
        accountId: A,
        bundleId: usdBundle.id,
        targetProductId: s.ids.sports,
        defaultPriceId: s.ids.sportsMonthly,
        minQuantity: 0,
        maxQuantity: 1,
      },
    });
    await db().addonRule.create({
      data: {
        accountId: A,
        bundleId: usdBundle.id,
        targetProductId: s.ids.screen,
        defaultPriceId: s.ids.screenMonthly,
        minQuantity: 0,
        maxQuantity: 1,
      },
    });
    await db().addonRule.create({
      data: { accountId: A, bundleId: usdBundle.id, targetBundleId: s.ids.kidsBundle, minQuantity: 0, maxQuantity: 1 },
    });

    const r = await addons(usdBundle.id, { bundle_item_selections: [] });
    expect(r.status).toBe(200);
    expect(r.body.currency).toBe("USD");
    // sports: only the USD monthly price; its default (EUR) is replaced by the first fitting price
    expect(r.body.product_addons).toHaveLength(1);
    expect(r.body.product_addons[0].product.id).toBe(s.ids.sports);
    expect(r.body.product_addons[0].selectable_prices.map((p: any) => p.id)).toEqual([sportsUsd.id]);
    expect(r.body.product_addons[0].default_price_id).toBe(sportsUsd.id);
    // the EUR kids bundle does not fit a USD bundle
    expect(r.body.bundle_addons).toEqual([]);
  });

  it("a rule without the same-interval flag offers yearly prices too", async () => {
    const rule = await db().addonRule.update({
      where: { id: s.ids.sportsRule },
      data: { sameIntervalRequired: false },
    });
    try {
      const r = await addons(s.ids.family, { bundle_item_selections: [] });
      const sports = r.body.product_addons.find((o: any) => o.rule_id === rule.id);
      expect(sports.same_interval_required).toBe(false);
      expect(sports.selectable_prices.map((p: any) => p.id)).toEqual([s.ids.sportsMonthly, s.ids.sportsYearly]);
    } finally {
      await db().addonRule.update({ where: { id: s.ids.sportsRule }, data: { sameIntervalRequired: true } });
    }
  });

  it("product_active_recurring excludes one-time and inactive prices and includes new recurring ones", async () => {
    const A = s.accountId;
    const mk = (reference: string, extra: object) =>
      db().catalogPrice.create({
        data: {
          accountId: A,
          productId: s.ids.kids,
          reference,
          currency: "EUR",
          billingType: "recurring",
          recurrenceType: "interval",
          interval: "year",
          intervalCount: 1,
          versions: { create: { unitAmount: "40.0000" } },
          ...extra,
        },
      });
    const yearly = await mk("kids-yearly", {});
    await mk("kids-old", { active: false });
    await mk("kids-once", { billingType: "one_time", recurrenceType: null, interval: null, intervalCount: null });
    const item = (await get(`/v2/bundle-templates/${s.ids.kidsBundle}/`)).body.items[0];
    expect(item.selectable_prices.map((x: any) => [x.price_id, x.is_default])).toEqual([
      [s.ids.kidsMonthly, true],
      [yearly.id, false],
    ]);
    // the new yearly price can be selected in the add-ons call
    const r = await addons(s.ids.kidsBundle, {
      bundle_item_selections: [{ bundle_item: item.id, selected_price: yearly.id }],
    });
    expect(r.status).toBe(200);
    expect(r.body.interval).toBe("year");
  });

  it("an inactive selectable price disappears from the item and cannot be selected", async () => {
    await db().catalogPrice.update({ where: { id: s.ids.premiumMonthly }, data: { active: false } });
    try {
      const item = (await get(`/v2/bundle-templates/${s.ids.family}/`)).body.items[0];
      expect(item.selectable_prices.map((x: any) => x.price_id)).toEqual([s.ids.basicMonthly]);
      const r = await addons(s.ids.family, {
        bundle_item_selections: [{ bundle_item: s.ids.familyStreamingItem, selected_price: s.ids.premiumMonthly }],
      });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body)).toEqual(["bundle_item_selections"]);
    } finally {
      await db().catalogPrice.update({ where: { id: s.ids.premiumMonthly }, data: { active: true } });
    }
  });
});
