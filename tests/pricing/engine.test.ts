// Table-driven cases of the pure pricing engine, each with hand-checked amounts.
import { describe, expect, it } from "vitest";
import { MoneyDecimal } from "@/server/domain/money";
import { priceOffer } from "@/server/domain/pricing/engine";
import { line, offer, price } from "./fixtures";

const iso = (d: Date | null | undefined) => d?.toISOString();

describe("periods and proration", () => {
  const cases: {
    name: string;
    start: string;
    p: Parameters<typeof price>[0];
    tz?: string;
    billingTime?: string;
    periodEnd: string;
    factor: string;
    total: string;
    renewalStart: string;
    renewalEnd: string;
  }[] = [
    {
      name: "anchored monthly: full first period, no proration",
      start: "2026-03-10T12:00:00Z",
      p: { amount: "9.9000" },
      periodEnd: "2026-04-10T12:00:00.000Z",
      factor: "1.000000",
      total: "9.9000",
      renewalStart: "2026-04-10T12:00:00.000Z",
      renewalEnd: "2026-05-10T12:00:00.000Z",
    },
    {
      name: "anchored monthly from Jan 31: Feb 28, then back to Mar 31",
      start: "2026-01-31T00:00:00Z",
      p: { amount: "10.0000" },
      periodEnd: "2026-02-28T00:00:00.000Z",
      factor: "1.000000",
      total: "10.0000",
      renewalStart: "2026-02-28T00:00:00.000Z",
      renewalEnd: "2026-03-31T00:00:00.000Z",
    },
    {
      // fixed day 31 from Feb 10: Jan 31 → Feb 28 is the period (28 days), 18 days left → 18/28
      name: "fixed day 31 falls back to Feb 28, renews on Mar 31",
      start: "2026-02-10T00:00:00Z",
      p: { amount: "28.0000", billingDayOfMonth: 31 },
      periodEnd: "2026-02-28T00:00:00.000Z",
      factor: "0.642857",
      total: "18.0000", // 28 × 0.642857 = 17.999996
      renewalStart: "2026-02-28T00:00:00.000Z",
      renewalEnd: "2026-03-31T00:00:00.000Z",
    },
    {
      // leap year: Jan 29 → Feb 29 2028 is 31 days; from Feb 10: 19/31 = 0.612903; 31 × 0.612903 = 18.999993
      name: "fixed day 29 in a leap February",
      start: "2028-02-10T00:00:00Z",
      p: { amount: "31.0000", billingDayOfMonth: 29 },
      periodEnd: "2028-02-29T00:00:00.000Z",
      factor: "0.612903",
      total: "19.0000",
      renewalStart: "2028-02-29T00:00:00.000Z",
      renewalEnd: "2028-03-29T00:00:00.000Z",
    },
    {
      name: "starting exactly on the fixed day bills a full period",
      start: "2026-05-01T00:00:00Z",
      p: { amount: "12.0000", billingDayOfMonth: 1 },
      periodEnd: "2026-06-01T00:00:00.000Z",
      factor: "1.000000",
      total: "12.0000",
      renewalStart: "2026-06-01T00:00:00.000Z",
      renewalEnd: "2026-07-01T00:00:00.000Z",
    },
    {
      // Helsinki, DST on Sun 2026-03-29: Mar 1 00:00 EET (Feb 28 22:00Z) → Apr 1 00:00 EEST (Mar 31 21:00Z)
      // is 743 h; from Mar 20 00:00 local (Mar 19 22:00Z): 287 h → 287/743 = 0.386272; 12 × 0.386272 = 4.635264
      name: "DST spring-forward weekend in Europe/Helsinki",
      start: "2026-03-19T22:00:00Z",
      tz: "Europe/Helsinki",
      p: { amount: "12.0000", billingDayOfMonth: 1 },
      periodEnd: "2026-03-31T21:00:00.000Z",
      factor: "0.386272",
      total: "4.6353",
      renewalStart: "2026-03-31T21:00:00.000Z",
      renewalEnd: "2026-04-30T21:00:00.000Z",
    },
    {
      // New York, DST on Sun 2026-03-08: Mar 1 05:00Z → Apr 1 04:00Z = 743 h; from Mar 16 04:00Z: 384 h
      // 384/743 = 0.516824 (0.5168237 rounded); 10 × 0.516824 = 5.16824 → 5.1682
      name: "DST spring-forward in America/New_York",
      start: "2026-03-16T04:00:00Z",
      tz: "America/New_York",
      p: { amount: "10.0000", billingDayOfMonth: 1 },
      periodEnd: "2026-04-01T04:00:00.000Z",
      factor: "0.516824",
      total: "5.1682",
      renewalStart: "2026-04-01T04:00:00.000Z",
      renewalEnd: "2026-05-01T04:00:00.000Z",
    },
    {
      // New York fall-back on Sun 2026-11-01: Nov 1 04:00Z (EDT) → Dec 1 05:00Z (EST) = 721 h renewal
      name: "DST fall-back in America/New_York keeps local midnight",
      start: "2026-10-01T04:00:00Z",
      tz: "America/New_York",
      p: { amount: "30.0000", billingDayOfMonth: 1 },
      periodEnd: "2026-11-01T04:00:00.000Z",
      factor: "1.000000",
      total: "30.0000",
      renewalStart: "2026-11-01T04:00:00.000Z",
      renewalEnd: "2026-12-01T05:00:00.000Z",
    },
    {
      name: "billing time 06:30 in Helsinki moves the anchor instant",
      start: "2026-06-01T03:30:00Z",
      tz: "Europe/Helsinki",
      billingTime: "06:30",
      p: { amount: "5.0000", billingDayOfMonth: 1 },
      periodEnd: "2026-07-01T03:30:00.000Z",
      factor: "1.000000",
      total: "5.0000",
      renewalStart: "2026-07-01T03:30:00.000Z",
      renewalEnd: "2026-08-01T03:30:00.000Z",
    },
    {
      name: "weekly price: seven days",
      start: "2026-03-02T09:00:00Z",
      p: { amount: "25.0000", interval: "week" },
      periodEnd: "2026-03-09T09:00:00.000Z",
      factor: "1.000000",
      total: "25.0000",
      renewalStart: "2026-03-09T09:00:00.000Z",
      renewalEnd: "2026-03-16T09:00:00.000Z",
    },
    {
      name: "every 2 weeks",
      start: "2026-03-02T09:00:00Z",
      p: { amount: "40.0000", interval: "week", intervalCount: 2 },
      periodEnd: "2026-03-16T09:00:00.000Z",
      factor: "1.000000",
      total: "40.0000",
      renewalStart: "2026-03-16T09:00:00.000Z",
      renewalEnd: "2026-03-30T09:00:00.000Z",
    },
    {
      name: "daily price",
      start: "2026-03-02T00:00:00Z",
      p: { amount: "1.5000", interval: "day" },
      periodEnd: "2026-03-03T00:00:00.000Z",
      factor: "1.000000",
      total: "1.5000",
      renewalStart: "2026-03-03T00:00:00.000Z",
      renewalEnd: "2026-03-04T00:00:00.000Z",
    },
    {
      name: "yearly anchored from Feb 29 2028: Feb 28 2029",
      start: "2028-02-29T00:00:00Z",
      p: { amount: "99.0000", interval: "year" },
      periodEnd: "2029-02-28T00:00:00.000Z",
      factor: "1.000000",
      total: "99.0000",
      renewalStart: "2029-02-28T00:00:00.000Z",
      renewalEnd: "2030-02-28T00:00:00.000Z",
    },
    {
      // yearly with fixed day 1 from Mar 10: runs to Apr 1 (22 days) of the year Apr 1 2025 → Apr 1 2026 (365 days)
      // 22/365 = 0.060274; 100 × 0.060274 = 6.0274
      name: "yearly with a fixed day prorates to the next occurrence",
      start: "2026-03-10T00:00:00Z",
      p: { amount: "100.0000", interval: "year", billingDayOfMonth: 1 },
      periodEnd: "2026-04-01T00:00:00.000Z",
      factor: "0.060274",
      total: "6.0274",
      renewalStart: "2026-04-01T00:00:00.000Z",
      renewalEnd: "2027-04-01T00:00:00.000Z",
    },
    {
      // quarterly (every 3 months) on day 15 from Jan 20: Dec 15 → Jan 15 is not it; Jan 15 → Feb 15 end,
      // full period Nov 15 → Feb 15 = 92 days; 26 days left → 26/92 = 0.282609; 90 × 0.282609 = 25.43481
      name: "every 3 months with a fixed day",
      start: "2026-01-20T00:00:00Z",
      p: { amount: "90.0000", interval: "month", intervalCount: 3, billingDayOfMonth: 15 },
      periodEnd: "2026-02-15T00:00:00.000Z",
      factor: "0.282609",
      total: "25.4348",
      renewalStart: "2026-02-15T00:00:00.000Z",
      renewalEnd: "2026-05-15T00:00:00.000Z",
    },
    {
      // schedule Jan/Apr/Jul/Oct 1 in Helsinki from Feb 15 00:00 UTC: Dec 31 22:00Z → Mar 31 21:00Z (2159 h);
      // covered Feb 15 00:00Z → Mar 31 21:00Z = 1077 h → 0.498842; 33 × 0.498842 = 16.461786
      name: "billing schedule with quarterly rules (Europe/Helsinki)",
      start: "2026-02-15T00:00:00Z",
      p: {
        amount: "33.0000",
        interval: null,
        intervalCount: null,
        schedule: { id: 1, timezone: "Europe/Helsinki", rules: [1, 4, 7, 10].map((month) => ({ month, day: 1 })) },
      },
      periodEnd: "2026-03-31T21:00:00.000Z",
      factor: "0.498842",
      total: "16.4618",
      renewalStart: "2026-03-31T21:00:00.000Z",
      renewalEnd: "2026-06-30T21:00:00.000Z",
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const q = priceOffer(
        offer(c.start, [line(price(c.p))], { timezone: c.tz ?? "UTC", billingTime: c.billingTime ?? "00:00" }),
      );
      const l = q.recurring[0];
      expect(iso(l.period.end)).toBe(c.periodEnd);
      expect(iso(q.periodEnd)).toBe(c.periodEnd);
      expect(l.first.factor.toFixed(6)).toBe(c.factor);
      expect(l.first.lineTotal.toFixed(4)).toBe(c.total);
      expect(iso(l.renewalService?.start)).toBe(c.renewalStart);
      expect(iso(l.renewalService?.end)).toBe(c.renewalEnd);
      expect(l.renewal!.factor.toFixed(6)).toBe("1.000000");
    });
  }
});

describe("amounts", () => {
  const at = "2026-03-10T00:00:00Z";
  it("exclusive tax is added per line: 9.90 at 24% → 2.3760", () => {
    const q = priceOffer(
      offer(at, [line(price({ amount: "9.9000", taxPolicy: "exclusive", taxRate: new MoneyDecimal(24) }))]),
    );
    expect(q.firstRun.subtotal.toFixed(4)).toBe("9.9000");
    expect(q.firstRun.tax.toFixed(4)).toBe("2.3760");
    expect(q.firstRun.total.toFixed(4)).toBe("12.2760");
  });
  it("inclusive tax is carved out: 12.00 at 10% → tax 1.0909, net 10.9091", () => {
    const q = priceOffer(
      offer(at, [line(price({ amount: "12.0000", taxPolicy: "inclusive", taxRate: new MoneyDecimal(10) }))]),
    );
    expect(q.recurring[0].first.lineTotal.toFixed(4)).toBe("12.0000");
    expect(q.firstRun.tax.toFixed(4)).toBe("1.0909");
    expect(q.firstRun.subtotal.toFixed(4)).toBe("10.9091");
    expect(q.firstRun.total.toFixed(4)).toBe("12.0000");
  });
  it("discount and quantity: 3 × 9.90 × 85% = 25.2450", () => {
    const q = priceOffer(
      offer(at, [line(price({ amount: "9.9000" }), { quantity: 3, discountPercent: new MoneyDecimal(15) })]),
    );
    expect(q.recurring[0].first.lineTotal.toFixed(4)).toBe("25.2450");
    expect(q.recurring[0].first.explanation).toContain("15% discount");
  });
  it("rounds half-up once: 10.0001 × 50% = 5.00005 → 5.0001", () => {
    const q = priceOffer(
      offer(at, [
        line(price({ amount: "1.0000" }), {
          unitAmountOverride: new MoneyDecimal("10.0001"),
          discountPercent: new MoneyDecimal(50),
        }),
      ]),
    );
    expect(q.recurring[0].first.unitAmount.toFixed(4)).toBe("10.0001");
    expect(q.recurring[0].first.lineTotal.toFixed(4)).toBe("5.0001");
    expect(q.recurring[0].first.explanation).toContain("override");
  });
  it("100% discount gives zero", () => {
    const q = priceOffer(
      offer(at, [
        line(price({ amount: "9.9000", taxPolicy: "exclusive", taxRate: new MoneyDecimal(24) }), {
          discountPercent: new MoneyDecimal(100),
        }),
      ]),
    );
    expect(q.firstRun.total.toFixed(4)).toBe("0.0000");
  });
  it("totals are sums of rounded lines, not rounded sums", () => {
    // three lines of 0.00005 × ... : 3 × round4(0.33335) = 3 × 0.3334 = 1.0002 (a rounded sum would be 1.0001)
    const lines = [1, 2, 3].map(() => line(price({ amount: "0.6667" }), { discountPercent: new MoneyDecimal(50) }));
    const q = priceOffer(offer(at, lines));
    expect(q.recurring[0].first.lineTotal.toFixed(4)).toBe("0.3334");
    expect(q.firstRun.total.toFixed(4)).toBe("1.0002");
  });
  it("initial items are one-time lines in the first run only", () => {
    const setup = price({ amount: "19.0000", billingType: "one_time", interval: null, intervalCount: null });
    const q = priceOffer(
      offer(at, [
        line(price({ amount: "10.0000" })),
        line(setup, { source: "initial_items", createsContractItem: false }),
      ]),
    );
    expect(q.initial).toHaveLength(1);
    expect(q.firstRun.total.toFixed(4)).toBe("29.0000");
    expect(q.firstPeriod.total.toFixed(4)).toBe("10.0000");
    expect(q.renewal.total.toFixed(4)).toBe("10.0000");
  });
  it("a line starting later in the period is prorated from its start_at", () => {
    // fixed day 1, Mar 1 → Apr 1 (31 days); item starts Mar 16 → 16/31 = 0.516129; 31 × 0.516129 = 15.999999
    const p = price({ amount: "31.0000", billingDayOfMonth: 1 });
    const q = priceOffer(offer("2026-03-10T00:00:00Z", [line(p, { startAt: new Date("2026-03-16T00:00:00Z") })]));
    expect(q.recurring[0].first.factor.toFixed(6)).toBe("0.516129");
    expect(q.recurring[0].first.lineTotal.toFixed(4)).toBe("16.0000");
  });
  it("a line ending before the renewal has no renewal amount", () => {
    const q = priceOffer(offer(at, [line(price({ amount: "10.0000" }), { endAt: new Date("2026-04-01T00:00:00Z") })]));
    // Mar 10 → Apr 10 period (31 days), ends Apr 1: 22/31 = 0.709677 → 7.0968
    expect(q.recurring[0].first.lineTotal.toFixed(4)).toBe("7.0968");
    expect(q.recurring[0].renewalService).toBeNull();
    expect(q.renewal.total.toFixed(4)).toBe("0.0000");
  });
});

describe("price versions", () => {
  const change = new Date("2026-04-01T00:00:00Z");
  const versioned = () =>
    price({
      versions: [
        { id: 1, unitAmount: new MoneyDecimal("14.9000"), effectiveFrom: null, effectiveTo: change },
        { id: 2, unitAmount: new MoneyDecimal("16.9000"), effectiveFrom: change, effectiveTo: null },
      ],
    });
  it("the first period uses the version at its start; the renewal after effective_from uses the new one", () => {
    const q = priceOffer(offer("2026-03-10T00:00:00Z", [line(versioned())]));
    const l = q.recurring[0];
    expect(l.first.versionId).toBe(1);
    expect(l.first.unitAmount.toFixed(4)).toBe("14.9000");
    expect(l.renewal!.versionId).toBe(2);
    expect(l.renewal!.unitAmount.toFixed(4)).toBe("16.9000");
  });
  it("a change inside a renewal period waits for the next renewal", () => {
    const q = priceOffer(offer("2026-02-20T00:00:00Z", [line(versioned())]));
    // first Feb 20 → Mar 20 at 14.90; renewal Mar 20 → Apr 20 starts before Apr 1 → still 14.90
    expect(q.recurring[0].renewal!.versionId).toBe(1);
  });
  it("a period starting exactly at effective_from takes the new version", () => {
    const q = priceOffer(offer("2026-04-01T00:00:00Z", [line(versioned())]));
    expect(q.recurring[0].first.versionId).toBe(2);
  });
});

describe("mixed lines", () => {
  it("a monthly price without a fixed day follows the offer's fixed day", () => {
    const fixed = price({ amount: "12.0000", billingDayOfMonth: 1 });
    const free = price({ amount: "31.0000" });
    const q = priceOffer(offer("2026-03-10T00:00:00Z", [line(fixed), line(free)]));
    // both run Mar 10 → Apr 1: 22/31 = 0.709677; 31 × 0.709677 = 21.999987 → 22.0000
    expect(q.recurring[1].period.end.toISOString()).toBe("2026-04-01T00:00:00.000Z");
    expect(q.recurring[1].first.lineTotal.toFixed(4)).toBe("22.0000");
    expect(q.schedule.kind).toBe("fixed_day_of_month");
    expect(q.schedule.nextBillingDates.map((d) => d.toISOString())).toEqual([
      "2026-04-01T00:00:00.000Z",
      "2026-05-01T00:00:00.000Z",
      "2026-06-01T00:00:00.000Z",
    ]);
  });
  it("a weekly line keeps its own week even with a fixed day elsewhere; the offer period is the earliest end", () => {
    const q = priceOffer(
      offer("2026-03-10T00:00:00Z", [
        line(price({ amount: "12.0000", billingDayOfMonth: 1 })),
        line(price({ amount: "7.0000", interval: "week" })),
      ]),
    );
    expect(q.recurring[1].period.end.toISOString()).toBe("2026-03-17T00:00:00.000Z");
    expect(q.periodEnd.toISOString()).toBe("2026-03-17T00:00:00.000Z");
  });
});
