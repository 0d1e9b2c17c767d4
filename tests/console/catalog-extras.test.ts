// The console catalog beyond products, second round: a bundle's items edited one at a time (the same
// checks as creating a bundle), billing schedules deactivated (prices on them no longer sold; REST shows
// billing_schedule_active) and the paged, searchable lists of tax rates, shipping options and schedules.
import { beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { consoleAs } from "@/tests/audit/_console";
import { get, post, seed } from "@/tests/helpers";

let s: SeedResult;
beforeAll(async () => {
  s = await seed();
});

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => "OK",
    (e: any) => e?.code,
  );
const fieldsOf = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: any) => Object.keys(e?.cause?.fields ?? {}),
  );

describe("bundle items in the console", () => {
  it("adds, edits and removes an item; refuses another product's price and removing the last item", async () => {
    const c = await consoleAs(s.admin.email);
    const b = await c.catalogAdmin.bundles.create({
      name: "Editable bundle",
      items: [{ product_id: s.ids.streaming, default_price_id: s.ids.basicMonthly }],
    });
    const added = await c.catalogAdmin.bundles.addItem({
      id: b.id,
      product_id: s.ids.sports,
      price_option_scope: "selectable",
      default_price_id: s.ids.sportsMonthly,
      selectable_price_ids: [s.ids.sportsMonthly, s.ids.sportsYearly],
      required: false,
    });
    expect(added.items.map((i) => i.product.id)).toEqual([s.ids.streaming, s.ids.sports]);
    const sports = added.items[1];
    expect(sports.selectable_prices.map((p) => [p.price_id, p.is_default])).toEqual([
      [s.ids.sportsMonthly, true],
      [s.ids.sportsYearly, false],
    ]);

    const edited = await c.catalogAdmin.bundles.updateItem({
      id: b.id,
      item_id: sports.id,
      product_id: s.ids.sports,
      quantity: 2,
      price_option_scope: "selectable",
      default_price_id: s.ids.sportsYearly,
      selectable_price_ids: [s.ids.sportsYearly],
    });
    expect(edited.items[1]).toMatchObject({ id: sports.id, quantity: 2, default_price_id: s.ids.sportsYearly });
    expect(edited.items[1].selectable_prices.map((p) => p.price_id)).toEqual([s.ids.sportsYearly]);

    expect(
      await fieldsOf(
        c.catalogAdmin.bundles.updateItem({
          id: b.id,
          item_id: sports.id,
          product_id: s.ids.sports,
          default_price_id: s.ids.basicMonthly,
        }),
      ),
    ).toEqual(["default_price_id"]);
    expect(
      await fieldsOf(
        c.catalogAdmin.bundles.addItem({ id: b.id, product_id: s.ids.streaming, price_option_scope: "selectable" }),
      ),
    ).toEqual(["selectable_price_ids"]);
    expect(await fieldsOf(c.catalogAdmin.bundles.addItem({ id: b.id, product_id: s.ids.otherProduct }))).toEqual([
      "product_id",
    ]);

    const removed = await c.catalogAdmin.bundles.removeItem({ id: b.id, item_id: b.items[0].id });
    expect(removed.items.map((i) => i.id)).toEqual([sports.id]);
    expect(await fieldsOf(c.catalogAdmin.bundles.removeItem({ id: b.id, item_id: sports.id }))).toEqual(["item_id"]);
    // an item of another bundle is not this bundle's
    expect(await codeOf(c.catalogAdmin.bundles.removeItem({ id: b.id, item_id: s.ids.familyStreamingItem }))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(c.catalogAdmin.bundles.addItem({ id: s.ids.otherBundle, product_id: s.ids.streaming }))).toBe(
      "NOT_FOUND",
    );
  });

  it("quotes the bundle as edited", async () => {
    const c = await consoleAs(s.admin.email);
    const b = await c.catalogAdmin.bundles.create({
      name: "Quoted bundle",
      items: [{ product_id: s.ids.streaming, default_price_id: s.ids.basicMonthly }],
    });
    await c.catalogAdmin.bundles.addItem({
      id: b.id,
      product_id: s.ids.magazine,
      default_price_id: s.ids.magazineMonthly,
    });
    const q = await post("/v2/subscription-offer-quotes/", { bundle_template: b.id });
    expect(q.status).toBe(200);
    expect(q.body.recurring_items).toHaveLength(2);
  });
});

describe("billing schedule deactivation", () => {
  it("stops selling prices on a deactivated schedule, shows it over REST, and sells again once reactivated", async () => {
    const c = await consoleAs(s.admin.email);
    const priceId = s.ids.quarterlyPrice;
    const scheduleId = (await get(`/v2/catalog/prices/${priceId}/`)).body.billing_schedule_id as number;
    const off = await c.catalogAdmin.billingSchedules.update({ id: scheduleId, active: false });
    expect(off.active).toBe(false);
    expect((await get(`/v2/catalog/prices/${priceId}/`)).body.billing_schedule_active).toBe(false);
    const refused = await post("/v2/subscription-offer-quotes/", { items: [{ price: priceId }] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("deactivated billing schedule");
    expect((await c.catalogAdmin.billingSchedules.list({ active: "false" })).results.map((r) => r.id)).toEqual([
      scheduleId,
    ]);

    await c.catalogAdmin.billingSchedules.update({ id: scheduleId, active: true });
    expect((await get(`/v2/catalog/prices/${priceId}/`)).body.billing_schedule_active).toBe(true);
    expect((await post("/v2/subscription-offer-quotes/", { items: [{ price: priceId }] })).status).toBe(200);
    expect((await get(`/v2/catalog/prices/${s.ids.basicMonthly}/`)).body.billing_schedule_active).toBeNull();
  });
});

describe("catalog lists: pages, search and status filter", () => {
  it("pages and searches tax rates, shipping options and billing schedules on the server", async () => {
    const c = await consoleAs(s.admin.email);
    for (let i = 1; i <= 3; i++) await c.catalogAdmin.taxRates.create({ name: `Paged rate ${i}`, percentage: "5" });
    const first = await c.catalogAdmin.taxRates.list({ q: "paged RATE", pageSize: 2 });
    expect(first.count).toBe(3);
    expect(first.results.map((r) => r.name)).toEqual(["Paged rate 1", "Paged rate 2"]);
    const second = await c.catalogAdmin.taxRates.list({ q: "paged rate", pageSize: 2, page: 2 });
    expect(second.results.map((r) => r.name)).toEqual(["Paged rate 3"]);
    expect((await c.catalogAdmin.taxRates.list({ q: "paged rate", page: 9 })).results).toEqual([]);

    const o = await c.catalogAdmin.shippingOptions.create({
      name: "Searchable courier",
      service_code: "SC",
      currency: "EUR",
      price_amount: "3",
    });
    await c.catalogAdmin.shippingOptions.update({ id: o.id, active: false });
    expect((await c.catalogAdmin.shippingOptions.list({ q: "searchable" })).results.map((r) => r.id)).toEqual([o.id]);
    expect((await c.catalogAdmin.shippingOptions.list({ q: "searchable", active: "true" })).count).toBe(0);

    const all = await c.catalogAdmin.billingSchedules.list();
    expect(all.count).toBe(all.results.length);
    expect(await codeOf(c.catalogAdmin.taxRates.list({ pageSize: 1000 }))).toBe("BAD_REQUEST");
  });

  it("lists only the caller's account", async () => {
    const other = await consoleAs("other-admin@example.com");
    expect((await other.catalogAdmin.taxRates.list({ q: "paged rate" })).count).toBe(0);
  });
});
