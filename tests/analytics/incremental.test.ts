// The stored customer-months (migration 20261126190000_customer_month_mrr): the rows the triggers keep per
// customer must equal a full rebuild after every kind of change (new contract, item change, pause and
// resume, cancel, trial end, customer), and the months' stored figures equal figures summed afresh; a price
// version or a new zone marks the account for a rebuild on its next read, and the current month counts only
// what happened up to "now".
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsContracts } from "@/server/domain/analytics/contracts";
import { mrrMovements } from "@/server/domain/analytics/movements";
import { ctxFor, db } from "@/tests/helpers";
import { type History, NOW, seedHistory } from "./_history";

const d = (s: string) => new Date(`${s}T00:00:00Z`);
let h: History;
const ctx = () => ctxFor(h.accountId, NOW);

const COLUMNS = `customer_id, currency, month, total::text, opening::text, closing::text, kind, cohort, contract_ids`;
const stored = () =>
  db().$queryRawUnsafe<unknown[]>(
    `select ${COLUMNS} from customer_month_mrr where account_id = $1 order by 1, 2, 3`,
    h.accountId,
  );
const rebuilt = (zone: string) =>
  db().$queryRawUnsafe<unknown[]>(
    `select ${COLUMNS} from customer_month_mrr_compute($1, $2, null) order by 1, 2, 3`,
    h.accountId,
    zone,
  );
const builtFor = async () =>
  (
    await db().$queryRaw<{ zone: string }[]>`
      select zone from customer_month_mrr_state where account_id = ${h.accountId}`
  )[0]?.zone ?? null;

const sums = () =>
  db().$queryRawUnsafe<unknown[]>(
    `select month, currency, part, key, amount::text, customers, contracts, contract_ids
     from customer_month_mrr_sums where account_id = $1 order by 1, 2, 3, 4`,
    h.accountId,
  );
const sumMonths = () => db().$executeRawUnsafe(`select customer_month_mrr_sum($1, '2026-06')`, h.accountId);

/** The rows equal a rebuild, and the months' figures kept so far equal figures summed afresh. */
async function expectInStep(zone = "UTC") {
  expect(await builtFor()).toBe(zone);
  const rows = await stored();
  expect(rows.length).toBeGreaterThan(10);
  expect(rows).toEqual(await rebuilt(zone));
  await sumMonths();
  const kept = await sums();
  expect(kept.length).toBeGreaterThan(10);
  await db().$executeRawUnsafe(`delete from customer_month_mrr_sums where account_id = $1`, h.accountId);
  await sumMonths();
  expect(kept).toEqual(await sums());
}

async function eurMonth(month: string) {
  const answer = await mrrMovements(ctx(), { currency: "EUR", from: "2026-01", to: "2026-06" });
  const m = answer.currencies[0].months.find((x) => x.month === month)!;
  return { ...m, byKind: Object.fromEntries(m.movements.map((x) => [x.kind, x])) };
}

let monthly: { id: number; productId: number };
beforeAll(async () => {
  h = await seedHistory();
  const price = await db().catalogPrice.findFirstOrThrow({
    where: { accountId: h.accountId, currency: "EUR", interval: "month", versions: { some: { unitAmount: "10" } } },
  });
  monthly = { id: price.id, productId: price.productId };
});

describe("stored customer-months", () => {
  it("are built by the first read and kept in step with every change", async () => {
    expect(await builtFor()).toBeNull();
    await mrrMovements(ctx(), {});
    await expectInStep();
    const t = db();

    // a new customer's contract, started this month, its item ending later this month
    const customer = await t.customer.create({
      data: { accountId: h.accountId, reference: "cust-x", name: "Customer X" },
    });
    const x = await t.subscriptionContract.create({
      data: {
        accountId: h.accountId,
        customerId: customer.id,
        state: "active",
        currency: "EUR",
        billingAnchorAt: d("2026-06-02"),
        createdAt: d("2026-06-02"),
        inputMode: "items",
        subscriberToken: randomUUID(),
      },
    });
    await t.contractItem.create({
      data: {
        contractId: x.id,
        priceId: monthly.id,
        productId: monthly.productId,
        quantity: 1,
        source: "items",
        createdAt: d("2026-06-02"),
        endAt: d("2026-06-25"),
        periodStartAt: d("2026-06-02"),
        periodEndAt: d("2026-07-02"),
      },
    });
    await expectInStep();
    // the month's rows hold the whole month (started and ended: nothing), the read only what happened by now
    const june = await eurMonth("2026-06");
    expect(june.byKind.new).toMatchObject({ amount: "10.0000", customers: 1, contract_ids: [x.id] });
    expect(june.byKind.churn.customers).toBe(0);
    expect(june.closing_mrr).toBe("97.0000");
    const paying = await analyticsContracts(ctx(), { currency: "EUR", month: "2026-06", kind: "paying" });
    expect(paying.results.map((r) => r.customer_reference)).toContain("cust-x");

    // item changes: a quantity changed in place, an item added later
    const [b] = await t.contractItem.findMany({ where: { contractId: h.c.b1, startAt: { not: null } } });
    await t.contractItem.update({ where: { id: b.id }, data: { quantity: 2 } });
    await t.contractItem.create({
      data: {
        contractId: h.c.a1,
        priceId: monthly.id,
        productId: monthly.productId,
        quantity: 1,
        source: "items",
        createdAt: d("2026-05-20"),
        startAt: d("2026-05-20"),
        periodStartAt: d("2026-05-20"),
        periodEndAt: d("2026-06-20"),
      },
    });
    await expectInStep();

    // a pause, then its resume
    const pause = await t.contractPause.create({
      data: { contractId: h.c.e1, startAt: d("2026-05-01"), endAt: d("2026-07-01"), state: "active" },
    });
    await expectInStep();
    await t.contractPause.update({ where: { id: pause.id }, data: { endAt: d("2026-05-20"), state: "completed" } });
    await expectInStep();

    // a cancel, a later trial end, a contract moved to another customer
    await t.subscriptionContract.update({
      where: { id: h.c.g1 },
      data: { state: "canceled", canceledAt: d("2026-05-31"), endedAt: d("2026-05-31") },
    });
    await t.subscriptionContract.update({ where: { id: h.c.f1 }, data: { trialEndAt: d("2026-05-25") } });
    await t.subscriptionContract.update({ where: { id: h.c.d2 }, data: { customerId: customer.id } });
    await expectInStep();
    const may = await eurMonth("2026-05");
    expect(may.byKind.new.contract_ids).toEqual([h.c.f1]);
  });

  it("are rebuilt by the next read after a price version or a new zone", async () => {
    const t = db();
    const versioned = await t.priceVersion.findFirstOrThrow({
      where: { price: { accountId: h.accountId }, effectiveFrom: d("2026-04-01") },
    });
    const before = await eurMonth("2026-04");
    await t.priceVersion.update({ where: { id: versioned.id }, data: { unitAmount: "8.0000" } });
    expect(await builtFor()).toBeNull();
    const after = await eurMonth("2026-04");
    expect(new Decimal(after.byKind.expansion.amount).minus(before.byKind.expansion.amount).toFixed(4)).toBe("1.0000");
    await expectInStep();

    await t.account.update({ where: { id: h.accountId }, data: { displayTimezone: "Pacific/Auckland" } });
    await mrrMovements(ctx(), {});
    await expectInStep("Pacific/Auckland");
    // changes after a rebuild are kept again
    await t.contractItem.deleteMany({ where: { contractId: h.c.a1, createdAt: d("2026-05-20") } });
    await expectInStep("Pacific/Auckland");
  });
});
