// The slow way: every movement rebuilt from contracts, items, pauses and price versions (no mrr_spans), by
// the MRR rule of docs/decisions.md applied to each customer at every month's end, must equal what the
// analytics read from the spans the triggers keep, on both hand-made histories.
import Decimal from "decimal.js";
import { beforeAll, describe, expect, it } from "vitest";
import { mrrMovements } from "@/server/domain/analytics/movements";
import { addMonths } from "@/server/domain/analytics/range";
import { seedPortfolio } from "@/tests/console/_portfolio";
import { ctxFor, db } from "@/tests/helpers";
import { NOW, seedHistory } from "./_history";

const FROM = "2026-01";
const TO = "2026-06";

/** Each customer's MRR per currency at instant t, straight from the records (the rule, item by item). */
async function slowMrr(accountId: number) {
  const contracts = await db().subscriptionContract.findMany({
    where: { accountId, state: { not: "inactive" } },
    include: { items: { include: { pastTerms: true } }, pauses: true },
  });
  const prices = await db().catalogPrice.findMany({
    where: { accountId },
    include: { versions: true, product: { include: { taxRate: true } } },
  });
  const priceOf = new Map(prices.map((p) => [p.id, p]));
  return (t: Date) => {
    const out = new Map<string, Decimal>();
    for (const c of contracts) {
      if (c.createdAt > t) continue;
      if (c.trialEndAt && c.trialEndAt > t) continue;
      const end = ["canceled", "ended"].includes(c.state) ? (c.endedAt ?? c.canceledAt ?? c.updatedAt) : null;
      if (end && end <= t) continue;
      if (c.pauses.some((p) => p.state !== "canceled" && p.startAt <= t && t < p.endAt)) continue;
      for (const item of c.items) {
        const start = [c.createdAt, item.createdAt, item.startAt ?? c.createdAt].reduce((a, b) => (a > b ? a : b));
        if (start > t || (item.endAt && item.endAt <= t) || (item.removedAt && item.removedAt <= t)) continue;
        // the terms in effect at t: the current ones from termsFrom on, before that the past row covering t
        const i =
          !item.termsFrom || item.termsFrom <= t
            ? item
            : item.pastTerms.find((p) => (!p.effectiveFrom || p.effectiveFrom <= t) && t < p.effectiveTo);
        if (!i) continue;
        const p = priceOf.get(i.priceId)!;
        if (p.billingType !== "recurring") continue;
        const version = p.versions.find(
          (v) => (!v.effectiveFrom || v.effectiveFrom <= t) && (!v.effectiveTo || t < v.effectiveTo),
        );
        const unit = new Decimal((i.unitAmountOverride ?? version?.unitAmount ?? 0).toString());
        const n = p.intervalCount ?? 1;
        const perMonth =
          { day: new Decimal(365).div(12 * n), week: new Decimal(52).div(12 * n), year: new Decimal(1).div(12 * n) }[
            p.interval as "day"
          ] ?? new Decimal(1).div(n);
        const rate = p.product.taxRate?.percentage;
        const net =
          p.product.taxPolicy === "inclusive" && rate
            ? new Decimal(100).div(new Decimal(100).plus(rate.toString()))
            : 1;
        const value = unit
          .times(i.quantity)
          .times(new Decimal(100).minus((i.discountPercent ?? 0).toString()).div(100))
          .times(perMonth)
          .times(net);
        const key = `${c.customerId} ${c.currency}`;
        out.set(key, (out.get(key) ?? new Decimal(0)).plus(value));
      }
    }
    return new Map([...out].map(([k, v]) => [k, v.toDecimalPlaces(4, Decimal.ROUND_HALF_UP)]));
  };
}

/** Movements per currency, month and kind from the customers' MRR at month ends (UTC), "now" closing the last. */
async function slowMovements(accountId: number) {
  const mrrAt = await slowMrr(accountId);
  const endOf = (month: string) => {
    const next = new Date(`${addMonths(month, 1)}-01T00:00:00Z`);
    return next > NOW ? NOW : new Date(next.getTime() - 1);
  };
  const months: string[] = [];
  for (let m = "2025-01"; m <= TO; m = addMonths(m, 1)) months.push(m);
  const result = new Map<string, { amount: Decimal; customers: number }>();
  const opening = new Map<string, Decimal>();
  const paidBefore = new Set<string>();
  let previous = mrrAt(new Date(`${months[0]}-01T00:00:00Z`));
  for (const month of months) {
    const current = mrrAt(endOf(month));
    if (month === FROM)
      for (const [key, v] of previous) {
        const currency = key.split(" ")[1];
        opening.set(currency, (opening.get(currency) ?? new Decimal(0)).plus(v));
      }
    for (const key of new Set([...previous.keys(), ...current.keys()])) {
      const o = previous.get(key) ?? new Decimal(0);
      const c = current.get(key) ?? new Decimal(0);
      const kind =
        o.isZero() && c.gt(0)
          ? paidBefore.has(key)
            ? "reactivation"
            : "new"
          : o.gt(0) && c.isZero()
            ? "churn"
            : c.gt(o)
              ? "expansion"
              : c.lt(o)
                ? "contraction"
                : null;
      if (c.gt(0)) paidBefore.add(key);
      if (!kind || month < FROM) continue;
      const slot = `${key.split(" ")[1]} ${month} ${kind}`;
      const cell = result.get(slot) ?? { amount: new Decimal(0), customers: 0 };
      result.set(slot, { amount: cell.amount.plus(c.minus(o)), customers: cell.customers + 1 });
    }
    previous = current;
  }
  return { result, opening };
}

async function compare(accountId: number) {
  const slow = await slowMovements(accountId);
  const fast = await mrrMovements(ctxFor(accountId, NOW), { from: FROM, to: TO });
  const seen = new Map<string, { amount: string; customers: number }>();
  for (const c of fast.currencies) {
    expect(c.months[0].opening_mrr, c.currency).toBe((slow.opening.get(c.currency) ?? new Decimal(0)).toFixed(4));
    for (const m of c.months)
      for (const x of m.movements)
        if (x.customers > 0)
          seen.set(`${c.currency} ${m.month} ${x.kind}`, { amount: x.amount, customers: x.customers });
  }
  const expected = new Map(
    [...slow.result].map(([k, v]) => [k, { amount: v.amount.toFixed(4), customers: v.customers }]),
  );
  expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(expected));
  expect(seen.size).toBeGreaterThan(3);
}

describe("analytics rebuilt the slow way", () => {
  let history: number;
  let portfolio: number;
  beforeAll(async () => {
    history = (await seedHistory()).accountId;
    portfolio = (await seedPortfolio()).accountId;
  });
  it("agrees on the analytics history", async () => compare(history));
  it("agrees after items change their terms in place (quantity, price, discount) at past instants", async () => {
    const monthly = await db().catalogPrice.findMany({
      where: { accountId: history, billingType: "recurring", interval: "month", intervalCount: 1 },
    });
    const items = await db().contractItem.findMany({
      where: {
        contract: { accountId: history, state: "active", trialEndAt: null },
        status: "active",
        endAt: null,
        priceId: { in: monthly.map((p) => p.id) },
      },
      orderBy: { id: "asc" },
    });
    const at = (s: string) => new Date(`${s}T00:00:00Z`);
    // a quantity up in March, down again in May on one item; a discount on another in April
    await db().contractItem.update({ where: { id: items[0].id }, data: { quantity: 4, termsFrom: at("2026-03-20") } });
    await db().contractItem.update({ where: { id: items[0].id }, data: { quantity: 2, termsFrom: at("2026-05-02") } });
    await db().contractItem.update({
      where: { id: items[2].id },
      data: { discountPercent: "25", termsFrom: at("2026-04-11") },
    });
    const past = await db().contractItemTerms.findMany({
      where: { contractItemId: { in: [items[0].id, items[2].id] } },
    });
    expect(past).toHaveLength(3);
    expect(items[0].contractId).not.toBe(items[2].contractId);
    await compare(history);
  });
  it("agrees on the dashboard's portfolio (weekly, quarterly, tax-inclusive, overrides, versions)", async () =>
    compare(portfolio));
});
