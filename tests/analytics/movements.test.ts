// MRR movements, retention and cohorts on the hand-made history of _history.ts: every literal is computed
// by hand there (opening + movements = closing), each movement lists its contracts, and REST answers 400 for
// bad queries and never shows another account's contracts.
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsBase } from "@/server/domain/analytics/base";
import { analyticsContracts } from "@/server/domain/analytics/contracts";
import { mrrMovements } from "@/server/domain/analytics/movements";
import { retention } from "@/server/domain/analytics/retention";
import { ctxFor, get, seed } from "@/tests/helpers";
import { type History, NOW, seedHistory } from "./_history";

let h: History;
const ctx = () => ctxFor(h.accountId, NOW);
beforeAll(async () => {
  await seed();
  h = await seedHistory();
});

const range = { from: "2026-01", to: "2026-06" };

async function eurMonths() {
  const answer = await mrrMovements(ctx(), { ...range, currency: "EUR" });
  expect(answer.currencies.map((c) => c.currency)).toEqual(["EUR"]);
  return answer.currencies[0].months;
}

const amounts = (m: Awaited<ReturnType<typeof eurMonths>>[number]) =>
  Object.fromEntries(m.movements.map((x) => [x.kind, x.amount]));

describe("MRR movements", () => {
  it("are the hand-computed ones, month by month, and reconcile exactly", async () => {
    const months = await eurMonths();
    expect(months.map((m) => [m.month, m.opening_mrr, m.closing_mrr])).toEqual([
      ["2026-01", "0.0000", "50.0000"],
      ["2026-02", "50.0000", "55.0000"],
      ["2026-03", "55.0000", "65.0000"],
      ["2026-04", "65.0000", "67.0000"],
      ["2026-05", "67.0000", "87.0000"],
      ["2026-06", "87.0000", "87.0000"],
    ]);
    const zero = "0.0000";
    expect(months.map(amounts)).toEqual([
      { new: "50.0000", expansion: zero, contraction: zero, churn: zero, reactivation: zero },
      { new: "15.0000", expansion: zero, contraction: zero, churn: "-10.0000", reactivation: zero },
      { new: zero, expansion: "20.0000", contraction: zero, churn: "-10.0000", reactivation: zero },
      { new: zero, expansion: "2.0000", contraction: "-20.0000", churn: zero, reactivation: "20.0000" },
      { new: "10.0000", expansion: zero, contraction: zero, churn: zero, reactivation: "10.0000" },
      { new: zero, expansion: zero, contraction: zero, churn: zero, reactivation: zero },
    ]);
    expect(months.map((m) => [m.opening_customers, m.closing_customers])).toEqual([
      [0, 3],
      [3, 4],
      [4, 3],
      [3, 4],
      [4, 6],
      [6, 6],
    ]);
  });

  it("list the contracts behind each movement", async () => {
    const months = await eurMonths();
    const ids = (month: string, kind: string) =>
      months.find((m) => m.month === month)!.movements.find((x) => x.kind === kind)!.contract_ids;
    expect(ids("2026-01", "new")).toEqual([h.c.a1, h.c.b1, h.c.d1].sort((a, b) => a - b));
    expect(ids("2026-02", "churn")).toEqual([h.c.d1]);
    expect(ids("2026-03", "expansion")).toEqual([h.c.a1]); // the upgrade
    expect(ids("2026-03", "churn")).toEqual([h.c.c1]); // the pause
    expect(ids("2026-04", "contraction")).toEqual([h.c.b1]); // the downgrade
    expect(ids("2026-04", "expansion")).toEqual([h.c.e1]); // the price version
    expect(ids("2026-04", "reactivation")).toEqual([h.c.d2]); // returned with a new contract
    expect(ids("2026-05", "new")).toEqual([h.c.f1]); // at the trial's end
    expect(ids("2026-05", "reactivation")).toEqual([h.c.c1]); // the pause ended

    const drill = await analyticsContracts(ctx(), { currency: "EUR", month: "2026-04", kind: "reactivation" });
    expect(drill.count).toBe(1);
    expect(drill.results[0]).toMatchObject({
      customer_reference: "cust-d",
      contract_ids: [h.c.d2],
      opening_mrr: "0.0000",
      closing_mrr: "20.0000",
      amount: "20.0000",
      movement: "reactivation",
    });
  });

  it("counts a trial from its end and other currencies apart", async () => {
    const answer = await mrrMovements(ctx(), range);
    expect(answer.currencies.map((c) => c.currency)).toEqual(["EUR", "USD"]);
    const usd = answer.currencies[1].months;
    expect(usd.find((m) => m.month === "2026-03")!.movements.find((x) => x.kind === "new")!.amount).toBe("20.0000");
    expect(usd.at(-1)!.closing_mrr).toBe("20.0000");
    const eur = await eurMonths();
    expect(eur.find((m) => m.month === "2026-05")!.movements.find((x) => x.kind === "new")!.customers).toBe(1);
  });

  it("opens a later range with the MRR carried so far", async () => {
    const answer = await mrrMovements(ctx(), { currency: "EUR", from: "2026-04", to: "2026-05" });
    expect(answer.currencies[0].months.map((m) => [m.opening_mrr, m.opening_customers, m.closing_mrr])).toEqual([
      ["65.0000", 3, "67.0000"],
      ["67.0000", 4, "87.0000"],
    ]);
  });
});

describe("retention and value", () => {
  it("are the hand-computed rates", async () => {
    const answer = await retention(ctx(), { ...range, currency: "EUR" });
    const months = answer.currencies[0].months;
    const feb = months.find((m) => m.month === "2026-02")!;
    // one of 3 customers churned; 10 of 50 lost; (50 − 10) / 50; ARPA 55 / 4; LTV 13.75 / (1/3)
    expect(feb).toMatchObject({
      opening_customers: 3,
      churned_customers: 1,
      new_customers: 2,
      closing_customers: 4,
      logo_churn_rate: "0.3333",
      revenue_churn_rate: "0.2000",
      net_revenue_retention: "0.8000",
      arpa: "13.7500",
      ltv: "41.2500",
    });
    const mar = months.find((m) => m.month === "2026-03")!;
    // 1 of 4; 10 / 55; (55 + 20 − 10) / 55; 65 / 3; (65/3) / (1/4)
    expect(mar).toMatchObject({
      logo_churn_rate: "0.2500",
      revenue_churn_rate: "0.1818",
      net_revenue_retention: "1.1818",
      arpa: "21.6667",
      ltv: "86.6667",
    });
    const apr = months.find((m) => m.month === "2026-04")!;
    // no customer lost; 20 of 65 contracted; (65 + 2 − 20) / 65; 67 / 4; no churn → no LTV
    expect(apr).toMatchObject({
      logo_churn_rate: "0.0000",
      revenue_churn_rate: "0.3077",
      net_revenue_retention: "0.7231",
      arpa: "16.7500",
      ltv: null,
    });
    expect(months[0]).toMatchObject({ logo_churn_rate: null, revenue_churn_rate: null, net_revenue_retention: null });
    // over the range: 2 churned of 3+4+3+4+6 = 20 customer-months; (10 + 10 + 20) / (50+55+65+67+87)
    expect(answer.currencies[0].summary).toMatchObject({
      logo_churn_rate: "0.1000",
      revenue_churn_rate: "0.1235",
      arpa: "14.5000",
      ltv: "145.0000",
    });
  });

  it("builds the cohort table", async () => {
    const answer = await retention(ctx(), { ...range, currency: "EUR" });
    const cohorts = answer.currencies[0].cohorts;
    expect(cohorts.map((c) => [c.cohort, c.customers, c.mrr])).toEqual([
      ["2026-01", 3, "50.0000"],
      ["2026-02", 2, "15.0000"],
      ["2026-05", 1, "10.0000"],
    ]);
    const cells = (cohort: string) =>
      cohorts
        .find((c) => c.cohort === cohort)!
        .cells.map((x) => [x.customers, x.mrr, x.share_paying, x.revenue_retained]);
    expect(cells("2026-01")).toEqual([
      [3, "50.0000", "1.0000", "1.0000"],
      [2, "40.0000", "0.6667", "0.8000"],
      [2, "60.0000", "0.6667", "1.2000"],
      [3, "60.0000", "1.0000", "1.2000"],
      [3, "60.0000", "1.0000", "1.2000"],
      [3, "60.0000", "1.0000", "1.2000"],
    ]);
    expect(cells("2026-02")).toEqual([
      [2, "15.0000", "1.0000", "1.0000"],
      [1, "5.0000", "0.5000", "0.3333"],
      [1, "7.0000", "0.5000", "0.4667"],
      [2, "17.0000", "1.0000", "1.1333"],
      [2, "17.0000", "1.0000", "1.1333"],
    ]);
    const paying = await analyticsContracts(ctx(), {
      currency: "EUR",
      month: "2026-03",
      kind: "paying",
      cohort: "2026-02",
    });
    expect(paying.results.map((r) => [r.customer_reference, r.amount])).toEqual([["cust-e", "5.0000"]]);
  });
});

describe("REST", () => {
  it("answers 400 in the spec's error shape for a bad query", async () => {
    for (const query of [
      "from=2026-13",
      "to=26-01",
      "currency=EURO",
      "from=2026-06&to=2026-01",
      "from=2023-01&to=2026-06",
    ]) {
      const res = await get(`/v2/analytics/mrr-movements/?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body).toBe("object");
      expect(Object.keys(res.body).length).toBeGreaterThan(0);
    }
    const drill = await get("/v2/analytics/contracts/?currency=EUR&month=2026-04&kind=upgrade");
    expect(drill.status).toBe(400);
    expect(drill.body.kind).toBeDefined();
  });

  it("never shows another account's contracts", async () => {
    const res = await get("/v2/analytics/contracts/?currency=EUR&month=2026-04&kind=reactivation");
    expect(res.status).toBe(200);
    expect(res.body.results.flatMap((r: { contract_ids: number[] }) => r.contract_ids)).not.toContain(h.c.d2);
    const other = await mrrMovements(ctxFor(h.otherAccountId, NOW), { ...range, currency: "EUR" });
    const ids = other.currencies[0].months.flatMap((m) => m.movements.flatMap((x) => x.contract_ids));
    expect(ids).toEqual([h.c.other]);
    const movements = await get("/v2/analytics/mrr-movements/?currency=EUR&from=2026-01&to=2026-06");
    expect(movements.status).toBe(200);
    const all = movements.body.currencies.flatMap((c: any) =>
      c.months.flatMap((m: any) => m.movements.flatMap((x: any) => x.contract_ids)),
    );
    expect(all).not.toContain(h.c.a1);
  });
});

describe("reuse for large accounts", () => {
  it("shares one answer within a minute of the account's clock when the current month is large, and reads again after", async () => {
    // as if the account had 20,000 current-month rows or more (reuseFrom 0): the same answer within the minute
    const first = await analyticsBase(ctx(), {}, 0);
    expect(await analyticsBase(ctx(), {}, 0)).toBe(first);
    expect(await analyticsBase(ctxFor(h.accountId, new Date(NOW.getTime() + 59_000)), {}, 0)).toBe(first);
    expect(first.range.now).toEqual(NOW);
    // a minute later it is read again (this small account's answer is not kept then)
    const later = ctxFor(h.accountId, new Date(NOW.getTime() + 61_000));
    const again = await analyticsBase(later, {});
    expect(again).not.toBe(first);
    expect(await analyticsBase(later, {})).not.toBe(again);
    expect([...again.moves.entries()]).toEqual([...first.moves.entries()]);
  });
});
