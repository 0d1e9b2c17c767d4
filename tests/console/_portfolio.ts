// A small hand-made portfolio for the console's figures (tests/console/*): its own account, catalog,
// contracts, runs and attempts written directly, so every figure below is a hand-computed literal.
// "Now" is NOW (the account's test clock). MRR (EUR), normalised to a month, tax excluded:
//   c1 active   monthly 10.00 ×2 −10 % = 18 · yearly 120 = 10                      (from 2026-01-10)
//   c2 active   weekly 3.00 ×52/12 = 13 · quarterly 30 = 10 · one-time 50 = —       (from 2026-05-20)
//   c3 canceled monthly 10 (ended 2026-04-15)                                        (from 2026-02-01)
//   c4 active   monthly 12.00 incl. 20 % tax = 10 · 10.00 excl. 10 % with override 8 = 8
//               · versioned monthly 5 → 7 from 2026-06-01                           (from 2026-03-05)
//   c5 paused   monthly 10, paused over NOW                                          (from 2026-04-01)
//   c6 inactive monthly 10 ×5 (a draft: never counts)
//   c7 active   monthly 10 whose item ended 2026-06-01                               (from 2026-04-01)
//   c9 canceled monthly 10 (ended 2026-06-01)                                        (from 2026-01-01)
//   c8 active   USD monthly 20                                                       (from 2026-06-14)
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/server/generated/prisma/client";
import { db } from "@/tests/helpers";

export const NOW = new Date("2026-06-15T12:00:00.000Z");
const d = (s: string) => new Date(s);

export interface Portfolio {
  accountId: number;
  email: string;
  c: Record<string, number>;
  runs: Record<string, number>;
  otherAccountId: number;
  otherEmail: string;
  other: Record<string, number>;
}

async function account(name: string) {
  const a = await db().account.create({ data: { name, mode: "test", testClockAt: NOW } });
  const email = `${randomUUID()}@console.test`;
  await db().user.create({ data: { accountId: a.id, email, name: "Console Owner", passwordHash: "x", role: "owner" } });
  return { id: a.id, email };
}

export async function seedPortfolio(): Promise<Portfolio> {
  const { id: accountId, email } = await account("Console figures");
  const t = db();
  const inc = await t.taxRate.create({ data: { accountId, name: "VAT 20", percentage: "20" } });
  const exc = await t.taxRate.create({ data: { accountId, name: "VAT 10", percentage: "10" } });
  const product = (name: string, extra: Partial<Prisma.CatalogProductUncheckedCreateInput> = {}) =>
    t.catalogProduct.create({ data: { accountId, name, ...extra } });
  const plain = await product("Plain");
  const incl = await product("Inclusive", { taxPolicy: "inclusive", taxRateId: inc.id });
  const excl = await product("Exclusive", { taxPolicy: "exclusive", taxRateId: exc.id });
  const price = async (
    productId: number,
    currency: string,
    amounts: [string, Date | null, Date | null][],
    interval: string | null,
    count = 1,
  ) => {
    const p = await t.catalogPrice.create({
      data: {
        accountId,
        productId,
        currency,
        billingType: interval ? "recurring" : "one_time",
        recurrenceType: interval ? "interval" : null,
        interval,
        intervalCount: interval ? count : null,
      },
    });
    for (const [a, from, to] of amounts)
      await t.priceVersion.create({ data: { priceId: p.id, unitAmount: a, effectiveFrom: from, effectiveTo: to } });
    return p;
  };
  const always = (a: string): [string, Date | null, Date | null][] => [[a, null, null]];
  const M = await price(plain.id, "EUR", always("10.0000"), "month");
  const Y = await price(plain.id, "EUR", always("120.0000"), "year");
  const W = await price(plain.id, "EUR", always("3.0000"), "week");
  const Q = await price(plain.id, "EUR", always("30.0000"), "month", 3);
  const O = await price(plain.id, "EUR", always("50.0000"), null);
  const I = await price(incl.id, "EUR", always("12.0000"), "month");
  const E = await price(excl.id, "EUR", always("10.0000"), "month");
  const V = await price(
    plain.id,
    "EUR",
    [
      ["5.0000", null, d("2026-06-01T00:00:00Z")],
      ["7.0000", d("2026-06-01T00:00:00Z"), null],
    ],
    "month",
  );
  const U = await price(plain.id, "USD", always("20.0000"), "month");

  const customer = (reference: string, name: string) => t.customer.create({ data: { accountId, reference, name } });
  const alice = await customer("alice-001", "Alice Example");
  const bob = await customer("bob-002", "Bob Sample");

  type Item = {
    price: typeof M;
    quantity?: number;
    discount?: string;
    override?: string;
    endAt?: string;
    periodEnd?: string;
  };
  const contract = async (
    state: string,
    created: string,
    currency: string,
    items: Item[],
    extra: Partial<Prisma.SubscriptionContractUncheckedCreateInput> = {},
  ) => {
    const c = await t.subscriptionContract.create({
      data: {
        accountId,
        customerId: extra.customerId ?? alice.id,
        state,
        currency,
        billingAnchorAt: d(created),
        createdAt: d(created),
        inputMode: "items",
        subscriberToken: randomUUID(),
        ...extra,
      },
    });
    for (const i of items) {
      await t.contractItem.create({
        data: {
          contractId: c.id,
          priceId: i.price.id,
          productId: i.price.productId,
          quantity: i.quantity ?? 1,
          discountPercent: i.discount ?? null,
          unitAmountOverride: i.override ?? null,
          source: "items",
          createdAt: d(created),
          endAt: i.endAt ? d(i.endAt) : null,
          periodStartAt: d(created),
          periodEndAt: d(i.periodEnd ?? "2026-07-01T00:00:00Z"),
        },
      });
    }
    return c.id;
  };
  const c: Record<string, number> = {};
  c.c1 = await contract(
    "active",
    "2026-01-10T00:00:00Z",
    "EUR",
    [
      { price: M, quantity: 2, discount: "10", periodEnd: "2026-06-20T00:00:00Z" },
      { price: Y, periodEnd: "2027-01-10T00:00:00Z" },
    ],
    { nextBillingAt: d("2026-06-20T00:00:00Z") },
  );
  c.c2 = await contract("active", "2026-05-20T00:00:00Z", "EUR", [{ price: W }, { price: Q }, { price: O }], {
    nextBillingAt: d("2026-06-27T00:00:00Z"),
    customerId: bob.id,
  });
  c.c3 = await contract("canceled", "2026-02-01T00:00:00Z", "EUR", [{ price: M }], {
    canceledAt: d("2026-04-15T00:00:00Z"),
    endedAt: d("2026-04-15T00:00:00Z"),
  });
  c.c4 = await contract(
    "active",
    "2026-03-05T00:00:00Z",
    "EUR",
    [
      { price: I, periodEnd: "2026-06-18T00:00:00Z" },
      { price: E, override: "8.0000", periodEnd: "2026-06-18T00:00:00Z" },
      { price: V, periodEnd: "2026-06-18T00:00:00Z" },
    ],
    {
      nextBillingAt: d("2026-06-18T00:00:00Z"),
      billingAttentionRequired: true,
      pastDueSince: d("2026-06-10T00:00:00Z"),
    },
  );
  c.c5 = await contract("paused", "2026-04-01T00:00:00Z", "EUR", [{ price: M }], { customerId: bob.id });
  await t.contractPause.create({
    data: { contractId: c.c5, startAt: d("2026-06-10T00:00:00Z"), endAt: d("2026-07-10T00:00:00Z"), state: "active" },
  });
  c.c6 = await contract("inactive", "2026-06-01T00:00:00Z", "EUR", [{ price: M, quantity: 5 }]);
  c.c7 = await contract("active", "2026-04-01T00:00:00Z", "EUR", [
    { price: M, endAt: "2026-06-01T00:00:00Z", periodEnd: "2026-06-01T00:00:00Z" },
  ]);
  c.c9 = await contract("canceled", "2026-01-01T00:00:00Z", "EUR", [{ price: M }], {
    canceledAt: d("2026-06-01T00:00:00Z"),
    endedAt: d("2026-06-01T00:00:00Z"),
    customerId: bob.id,
  });
  c.c8 = await contract("active", "2026-06-14T00:00:00Z", "USD", [{ price: U }], {
    nextBillingAt: d("2026-07-14T00:00:00Z"),
  });

  // runs: billed in the window (May 16 12:00 → NOW) EUR 28 + 10 + 13 = 51, USD 20; collected EUR 28, USD 20
  const run = async (
    contractId: number,
    state: string,
    scheduled: string,
    total: string,
    attempts: [string, string][],
    extra: Partial<Prisma.BillingRunUncheckedCreateInput> = {},
  ) => {
    const contractRow = await t.subscriptionContract.findUniqueOrThrow({ where: { id: contractId } });
    const r = await t.billingRun.create({
      data: {
        accountId,
        contractId,
        customerId: contractRow.customerId,
        kind: "regular",
        state,
        currency: contractRow.currency,
        periodStartAt: d(scheduled),
        periodEndAt: new Date(+d(scheduled) + 30 * 86_400_000),
        periodKey: `regular:${scheduled}`,
        scheduledAt: d(scheduled),
        subtotal: total,
        tax: "0",
        total,
        attemptCount: attempts.length,
        createdAt: d(scheduled),
        ...extra,
      },
    });
    let no = 0;
    for (const [s, at] of attempts)
      await t.billingAttempt.create({
        data: {
          runId: r.id,
          attemptNo: ++no,
          state: s,
          amount: total,
          createdAt: d(at),
          updatedAt: d(at),
          failCode: s === "failed" ? "card_declined" : null,
          failMessage: s === "failed" ? "Declined" : null,
        },
      });
    return r.id;
  };
  const runs: Record<string, number> = {};
  runs.r1 = await run(c.c1, "succeeded", "2026-06-01T00:00:00Z", "28.0000", [["succeeded", "2026-06-01T00:05:00Z"]]);
  runs.r2 = await run(c.c4, "failed", "2026-06-10T00:00:00Z", "10.0000", [["failed", "2026-06-10T00:05:00Z"]], {
    nextAttemptAt: d("2026-06-11T00:05:00Z"),
  });
  runs.r3 = await run(c.c4, "exhausted", "2026-04-01T00:00:00Z", "12.0000", [
    ["failed", "2026-04-01T00:00:00Z"],
    ["failed", "2026-04-02T00:00:00Z"],
    ["failed", "2026-04-05T00:00:00Z"],
    ["failed", "2026-04-10T00:00:00Z"],
  ]);
  runs.r4 = await run(c.c2, "pending_external", "2026-06-14T00:00:00Z", "13.0000", [
    ["pending_external", "2026-06-14T00:10:00Z"],
  ]);
  runs.r5 = await run(c.c1, "canceled", "2026-06-05T00:00:00Z", "99.0000", []);
  runs.r6 = await run(c.c8, "succeeded", "2026-06-14T00:00:00Z", "20.0000", [["succeeded", "2026-06-14T00:01:00Z"]]);

  // another account, its records at ids far above this file's own (so an id of theirs is never one of ours)
  const o = await account("Console other");
  const base = 900_000 + Math.floor(Math.random() * 50_000) * 10;
  const other: Record<string, number> = {};
  const oc = await t.customer.create({
    data: { id: base + 1, accountId: o.id, reference: "other-cust", name: "Other" },
  });
  const op = await t.catalogProduct.create({ data: { id: base + 2, accountId: o.id, name: "Other product" } });
  const opr = await t.catalogPrice.create({
    data: {
      id: base + 3,
      accountId: o.id,
      productId: op.id,
      currency: "EUR",
      billingType: "recurring",
      recurrenceType: "interval",
      interval: "month",
      intervalCount: 1,
    },
  });
  await t.priceVersion.create({ data: { priceId: opr.id, unitAmount: "1000.0000" } });
  const ocon = await t.subscriptionContract.create({
    data: {
      id: base + 4,
      accountId: o.id,
      customerId: oc.id,
      state: "active",
      currency: "EUR",
      billingAnchorAt: NOW,
      createdAt: NOW,
      inputMode: "items",
      subscriberToken: randomUUID(),
      nextBillingAt: NOW,
    },
  });
  await t.contractItem.create({
    data: {
      contractId: ocon.id,
      priceId: opr.id,
      productId: op.id,
      quantity: 1,
      source: "items",
      createdAt: NOW,
      periodStartAt: NOW,
      periodEndAt: d("2026-07-15T12:00:00Z"),
    },
  });
  const orun = await t.billingRun.create({
    data: {
      id: base + 5,
      accountId: o.id,
      contractId: ocon.id,
      customerId: oc.id,
      kind: "regular",
      state: "failed",
      currency: "EUR",
      periodStartAt: NOW,
      periodEndAt: NOW,
      periodKey: "regular:x",
      scheduledAt: NOW,
      subtotal: "1000",
      tax: "0",
      total: "1000",
    },
  });
  const ouser = await t.user.create({
    data: { id: base + 6, accountId: o.id, email: `${randomUUID()}@console.test`, passwordHash: "x" },
  });
  const okey = await t.apiKey.create({
    data: { id: base + 7, accountId: o.id, kind: "secret", prefix: "sk_other", hash: randomUUID() },
  });
  Object.assign(other, {
    customer: oc.id,
    product: op.id,
    price: opr.id,
    contract: ocon.id,
    run: orun.id,
    user: ouser.id,
    apiKey: okey.id,
  });
  return { accountId, email, c, runs, otherAccountId: o.id, otherEmail: o.email, other };
}
