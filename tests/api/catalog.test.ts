// Spec 2.1, 2.2, 4 (pagination, active filter) and 4.1 through the real route files.
import { DateTime } from "luxon";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { db, get, seed, setRequestTime } from "@/tests/helpers";
import { DECIMAL4, expectPage, expectPrice, expectProduct, linkParams } from "./_util";

let s: SeedResult;
beforeAll(async () => {
  s = await seed();
});
afterEach(() => setRequestTime(null));

const ACTIVE_PRODUCTS = [
  "streaming-basic",
  "streaming-premium",
  "magazine",
  "newspaper",
  "setup-fee",
  "sports-addon",
  "extra-screen",
  "kids-channel",
  "coaching",
];
const refs = (list: any[]) => list.map((x) => x.reference);

describe("CatalogProduct (2.1)", () => {
  it("list items carry every field with the right type", async () => {
    const r = await get("/v2/catalog/products/");
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body.length).toBe(ACTIVE_PRODUCTS.length);
    for (const p of r.body) {
      expectProduct(p);
      expect(p).not.toHaveProperty("prices"); // only the detail form adds prices
    }
  });

  it("values match the seeded records", async () => {
    const basic = (await get("/v2/catalog/products/?reference=streaming-basic")).body[0];
    expect(basic).toMatchObject({
      id: s.ids.streaming,
      name: "Streaming Basic",
      description: "HD streaming on one screen",
      reference: "streaming-basic",
      image_url: null,
      active: true,
      tax_policy: "exclusive",
      tax_rate_id: s.ids.vat,
      active_price_count: 3,
      metadata: {},
    });
    const coaching = (await get("/v2/catalog/products/?reference=coaching")).body[0];
    expect(coaching).toMatchObject({ description: null, tax_policy: null, tax_rate_id: null, active_price_count: 1 });
  });

  it("active_price_count counts only active prices", async () => {
    const legacy = (await get("/v2/catalog/products/?reference=legacy-plan&active=all")).body[0];
    expect(legacy.active).toBe(false);
    expect(legacy.active_price_count).toBe(0);
    const magazine = (await get("/v2/catalog/products/?reference=magazine")).body[0];
    expect(magazine.active_price_count).toBe(2); // monthly + quarterly schedule
  });

  it("the list is ordered by id", async () => {
    const ids = (await get("/v2/catalog/products/?active=all")).body.map((p: any) => p.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
  });

  it("detail includes prices (CatalogPrice objects of that product)", async () => {
    const r = await get(`/v2/catalog/products/${s.ids.streaming}/`);
    expect(r.status).toBe(200);
    expectProduct(r.body);
    expect(r.body.id).toBe(s.ids.streaming);
    expect(r.body.prices.map((p: any) => p.id)).toEqual([s.ids.basicMonthly, s.ids.basicYearly, s.ids.basicUsd]);
    for (const p of r.body.prices) {
      expectPrice(p);
      expect(p.product_id).toBe(s.ids.streaming);
    }
    expect(r.body.active_price_count).toBe(r.body.prices.length);
  });

  it("premium product detail lists its one price", async () => {
    const r = await get(`/v2/catalog/products/${s.ids.premium}/`);
    expect(r.body.prices.map((p: any) => p.reference)).toEqual(["streaming-premium-monthly"]);
  });
});

describe("CatalogPrice (2.2)", () => {
  it("every price carries every field with the right type", async () => {
    const r = await get("/v2/catalog/prices/?active=all");
    expect(r.status).toBe(200);
    expect(r.body.length).toBe(14);
    for (const p of r.body) expectPrice(p);
  });

  it("decimal strings have four fraction digits", async () => {
    const r = await get("/v2/catalog/prices/?active=all");
    for (const p of r.body) {
      expect(p.unit_amount).toMatch(DECIMAL4);
      for (const v of p.versions) expect(v.unit_amount).toMatch(DECIMAL4);
    }
    const byRef = Object.fromEntries(r.body.map((p: any) => [p.reference, p.unit_amount]));
    expect(byRef).toMatchObject({
      "streaming-basic-monthly": "9.9000",
      "streaming-basic-yearly": "99.0000",
      "setup-fee": "19.0000",
      "coaching-weekly": "25.0000",
    });
  });

  it("denormalised product fields and interval fields", async () => {
    const p = (await get(`/v2/catalog/prices/${s.ids.basicYearly}/`)).body;
    expect(p).toMatchObject({
      id: s.ids.basicYearly,
      product_id: s.ids.streaming,
      product_name: "Streaming Basic",
      product_reference: "streaming-basic",
      currency: "EUR",
      billing_type: "recurring",
      recurrence_type: "interval",
      interval: "year",
      interval_count: 1,
      billing_day_of_month: null,
      billing_schedule_id: null,
      billing_schedule_name: null,
      billing_schedule_timezone: null,
      billing_schedule_rules: [],
      next_occurrences: [],
      active: true,
      currently_effective: true,
      metadata: {},
    });
  });

  it("a one-time price has no recurrence, interval or occurrences", async () => {
    const p = (await get(`/v2/catalog/prices/${s.ids.setupFee}/`)).body;
    expect(p).toMatchObject({
      billing_type: "one_time",
      recurrence_type: null,
      interval: null,
      interval_count: null,
      billing_day_of_month: null,
      next_occurrences: [],
    });
  });

  it("a price with a single open version: effective_from/to null, one version, currently effective", async () => {
    const p = (await get(`/v2/catalog/prices/${s.ids.basicMonthly}/`)).body;
    expect(p.versions).toHaveLength(1);
    expect(p).toMatchObject({
      effective_from: null,
      effective_to: null,
      currently_effective: true,
      current_version_id: p.versions[0].id,
    });
    expect(p.versions[0]).toMatchObject({
      unit_amount: "9.9000",
      effective_from: null,
      effective_to: null,
      currently_effective: true,
    });
  });
});

describe("price versions", () => {
  const premium = async () => (await get(`/v2/catalog/prices/${s.ids.premiumMonthly}/`)).body;

  it("shows the version in effect now, with its validity period and id", async () => {
    const p = await premium();
    expect(p.versions).toHaveLength(3);
    const [past, current, future] = p.versions;
    expect(p.unit_amount).toBe("14.9000");
    expect(p.current_version_id).toBe(current.id);
    expect(p.effective_from).toBe(current.effective_from);
    expect(p.effective_to).toBe(current.effective_to);
    expect(p.currently_effective).toBe(true);
    const now = Date.now();
    expect(new Date(p.effective_from).getTime()).toBeLessThan(now);
    expect(new Date(p.effective_to).getTime()).toBeGreaterThan(now);
    expect([past.currently_effective, current.currently_effective, future.currently_effective]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("lists past, current and future versions in order of start", async () => {
    const p = await premium();
    expect(p.versions.map((v: any) => v.unit_amount)).toEqual(["12.9000", "14.9000", "16.9000"]);
    const [past, current, future] = p.versions;
    expect(past.effective_from).toBeNull();
    expect(past.effective_to).toBe(current.effective_from);
    expect(current.effective_to).toBe(future.effective_from);
    expect(future.effective_to).toBeNull();
    expect(new Set(p.versions.map((v: any) => v.id)).size).toBe(3);
  });

  it("the list and the product detail agree with the price detail", async () => {
    const p = await premium();
    const fromList = (await get("/v2/catalog/prices/?reference=streaming-premium-monthly")).body[0];
    const fromProduct = (await get(`/v2/catalog/products/${s.ids.premium}/`)).body.prices[0];
    for (const x of [fromList, fromProduct]) {
      expect(x.unit_amount).toBe(p.unit_amount);
      expect(x.current_version_id).toBe(p.current_version_id);
      expect(x.versions).toEqual(p.versions);
    }
  });

  it("after the future version starts, the displayed amount and version switch", async () => {
    const before = await premium();
    const future = before.versions[2];
    setRequestTime(new Date(new Date(future.effective_from).getTime() + 1000));
    const p = await premium();
    expect(p.unit_amount).toBe("16.9000");
    expect(p.current_version_id).toBe(future.id);
    expect(p.effective_from).toBe(future.effective_from);
    expect(p.effective_to).toBeNull();
    expect(p.currently_effective).toBe(true);
    expect(p.versions.map((v: any) => v.currently_effective)).toEqual([false, false, true]);
    // the list endpoint uses the same clock
    expect((await get("/v2/catalog/prices/?reference=streaming-premium-monthly")).body[0].unit_amount).toBe("16.9000");
  });

  it("at the exact start instant of a version, that version is in effect (end is exclusive)", async () => {
    const future = (await premium()).versions[2];
    setRequestTime(future.effective_from);
    const p = await premium();
    expect(p.current_version_id).toBe(future.id);
    setRequestTime(new Date(new Date(future.effective_from).getTime() - 1));
    expect((await premium()).unit_amount).toBe("14.9000");
  });

  it("before the current version started, the past version is shown", async () => {
    const past = (await premium()).versions[0];
    setRequestTime(new Date(new Date(past.effective_to).getTime() - 1000));
    const p = await premium();
    expect(p.unit_amount).toBe("12.9000");
    expect(p.current_version_id).toBe(past.id);
    expect(p.effective_from).toBeNull();
    expect(p.effective_to).toBe(past.effective_to);
  });
});

describe("billing schedules and next_occurrences", () => {
  const helsinkiMidnight = (iso: string) => DateTime.fromISO(iso, { zone: "Europe/Helsinki" });

  it("billing schedule fields of the quarterly price", async () => {
    const p = (await get(`/v2/catalog/prices/${s.ids.quarterlyPrice}/`)).body;
    expect(p).toMatchObject({
      recurrence_type: "billing_schedule",
      interval: null,
      interval_count: null,
      billing_schedule_id: s.ids.quarterly,
      billing_schedule_name: "Quarterly (calendar)",
      billing_schedule_timezone: "Europe/Helsinki",
    });
    expect(p.billing_schedule_rules).toEqual([
      { month: 1, day: 1, label: "Q1", display_order: 0 },
      { month: 4, day: 1, label: "Q2", display_order: 1 },
      { month: 7, day: 1, label: "Q3", display_order: 2 },
      { month: 10, day: 1, label: "Q4", display_order: 3 },
    ]);
  });

  it("next_occurrences: the next three quarter starts at 00:00 Europe/Helsinki (now)", async () => {
    const p = (await get(`/v2/catalog/prices/${s.ids.quarterlyPrice}/`)).body;
    expect(p.next_occurrences).toHaveLength(3);
    const now = Date.now();
    let prev = now;
    for (const iso of p.next_occurrences) {
      const t = new Date(iso).getTime();
      expect(t).toBeGreaterThan(prev);
      prev = t;
      const local = helsinkiMidnight(iso);
      expect([1, 4, 7, 10]).toContain(local.month);
      expect([local.day, local.hour, local.minute, local.second, local.millisecond]).toEqual([1, 0, 0, 0, 0]);
    }
    // consecutive quarters, nothing skipped
    const months = p.next_occurrences.map((iso: string) => helsinkiMidnight(iso).month);
    expect((months[1] - months[0] + 12) % 12).toBe(3);
    expect((months[2] - months[1] + 12) % 12).toBe(3);
  });

  it("next_occurrences at a pinned time (winter and summer offsets)", async () => {
    setRequestTime("2026-11-15T10:00:00.123Z");
    expect((await get(`/v2/catalog/prices/${s.ids.quarterlyPrice}/`)).body.next_occurrences).toEqual([
      "2026-12-31T22:00:00.000Z", // 2027-01-01 00:00 EET (+02)
      "2027-03-31T21:00:00.000Z", // 2027-04-01 00:00 EEST (+03)
      "2027-06-30T21:00:00.000Z",
    ]);
    setRequestTime("2026-02-10T12:00:00.000Z");
    expect((await get(`/v2/catalog/prices/${s.ids.quarterlyPrice}/`)).body.next_occurrences).toEqual([
      "2026-03-31T21:00:00.000Z",
      "2026-06-30T21:00:00.000Z",
      "2026-09-30T21:00:00.000Z",
    ]);
  });

  it("an occurrence exactly at the request time is not 'next'", async () => {
    setRequestTime("2026-03-31T21:00:00.000Z");
    expect((await get(`/v2/catalog/prices/${s.ids.quarterlyPrice}/`)).body.next_occurrences[0]).toBe(
      "2026-06-30T21:00:00.000Z",
    );
  });

  it("fixed billing day prices: next three occurrences of day 1 and day 15", async () => {
    setRequestTime("2026-02-10T12:00:00.456Z");
    const day1 = (await get(`/v2/catalog/prices/${s.ids.magazineMonthly}/`)).body;
    expect(day1.billing_day_of_month).toBe(1);
    expect(day1.next_occurrences).toEqual([
      "2026-03-01T00:00:00.000Z",
      "2026-04-01T00:00:00.000Z",
      "2026-05-01T00:00:00.000Z",
    ]);
    const day15 = (await get(`/v2/catalog/prices/${s.ids.newspaperMonthly}/`)).body;
    expect(day15.billing_day_of_month).toBe(15);
    expect(day15.next_occurrences).toEqual([
      "2026-02-15T00:00:00.000Z",
      "2026-03-15T00:00:00.000Z",
      "2026-04-15T00:00:00.000Z",
    ]);
  });

  it("fixed billing day occurrences are in the future (unpinned)", async () => {
    const p = (await get(`/v2/catalog/prices/${s.ids.newspaperMonthly}/`)).body;
    expect(p.next_occurrences).toHaveLength(3);
    for (const iso of p.next_occurrences) {
      expect(new Date(iso).getTime()).toBeGreaterThan(Date.now());
      expect(new Date(iso).getUTCDate()).toBe(15);
    }
  });

  it("prices without a schedule or fixed day have no next_occurrences", async () => {
    for (const id of [s.ids.basicMonthly, s.ids.coachingWeekly, s.ids.setupFee]) {
      expect((await get(`/v2/catalog/prices/${id}/`)).body.next_occurrences).toEqual([]);
    }
  });
});

describe("filters", () => {
  it("active: default lists only active records", async () => {
    expect(refs((await get("/v2/catalog/products/")).body)).toEqual(ACTIVE_PRODUCTS);
    const prices = (await get("/v2/catalog/prices/")).body;
    expect(prices.every((p: any) => p.active)).toBe(true);
    expect(refs(prices)).not.toContain("legacy-monthly");
    expect(prices.length).toBe(13);
  });

  it.each(["all", "any"])("active=%s lists every record", async (v) => {
    expect(refs((await get(`/v2/catalog/products/?active=${v}`)).body)).toEqual([...ACTIVE_PRODUCTS, "legacy-plan"]);
    expect((await get(`/v2/catalog/prices/?active=${v}`)).body.length).toBe(14);
  });

  it.each(["false", "0"])("active=%s lists only inactive records", async (v) => {
    expect(refs((await get(`/v2/catalog/products/?active=${v}`)).body)).toEqual(["legacy-plan"]);
    expect(refs((await get(`/v2/catalog/prices/?active=${v}`)).body)).toEqual(["legacy-monthly"]);
  });

  it.each(["true", "1"])("active=%s lists only active records", async (v) => {
    expect(refs((await get(`/v2/catalog/products/?active=${v}`)).body)).toEqual(ACTIVE_PRODUCTS);
  });

  it.each(["yes", "ALL", "2", "maybe"])("active=%s → 400 with key `active`", async (v) => {
    for (const path of [
      "/v2/catalog/products/",
      "/v2/catalog/prices/",
      `/v2/catalog/products/${s.ids.streaming}/`,
      `/v2/catalog/prices/${s.ids.basicMonthly}/`,
    ]) {
      const r = await get(`${path}?active=${v}`);
      expect(r.status, path).toBe(400);
      expect(Object.keys(r.body)).toEqual(["active"]);
      expect(Array.isArray(r.body.active)).toBe(true);
      expect(typeof r.body.active[0]).toBe("string");
    }
  });

  it("products: reference", async () => {
    expect(refs((await get("/v2/catalog/products/?reference=magazine")).body)).toEqual(["magazine"]);
    expect((await get("/v2/catalog/products/?reference=nope")).body).toEqual([]);
    // the inactive product is found by reference only with active=all
    expect((await get("/v2/catalog/products/?reference=legacy-plan")).body).toEqual([]);
    expect(refs((await get("/v2/catalog/products/?reference=legacy-plan&active=all")).body)).toEqual(["legacy-plan"]);
  });

  it("prices: reference", async () => {
    expect((await get("/v2/catalog/prices/?reference=sports-yearly")).body.map((p: any) => p.id)).toEqual([
      s.ids.sportsYearly,
    ]);
    expect((await get("/v2/catalog/prices/?reference=nope")).body).toEqual([]);
  });

  it("prices: product by integer id", async () => {
    const r = await get(`/v2/catalog/prices/?product=${s.ids.sports}`);
    expect(r.body.map((p: any) => p.id)).toEqual([s.ids.sportsMonthly, s.ids.sportsYearly]);
    expect(r.body.every((p: any) => p.product_id === s.ids.sports)).toBe(true);
  });

  it("prices: product by reference", async () => {
    const r = await get("/v2/catalog/prices/?product=magazine");
    expect(r.body.map((p: any) => p.id)).toEqual([s.ids.magazineMonthly, s.ids.quarterlyPrice]);
    expect((await get("/v2/catalog/prices/?product=no-such-product")).body).toEqual([]);
    expect((await get("/v2/catalog/prices/?product=999999")).body).toEqual([]);
  });

  it("prices: currency", async () => {
    expect((await get("/v2/catalog/prices/?currency=USD")).body.map((p: any) => p.id)).toEqual([s.ids.basicUsd]);
    const eur = (await get("/v2/catalog/prices/?currency=EUR")).body;
    expect(eur.length).toBe(12);
    expect(eur.every((p: any) => p.currency === "EUR")).toBe(true);
    expect((await get("/v2/catalog/prices/?currency=SEK")).body).toEqual([]);
  });

  it("prices: billing_type", async () => {
    expect((await get("/v2/catalog/prices/?billing_type=one_time")).body.map((p: any) => p.id)).toEqual([
      s.ids.setupFee,
    ]);
    const recurring = (await get("/v2/catalog/prices/?billing_type=recurring")).body;
    expect(recurring.length).toBe(12);
    expect(recurring.every((p: any) => p.billing_type === "recurring")).toBe(true);
  });

  it.each(["monthly", "ONE_TIME", "oneTime"])("prices: billing_type=%s → 400 with key billing_type", async (v) => {
    const r = await get(`/v2/catalog/prices/?billing_type=${v}`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["billing_type"]);
  });

  it("prices: recurrence_type", async () => {
    expect((await get("/v2/catalog/prices/?recurrence_type=billing_schedule")).body.map((p: any) => p.id)).toEqual([
      s.ids.quarterlyPrice,
    ]);
    const interval = (await get("/v2/catalog/prices/?recurrence_type=interval")).body;
    expect(interval.length).toBe(11);
    expect(interval.every((p: any) => p.recurrence_type === "interval")).toBe(true);
  });

  it("filters combine", async () => {
    const r = await get(`/v2/catalog/prices/?product=${s.ids.streaming}&currency=EUR&billing_type=recurring`);
    expect(r.body.map((p: any) => p.id)).toEqual([s.ids.basicMonthly, s.ids.basicYearly]);
    expect((await get("/v2/catalog/prices/?product=legacy-plan")).body).toEqual([]);
    expect((await get("/v2/catalog/prices/?product=legacy-plan&active=all")).body.map((p: any) => p.id)).toEqual([
      s.ids.inactivePrice,
    ]);
  });

  it("unknown query parameters are ignored", async () => {
    const plain = await get("/v2/catalog/products/");
    const r = await get("/v2/catalog/products/?foo=bar&ordering=-id&limit=1");
    expect(r.status).toBe(200);
    expect(r.body).toEqual(plain.body);
    const prices = await get(`/v2/catalog/prices/${s.ids.basicMonthly}/?expand=product&x=1`);
    expect(prices.status).toBe(200);
  });
});

describe("pagination", () => {
  it("without page_size the list is a plain array", async () => {
    const r = await get("/v2/catalog/products/?page=2");
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body.length).toBe(ACTIVE_PRODUCTS.length);
  });

  it("page_size=2: count, absolute next link, no previous", async () => {
    const r = await get("/v2/catalog/products/?page_size=2");
    expect(r.status).toBe(200);
    expectPage(r.body);
    expect(r.body.count).toBe(ACTIVE_PRODUCTS.length);
    expect(refs(r.body.results)).toEqual(ACTIVE_PRODUCTS.slice(0, 2));
    expect(r.body.previous).toBeNull();
    expect(new URL(r.body.next).pathname).toBe("/api/v2/catalog/products/");
    expect(linkParams(r.body.next)).toEqual({ page_size: "2", page: "2" });
    for (const p of r.body.results) expectProduct(p);
  });

  it("following next gives page 2 with previous pointing back", async () => {
    const first = await get("/v2/catalog/products/?page_size=2");
    const next = new URL(first.body.next);
    const r = await get(next.pathname.replace(/^\/api/, "") + next.search);
    expect(r.status).toBe(200);
    expect(refs(r.body.results)).toEqual(ACTIVE_PRODUCTS.slice(2, 4));
    expect(linkParams(r.body.previous)).toEqual({ page_size: "2" });
    expect(linkParams(r.body.next)).toEqual({ page_size: "2", page: "3" });
  });

  it("links keep the other query parameters", async () => {
    const r = await get("/v2/catalog/prices/?currency=EUR&billing_type=recurring&page_size=3&page=2");
    expect(r.body.count).toBe(11);
    expect(linkParams(r.body.next)).toEqual({ currency: "EUR", billing_type: "recurring", page_size: "3", page: "3" });
    expect(linkParams(r.body.previous)).toEqual({ currency: "EUR", billing_type: "recurring", page_size: "3" });
  });

  it("the last page has next=null and the remaining records", async () => {
    const r = await get("/v2/catalog/products/?page_size=2&page=5");
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(9);
    expect(refs(r.body.results)).toEqual(["coaching"]);
    expect(r.body.next).toBeNull();
    expect(linkParams(r.body.previous)).toEqual({ page_size: "2", page: "4" });
  });

  it("pages together cover every record exactly once", async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++)
      seen.push(...(await get(`/v2/catalog/prices/?page_size=3&page=${page}`)).body.results.map((p: any) => p.id));
    expect(seen).toEqual((await get("/v2/catalog/prices/")).body.map((p: any) => p.id));
  });

  it("a page beyond the last → 404 Invalid page.", async () => {
    const r = await get("/v2/catalog/products/?page_size=2&page=6");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Invalid page." });
    expect((await get("/v2/catalog/prices/?page_size=1000&page=2")).status).toBe(404);
  });

  it("an empty list paginates to one empty first page", async () => {
    const r = await get("/v2/catalog/products/?reference=nope&page_size=5");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("default page_size is 10 when page_size is empty", async () => {
    const r = await get("/v2/catalog/prices/?page_size=");
    expectPage(r.body);
    expect(r.body.count).toBe(13);
    expect(r.body.results.length).toBe(10);
    expect(linkParams(r.body.next)).toMatchObject({ page_size: "10", page: "2" });
  });

  it.each(["0", "abc", "-1", "1.5", "2e2"])("page_size=%s → 400 with key page_size", async (v) => {
    const r = await get(`/v2/catalog/products/?page_size=${v}`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["page_size"]);
  });

  it.each(["0", "abc", "-2"])("page=%s → 400 with key page", async (v) => {
    const r = await get(`/v2/catalog/products/?page_size=2&page=${v}`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(["page"]);
  });

  it("page_size above 1000 is clamped to 1000", async () => {
    const r = await get("/v2/catalog/prices/?page_size=5000");
    expect(r.status).toBe(200);
    expectPage(r.body);
    expect(r.body.results.length).toBeLessThanOrEqual(1000);
    expect(r.body.results.length).toBe(13);
    expect(r.body.next).toBeNull();
  });

  it("page_size=5000 returns at most 1000 results and links with page_size=1000", async () => {
    // enough products to exceed the maximum page size
    await db().catalogProduct.createMany({
      data: Array.from({ length: 1005 }, (_, i) => ({
        accountId: s.accountId,
        name: `Bulk ${i}`,
        reference: `bulk-${i}`,
      })),
    });
    try {
      const r = await get("/v2/catalog/products/?page_size=5000");
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(ACTIVE_PRODUCTS.length + 1005);
      expect(r.body.results.length).toBe(1000);
      expect(linkParams(r.body.next)).toEqual({ page_size: "1000", page: "2" });
      const page2 = await get("/v2/catalog/products/?page_size=5000&page=2");
      expect(page2.body.results.length).toBe(ACTIVE_PRODUCTS.length + 5);
    } finally {
      await db().catalogProduct.deleteMany({ where: { accountId: s.accountId, reference: { startsWith: "bulk-" } } });
    }
  });
});

describe("detail lookups", () => {
  it("an inactive product → 404 by default, 200 with ?active=all", async () => {
    const r = await get(`/v2/catalog/products/${s.ids.legacy}/`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
    const all = await get(`/v2/catalog/products/${s.ids.legacy}/?active=all`);
    expect(all.status).toBe(200);
    expect(all.body.active).toBe(false);
    expect(all.body.prices.map((p: any) => p.id)).toEqual([s.ids.inactivePrice]);
    expect((await get(`/v2/catalog/products/${s.ids.legacy}/?active=false`)).status).toBe(200);
  });

  it("an inactive price → 404 by default, 200 with ?active=all", async () => {
    const r = await get(`/v2/catalog/prices/${s.ids.inactivePrice}/`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: "Not found." });
    const all = await get(`/v2/catalog/prices/${s.ids.inactivePrice}/?active=any`);
    expect(all.status).toBe(200);
    expectPrice(all.body);
    expect(all.body).toMatchObject({ id: s.ids.inactivePrice, active: false, unit_amount: "7.0000" });
  });

  it("an active record with ?active=false → 404", async () => {
    expect((await get(`/v2/catalog/prices/${s.ids.basicMonthly}/?active=false`)).status).toBe(404);
  });

  it.each(["abc", "1.5", "-1", "1e3", "0x1", "99999999999", "%20", "0", "999999"])(
    "non-existent or non-integer id %j → 404",
    async (id) => {
      for (const base of ["/v2/catalog/products/", "/v2/catalog/prices/"]) {
        const r = await get(`${base}${id}/`);
        expect(r.status, base + id).toBe(404);
        expect(r.body).toEqual({ detail: "Not found." });
      }
    },
  );
});

describe("currently_effective", () => {
  it("a price whose only version starts in the future shows that amount but is not currently effective", async () => {
    const start = new Date(Date.now() + 10 * 86_400_000);
    const price = await db().catalogPrice.create({
      data: {
        accountId: s.accountId,
        productId: s.ids.coaching,
        reference: "coaching-later",
        currency: "EUR",
        billingType: "recurring",
        recurrenceType: "interval",
        interval: "month",
        intervalCount: 1,
        versions: { create: { unitAmount: "30.0000", effectiveFrom: start } },
      },
      include: { versions: true },
    });
    try {
      const p = (await get(`/v2/catalog/prices/${price.id}/`)).body;
      expect(p).toMatchObject({
        unit_amount: "30.0000",
        currently_effective: false,
        current_version_id: price.versions[0].id,
        effective_from: start.toISOString(),
        effective_to: null,
      });
      expect(p.versions[0].currently_effective).toBe(false);
      setRequestTime(new Date(start.getTime() + 1));
      const later = (await get(`/v2/catalog/prices/${price.id}/`)).body;
      expect(later.currently_effective).toBe(true);
      expect(later.versions[0].currently_effective).toBe(true);
    } finally {
      await db().catalogPrice.delete({ where: { id: price.id } });
    }
  });

  it("a price whose versions have all ended shows the latest one, not currently effective", async () => {
    const t = Date.now();
    const price = await db().catalogPrice.create({
      data: {
        accountId: s.accountId,
        productId: s.ids.coaching,
        reference: "coaching-ended",
        currency: "EUR",
        billingType: "recurring",
        recurrenceType: "interval",
        interval: "month",
        intervalCount: 1,
        versions: {
          create: [
            { unitAmount: "20.0000", effectiveFrom: null, effectiveTo: new Date(t - 20 * 86_400_000) },
            {
              unitAmount: "22.0000",
              effectiveFrom: new Date(t - 20 * 86_400_000),
              effectiveTo: new Date(t - 86_400_000),
            },
          ],
        },
      },
      include: { versions: { orderBy: { id: "asc" } } },
    });
    try {
      const p = (await get(`/v2/catalog/prices/${price.id}/`)).body;
      expect(p).toMatchObject({
        unit_amount: "22.0000",
        currently_effective: false,
        current_version_id: price.versions[1].id,
      });
      expect(p.versions.map((v: any) => v.unit_amount)).toEqual(["20.0000", "22.0000"]);
    } finally {
      await db().catalogPrice.delete({ where: { id: price.id } });
    }
  });
});

describe("product filter with a numeric reference", () => {
  it("`product` matches a product whose reference looks like an id", async () => {
    const product = await db().catalogProduct.create({
      data: { accountId: s.accountId, name: "Numeric Ref", reference: "20241" },
    });
    const price = await db().catalogPrice.create({
      data: {
        accountId: s.accountId,
        productId: product.id,
        reference: "numeric-ref-monthly",
        currency: "EUR",
        billingType: "recurring",
        recurrenceType: "interval",
        interval: "month",
        intervalCount: 1,
        versions: { create: { unitAmount: "1.0000" } },
      },
    });
    try {
      expect((await get("/v2/catalog/prices/?product=20241")).body.map((p: any) => p.id)).toEqual([price.id]);
      expect((await get(`/v2/catalog/prices/?product=${product.id}`)).body.map((p: any) => p.id)).toEqual([price.id]);
    } finally {
      await db().catalogProduct.delete({ where: { id: product.id } });
    }
  });
});
