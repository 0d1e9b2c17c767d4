// The long tables of the console's detail pages page on the server: an endpoint's deliveries, a coupon's
// redemptions and a customer's payment methods, each a page of TABLE_PAGE_SIZE (10) rows, newest first, with
// the total; a page past the end is the last page; another account's record stays NOT_FOUND.
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { TABLE_PAGE_SIZE as SIZE } from "@/server/domain/list";
import { consoleAs } from "@/tests/audit/_console";
import { db, seed } from "@/tests/helpers";

let A = 0;
let B = 0;
let admin = "";
let endpoint = 0;
let coupon = 0;
let otherEndpoint = 0;

const notFound = (e: unknown) => e instanceof TRPCError && e.code === "NOT_FOUND";

beforeAll(async () => {
  const s = await seed();
  A = s.accountId;
  B = s.otherAccountId;
  admin = s.admin.email;
  const ep = await db().webhookEndpoint.create({
    data: { accountId: A, url: "https://example.com/hook", secret: "s" },
  });
  endpoint = ep.id;
  otherEndpoint = (
    await db().webhookEndpoint.create({ data: { accountId: B, url: "https://b.example/h", secret: "s" } })
  ).id;
  await db().webhookDelivery.createMany({
    data: Array.from({ length: 25 }, (_, i) => ({
      endpointId: endpoint,
      outboxEventId: 100_000 + i,
      eventId: `evt_page_${i}`,
      nextAttemptAt: new Date(),
    })),
  });
  coupon = (
    await db().coupon.create({
      data: { accountId: A, name: "Paged", kind: "percent", percentOff: 10, duration: "once" },
    })
  ).id;
  await db().couponRedemption.createMany({
    data: Array.from({ length: 13 }, (_, i) => ({
      accountId: A,
      couponId: coupon,
      subjectType: "checkout",
      subjectId: i + 1,
    })),
  });
  const customer = await db().customer.findFirstOrThrow({ where: { accountId: A, reference: "cust-1002" } });
  const processor = await db().accountPaymentProcessor.findFirstOrThrow({ where: { accountId: A } });
  await db().paymentMethod.createMany({
    data: Array.from({ length: 14 }, (_, i) => ({
      accountId: A,
      customerId: customer.id,
      processorId: processor.id,
      collectionMethod: "card",
      state: i === 13 ? "active" : "canceled",
      cardBrand: "visa",
      cardLast4: String(1000 + i),
    })),
  });
});

describe("paged tables of detail pages", () => {
  it("pages an endpoint's deliveries newest first, with the total", async () => {
    const c = await consoleAs(admin);
    const first = await c.webhooks.deliveries({ id: endpoint });
    expect(SIZE).toBe(10);
    expect(first).toMatchObject({ count: 25, page: { number: 1, size: SIZE } });
    expect(first.results.map((d) => d.event_id).slice(0, 2)).toEqual(["evt_page_24", "evt_page_23"]);
    const third = await c.webhooks.deliveries({ id: endpoint, page: 3 });
    expect(third.results.map((d) => d.event_id)).toEqual([
      "evt_page_4",
      "evt_page_3",
      "evt_page_2",
      "evt_page_1",
      "evt_page_0",
    ]);
    const past = await c.webhooks.deliveries({ id: endpoint, page: 40 });
    expect(past.page?.number).toBe(3);
    expect(past.results).toEqual(third.results);
    await expect(c.webhooks.deliveries({ id: otherEndpoint })).rejects.toSatisfy(notFound);
  });

  it("pages a coupon's redemptions", async () => {
    const c = await consoleAs(admin);
    const second = await c.coupons.redemptions({ id: coupon, page: 2 });
    expect(second).toMatchObject({ count: 13, page: { number: 2, size: SIZE } });
    expect(second.results.map((r) => r.subject_id)).toEqual([3, 2, 1]);
  });

  it("pages a customer's payment methods, the active one first", async () => {
    const c = await consoleAs(admin);
    const first = await c.customers.paymentMethods({ reference: "cust-1002" });
    const total = await db().paymentMethod.count({
      where: { accountId: A, customer: { reference: "cust-1002" }, state: { not: "temporary" } },
    });
    expect(first.count).toBe(total);
    expect(total).toBeGreaterThan(SIZE);
    expect(first.results).toHaveLength(SIZE);
    expect(first.results[0]).toMatchObject({ state: "active" });
    const last = await c.customers.paymentMethods({ reference: "cust-1002", page: 2 });
    expect(last.results).toHaveLength(total - SIZE);
    const ids = [...first.results, ...last.results].map((m) => m.id);
    expect(new Set(ids).size).toBe(total);
    const canceled = [...first.results, ...last.results].filter((m) => m.state === "canceled").map((m) => m.id);
    expect([...canceled].sort((a, b) => b - a)).toEqual(canceled);
  });
});
