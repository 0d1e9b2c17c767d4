// The console's catalog writes (catalogAdmin router → domain): bundles with items and add-on rules, tax
// rates, shipping options, billing schedules; bad input is a 400 with field messages, other accounts 404.
import { beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { consoleAs } from "@/tests/audit/_console";
import { post, seed } from "@/tests/helpers";

let s: SeedResult;
beforeAll(async () => {
  s = await seed();
});

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => "OK",
    (e: any) => e?.code,
  );

describe("catalogAdmin", () => {
  it("creates a bundle with an item and an add-on rule, and deactivates it", async () => {
    const c = await consoleAs(s.admin.email);
    const b = await c.catalogAdmin.bundles.create({
      name: "Test bundle",
      items: [{ product_id: s.ids.streaming, default_price_id: s.ids.basicMonthly }],
    });
    expect(b.items).toHaveLength(1);
    expect(b.items[0].default_price_id).toBe(s.ids.basicMonthly);
    await c.catalogAdmin.bundles.addAddonRule({ bundle_id: b.id, target_product_id: s.ids.sports, max_quantity: 2 });
    expect(await c.catalogAdmin.bundles.addonRules({ id: b.id })).toMatchObject([
      { target: "Product: Sports Add-on", max_quantity: 2, active: true },
    ]);
    expect((await c.catalogAdmin.bundles.update({ id: b.id, active: false })).active).toBe(false);
  });

  it("refuses another account's product or price in a bundle, and another account's bundle", async () => {
    const c = await consoleAs(s.admin.email);
    expect(
      await codeOf(c.catalogAdmin.bundles.create({ name: "x", items: [{ product_id: s.ids.otherProduct }] })),
    ).toBe("BAD_REQUEST");
    expect(
      await codeOf(
        c.catalogAdmin.bundles.create({
          name: "x",
          items: [{ product_id: s.ids.streaming, default_price_id: s.ids.otherPrice }],
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(await codeOf(c.catalogAdmin.bundles.update({ id: s.ids.otherBundle, active: false }))).toBe("NOT_FOUND");
    expect(
      await codeOf(
        c.catalogAdmin.bundles.addAddonRule({ bundle_id: s.ids.family, target_bundle_id: s.ids.otherBundle }),
      ),
    ).toBe("BAD_REQUEST");
  });

  it("refuses a fixed item without an active default price (every quote of the bundle would fail), by the field", async () => {
    const c = await consoleAs(s.admin.email);
    const fieldsOf = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: any) => e?.cause?.fields as Record<string, string[]>,
      );
    const noDefault = await fieldsOf(
      c.catalogAdmin.bundles.create({ name: "No default", items: [{ product_id: s.ids.streaming, required: true }] }),
    );
    expect(noDefault).toEqual({
      "items.0.default_price_id": ["A fixed item is sold at its default price: choose one."],
    });
    // a selectable item needs none; a fixed one with its default saves and quotes
    const b = await c.catalogAdmin.bundles.create({
      name: "Quotable",
      items: [{ product_id: s.ids.streaming, default_price_id: s.ids.basicMonthly }],
    });
    const added = await fieldsOf(c.catalogAdmin.bundles.addItem({ id: b.id, product_id: s.ids.sports }));
    expect(added).toEqual({ default_price_id: ["A fixed item is sold at its default price: choose one."] });
    const quote = await post("/v2/subscription-offer-quotes/", { bundle_template: b.id });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  });

  it("creates and deactivates a tax rate; refuses 150 %", async () => {
    const c = await consoleAs(s.admin.email);
    expect(await codeOf(c.catalogAdmin.taxRates.create({ name: "Too much", percentage: "150" }))).toBe("BAD_REQUEST");
    const r = await c.catalogAdmin.taxRates.create({ name: "VAT 25.5%", percentage: "25.5" });
    expect(r).toMatchObject({ percentage: "25.5000", active: true });
    expect((await c.catalogAdmin.taxRates.update({ id: r.id, active: false })).active).toBe(false);
  });

  it("creates a shipping option; refuses currency XYZ", async () => {
    const c = await consoleAs(s.admin.email);
    expect(
      await codeOf(
        c.catalogAdmin.shippingOptions.create({ name: "x", service_code: "X", currency: "XYZ", price_amount: "1" }),
      ),
    ).toBe("BAD_REQUEST");
    const o = await c.catalogAdmin.shippingOptions.create({
      name: "Courier",
      service_code: "COURIER",
      currency: "eur",
      price_amount: "7.5",
    });
    expect(o).toMatchObject({ currency: "EUR", price_amount: "7.5000", free_above_amount: null, active: true });
  });

  it("creates a billing schedule with its dates and next occurrences; refuses an unknown zone", async () => {
    const c = await consoleAs(s.admin.email);
    expect(
      await codeOf(
        c.catalogAdmin.billingSchedules.create({ name: "x", timezone: "Mars/Olympus", rules: [{ day: 1 }] }),
      ),
    ).toBe("BAD_REQUEST");
    const sch = await c.catalogAdmin.billingSchedules.create({
      name: "Half-yearly",
      timezone: "Europe/Helsinki",
      rules: [
        { month: 1, day: 1 },
        { month: 7, day: 1 },
      ],
    });
    expect(sch.rules.map((r) => [r.month, r.day])).toEqual([
      [1, 1],
      [7, 1],
    ]);
    expect(sch.next_occurrences).toHaveLength(3);
    const edited = await c.catalogAdmin.billingSchedules.update({ id: sch.id, rules: [{ day: 15 }] });
    expect(edited.rules).toMatchObject([{ month: null, day: 15 }]);
  });
});
