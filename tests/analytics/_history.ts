// A small account with a known history for the analytics tests (tests/analytics/*), written as records so
// every figure is a hand-computed literal. "Now" is NOW (the account's test clock), zone UTC. EUR MRR:
//   A  a1 monthly 10 ×1 from Jan 10; upgraded to ×3 on Mar 5 (item ended, another started)   new 10 · exp +20
//   B  b1 monthly 10 ×3 from Jan 20; downgraded to ×1 on Apr 10                               new 30 · contr −20
//   C  c1 yearly 120 (= 10) from Feb 1; paused Mar 10 → May 10                                new 10 · churn −10 (Mar) · react +10 (May)
//   D  d1 monthly 10 from Jan 5, canceled Feb 15; returns with d2 monthly ×2 on Apr 3          new 10 · churn −10 · react +20
//   E  e1 versioned 5 → 7 from Apr 1, from Feb 10                                              new 5 · exp +2 (Apr)
//   F  f1 monthly 10 with a trial May 1 → May 15                                               new 10 (May, at the trial's end)
//   G  g1 USD monthly 20 from Mar 1                                                            new 20 (USD)
// Months (EUR): Jan +50 → 50 · Feb +15 −10 → 55 · Mar +20 −10 → 65 · Apr −20 +20 +2 → 67 · May +10 +10 → 87 · Jun 87.
// A billed run and a one-time price are on the record too and move nothing.
import { randomUUID } from "node:crypto";
import { db } from "@/tests/helpers";

export const NOW = new Date("2026-06-15T12:00:00.000Z");
const d = (s: string) => new Date(`${s}T00:00:00Z`);

export interface History {
  accountId: number;
  email: string;
  otherAccountId: number;
  c: Record<string, number>;
}

export async function seedHistory(): Promise<History> {
  const t = db();
  const account = await t.account.create({ data: { name: "Analytics history", mode: "test", testClockAt: NOW } });
  const accountId = account.id;
  const email = `${randomUUID()}@analytics.test`;
  await t.user.create({ data: { accountId, email, name: "Analytics Owner", passwordHash: "x", role: "owner" } });
  const product = await t.catalogProduct.create({ data: { accountId, name: "Plan" } });
  const price = async (currency: string, interval: string | null, versions: [string, Date | null, Date | null][]) => {
    const p = await t.catalogPrice.create({
      data: {
        accountId,
        productId: product.id,
        currency,
        billingType: interval ? "recurring" : "one_time",
        recurrenceType: interval ? "interval" : null,
        interval,
        intervalCount: interval ? 1 : null,
      },
    });
    for (const [a, from, to] of versions)
      await t.priceVersion.create({ data: { priceId: p.id, unitAmount: a, effectiveFrom: from, effectiveTo: to } });
    return p;
  };
  const M = await price("EUR", "month", [["10.0000", null, null]]);
  const Y = await price("EUR", "year", [["120.0000", null, null]]);
  const V = await price("EUR", "month", [
    ["5.0000", null, d("2026-04-01")],
    ["7.0000", d("2026-04-01"), null],
  ]);
  const O = await price("EUR", null, [["50.0000", null, null]]);
  const U = await price("USD", "month", [["20.0000", null, null]]);

  type Item = { price: typeof M; quantity?: number; start?: string; end?: string };
  const contract = async (
    reference: string,
    created: string,
    currency: string,
    items: Item[],
    extra: { state?: string; endedAt?: string; trial?: [string, string]; customerId?: number } = {},
  ) => {
    const customerId =
      extra.customerId ??
      (await t.customer.create({ data: { accountId, reference, name: `Customer ${reference}` } })).id;
    const c = await t.subscriptionContract.create({
      data: {
        accountId,
        customerId,
        state: extra.state ?? "active",
        currency,
        billingAnchorAt: d(created),
        createdAt: d(created),
        canceledAt: extra.endedAt ? d(extra.endedAt) : null,
        endedAt: extra.endedAt ? d(extra.endedAt) : null,
        trialStartAt: extra.trial ? d(extra.trial[0]) : null,
        trialEndAt: extra.trial ? d(extra.trial[1]) : null,
        inputMode: "items",
        subscriberToken: randomUUID(),
      },
    });
    for (const i of items)
      await t.contractItem.create({
        data: {
          contractId: c.id,
          priceId: i.price.id,
          productId: product.id,
          quantity: i.quantity ?? 1,
          source: "items",
          createdAt: d(i.start ?? created),
          startAt: i.start ? d(i.start) : null,
          endAt: i.end ? d(i.end) : null,
          periodStartAt: d(created),
          periodEndAt: d("2026-07-01"),
        },
      });
    return { id: c.id, customerId };
  };
  const c: Record<string, number> = {};
  c.a1 = (
    await contract("cust-a", "2026-01-10", "EUR", [
      { price: M, end: "2026-03-05" },
      { price: M, quantity: 3, start: "2026-03-05" },
      { price: O },
    ])
  ).id;
  c.b1 = (
    await contract("cust-b", "2026-01-20", "EUR", [
      { price: M, quantity: 3, end: "2026-04-10" },
      { price: M, start: "2026-04-10" },
    ])
  ).id;
  c.c1 = (await contract("cust-c", "2026-02-01", "EUR", [{ price: Y }])).id;
  await t.contractPause.create({
    data: { contractId: c.c1, startAt: d("2026-03-10"), endAt: d("2026-05-10"), state: "completed" },
  });
  const d1 = await contract("cust-d", "2026-01-05", "EUR", [{ price: M }], {
    state: "canceled",
    endedAt: "2026-02-15",
  });
  c.d1 = d1.id;
  c.d2 = (await contract("cust-d", "2026-04-03", "EUR", [{ price: M, quantity: 2 }], { customerId: d1.customerId })).id;
  c.e1 = (await contract("cust-e", "2026-02-10", "EUR", [{ price: V }])).id;
  c.f1 = (await contract("cust-f", "2026-05-01", "EUR", [{ price: M }], { trial: ["2026-05-01", "2026-05-15"] })).id;
  c.g1 = (await contract("cust-g", "2026-03-01", "USD", [{ price: U }])).id;

  // a billed run on A's contract: what was billed or given back is not MRR
  const run = await t.billingRun.create({
    data: {
      accountId,
      contractId: c.a1,
      customerId: (await t.subscriptionContract.findUniqueOrThrow({ where: { id: c.a1 } })).customerId,
      kind: "regular",
      state: "succeeded",
      currency: "EUR",
      periodStartAt: d("2026-05-10"),
      periodEndAt: d("2026-06-10"),
      periodKey: "regular:2026-05-10",
      scheduledAt: d("2026-05-10"),
      subtotal: "30.0000",
      tax: "0.0000",
      total: "30.0000",
      createdAt: d("2026-05-10"),
    },
  });
  c.run = run.id;

  const other = await t.account.create({ data: { name: "Analytics other", mode: "test", testClockAt: NOW } });
  const otherProduct = await t.catalogProduct.create({ data: { accountId: other.id, name: "Other plan" } });
  const otherPrice = await t.catalogPrice.create({
    data: {
      accountId: other.id,
      productId: otherProduct.id,
      currency: "EUR",
      billingType: "recurring",
      recurrenceType: "interval",
      interval: "month",
      intervalCount: 1,
    },
  });
  await t.priceVersion.create({ data: { priceId: otherPrice.id, unitAmount: "99.0000" } });
  const otherCustomer = await t.customer.create({ data: { accountId: other.id, reference: "other-1", name: "Other" } });
  const oc = await t.subscriptionContract.create({
    data: {
      accountId: other.id,
      customerId: otherCustomer.id,
      state: "active",
      currency: "EUR",
      billingAnchorAt: d("2026-02-01"),
      createdAt: d("2026-02-01"),
      inputMode: "items",
      subscriberToken: randomUUID(),
    },
  });
  await t.contractItem.create({
    data: {
      contractId: oc.id,
      priceId: otherPrice.id,
      productId: otherProduct.id,
      quantity: 1,
      source: "items",
      createdAt: d("2026-02-01"),
    },
  });
  c.other = oc.id;
  return { accountId, email, otherAccountId: other.id, c };
}
