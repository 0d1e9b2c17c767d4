// Property-based invariants of the pricing engine (fast-check).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MoneyDecimal } from "@/server/domain/money";
import { priceOffer } from "@/server/domain/pricing/engine";
import { line, offer, price } from "./fixtures";

const amount = fc.integer({ min: 0, max: 100_000_000 }).map((n) => new MoneyDecimal(n).div(10_000)); // 0.0000 … 10000.0000
const percent = fc.integer({ min: 0, max: 1_000_000 }).map((n) => new MoneyDecimal(n).div(10_000)); // 0 … 100
const instant = fc.date({
  min: new Date("2024-01-01T00:00:00Z"),
  max: new Date("2032-12-31T00:00:00Z"),
  noInvalidDate: true,
});
const zone = fc.constantFrom("UTC", "Europe/Helsinki", "America/New_York", "Asia/Kolkata", "Australia/Sydney");
const cadence = fc.constantFrom(
  { interval: "month" as const, intervalCount: 1, billingDayOfMonth: null },
  { interval: "month" as const, intervalCount: 1, billingDayOfMonth: 31 },
  { interval: "month" as const, intervalCount: 3, billingDayOfMonth: 15 },
  { interval: "year" as const, intervalCount: 1, billingDayOfMonth: null },
  { interval: "year" as const, intervalCount: 1, billingDayOfMonth: 1 },
  { interval: "week" as const, intervalCount: 1, billingDayOfMonth: null },
  { interval: "day" as const, intervalCount: 10, billingDayOfMonth: null },
);
const tax = fc.constantFrom(
  { taxPolicy: null, taxRate: null },
  { taxPolicy: "exclusive" as const, taxRate: new MoneyDecimal(24) },
  { taxPolicy: "inclusive" as const, taxRate: new MoneyDecimal(10) },
  { taxPolicy: "exclusive" as const, taxRate: new MoneyDecimal("25.5") },
);
const lineArb = fc.record({
  amount,
  qty: fc.integer({ min: 1, max: 1000 }),
  discount: fc.option(percent, { nil: null }),
  tax,
});

const fourPlaces = (d: InstanceType<typeof MoneyDecimal>) => d.decimalPlaces() <= 4;

describe("pricing invariants", () => {
  it("totals are the sums of their lines and subtotal + tax = total", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 8 }), instant, zone, cadence, (ls, start, tz, c) => {
        const q = priceOffer(
          offer(
            start.toISOString(),
            ls.map((l) =>
              line(price({ amount: l.amount.toFixed(4), ...c, ...l.tax }), {
                quantity: l.qty,
                discountPercent: l.discount,
              }),
            ),
            { timezone: tz },
          ),
        );
        const sum = (f: (x: (typeof q.recurring)[number]) => InstanceType<typeof MoneyDecimal>) =>
          q.recurring.reduce((a, l) => a.plus(f(l)), new MoneyDecimal(0));
        expect(q.firstPeriod.subtotal.eq(sum((l) => l.first.subtotal))).toBe(true);
        expect(q.firstPeriod.tax.eq(sum((l) => l.first.tax))).toBe(true);
        expect(q.firstPeriod.total.eq(q.firstPeriod.subtotal.plus(q.firstPeriod.tax))).toBe(true);
        expect(q.renewal.total.eq(sum((l) => l.renewal!.total))).toBe(true);
        for (const l of q.recurring) {
          expect(l.first.total.eq(l.first.subtotal.plus(l.first.tax))).toBe(true);
          for (const v of [l.first.lineTotal, l.first.tax, l.first.subtotal, l.renewal!.lineTotal])
            expect(fourPlaces(v)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("0 ≤ proration factor ≤ 1, six places, and the first period never exceeds a full one", () => {
    fc.assert(
      fc.property(lineArb, instant, zone, cadence, (l, start, tz, c) => {
        const q = priceOffer(
          offer(start.toISOString(), [line(price({ amount: l.amount.toFixed(4), ...c }), { quantity: l.qty })], {
            timezone: tz,
          }),
        );
        const f = q.recurring[0].first.factor;
        expect(f.gte(0) && f.lte(1)).toBe(true);
        expect(f.decimalPlaces()).toBeLessThanOrEqual(6);
        expect(q.recurring[0].first.lineTotal.lte(q.recurring[0].renewal!.lineTotal)).toBe(true);
        expect(q.recurring[0].period.end > start).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("renewal amounts do not depend on the start date", () => {
    fc.assert(
      fc.property(lineArb, instant, instant, zone, cadence, (l, a, b, tz, c) => {
        const make = (s: Date) =>
          priceOffer(
            offer(
              s.toISOString(),
              [
                line(price({ amount: l.amount.toFixed(4), ...c, ...l.tax }), {
                  quantity: l.qty,
                  discountPercent: l.discount,
                }),
              ],
              { timezone: tz },
            ),
          );
        const [qa, qb] = [make(a), make(b)];
        expect(qa.renewal.total.toFixed(4)).toBe(qb.renewal.total.toFixed(4));
        // and equal the undiscounted-by-time formula: round4(unit × qty × (1 − d))
        const expected = l.amount
          .times(l.qty)
          .times(new MoneyDecimal(100).minus(l.discount ?? 0).div(100))
          .toDecimalPlaces(4, MoneyDecimal.ROUND_HALF_UP);
        expect(qa.recurring[0].renewal!.lineTotal.toFixed(4)).toBe(expected.toFixed(4));
      }),
      { numRuns: 300 },
    );
  });

  it("no float drift: a line equals its decimal formula with the displayed factor", () => {
    fc.assert(
      fc.property(lineArb, instant, cadence, (l, start, c) => {
        const q = priceOffer(
          offer(start.toISOString(), [
            line(price({ amount: l.amount.toFixed(4), ...c }), { quantity: l.qty, discountPercent: l.discount }),
          ]),
        );
        const first = q.recurring[0].first;
        const expected = l.amount
          .times(l.qty)
          .times(new MoneyDecimal(100).minus(l.discount ?? 0).div(100))
          .times(first.factor)
          .toDecimalPlaces(4, MoneyDecimal.ROUND_HALF_UP);
        expect(first.lineTotal.toFixed(4)).toBe(expected.toFixed(4));
      }),
      { numRuns: 300 },
    );
  });

  it("memoized periods and amounts equal a fresh computation, whatever order instants come in", () => {
    fc.assert(
      fc.property(
        cadence,
        zone,
        fc.array(instant, { minLength: 2, maxLength: 25 }),
        fc.constantFrom("00:00", "09:30", "23:59:59"),
        (c, tz, instants, billingTime) => {
          // one terms object, as a catalog snapshot shares it between requests: the memo keys on it
          const shared = price({ amount: "19.9900", ...c, taxPolicy: "exclusive", taxRate: new MoneyDecimal(24) });
          for (const at of instants) {
            const o = offer(at.toISOString(), [line(shared, { quantity: 3, discountPercent: new MoneyDecimal(10) })], {
              timezone: tz,
              billingTime,
            });
            const fresh = offer(
              at.toISOString(),
              [line({ ...shared }, { quantity: 3, discountPercent: new MoneyDecimal(10) })],
              {
                timezone: tz,
                billingTime,
              },
            );
            const [a] = priceOffer(o).recurring,
              [b] = priceOffer(fresh).recurring;
            expect([+a.period.start, +a.period.end, +a.renewalService!.end]).toEqual([
              +b.period.start,
              +b.period.end,
              +b.renewalService!.end,
            ]);
            expect([a.first.text, a.first.explanation, a.renewal!.text, a.renewal!.explanation]).toEqual([
              b.first.text,
              b.first.explanation,
              b.renewal!.text,
              b.renewal!.explanation,
            ]);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
