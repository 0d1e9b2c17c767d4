// MRR movements of a history built only through the REST interface (and the subscriber page for the
// customer's own downgrade) on the account's test clock, against figures computed by hand from
// docs/decisions.md "Revenue analytics". The seed's display zone is UTC; MRR excludes tax.
// One customer (cust-1001, a good card), all EUR, seed prices: Streaming Basic 9.9000, Sports 5.0000,
// Kids 4.0000 a month.
//   2026-01-10 contract A: Basic × 3 = 29.7000                       → Jan new +29.7000
//   2026-01-20 coupon 20 % forever on A                               → no movement
//   2026-02-05 contract B: Sports = 5.0000                            → Feb expansion +5.0000
//   2026-02-20 subscriber downgrade of A to × 1, at the period end 03-10 → nothing in Feb
//   2026-03-10 the downgrade takes effect: 9.9000 − 29.7000           → Mar contraction −19.8000
//   2026-03-20 A canceled at its period end (2026-04-10)
//   2026-03-25 B's quantity to 2 now (no proration): 5.0000 → 10.0000  → with A's: Mar contraction −14.8000
//   2026-04-15 B canceled now: 19.9000 → 0 in April                   → Apr churn −19.9000
//   2026-05-05 contract C: Kids = 4.0000 (paid before)                → May reactivation +4.0000
//   2026-06-05 C paused until 2026-07-05 (its only contract)          → Jun churn −4.0000
//   2026-07-05 the pause ends                                          → Jul reactivation +4.0000
import { beforeAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "@/server/domain/selfService/access";
import { get, post, seed, setRequestTime } from "@/tests/helpers";
import { act } from "@/tests/subscriber/_setup";

type Month = {
  month: string;
  opening_mrr: string;
  closing_mrr: string;
  opening_customers: number;
  closing_customers: number;
  movements: { kind: string; amount: string; contract_ids: number[] }[];
};

let ids: Record<string, number>;
const c: Record<string, number> = {};

/** Moves the request clock and the account's test clock to `to`. */
async function at(to: string) {
  setRequestTime(to);
  const moved = await post("/v2/test-clock/advance/", { to });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

async function contract(items: { price: number; quantity?: number }[]) {
  const res = await post("/v2/subscription-contracts/", { customer_reference: "cust-1001", items });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function months(from: string, to: string): Promise<Month[]> {
  const res = await get(`/v2/analytics/mrr-movements/?currency=EUR&from=${from}&to=${to}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.currencies.map((x: { currency: string }) => x.currency)).toEqual(["EUR"]);
  return res.body.currencies[0].months;
}

const zero = "0.0000";
const moves = (m: Month) => Object.fromEntries(m.movements.map((x) => [x.kind, x.amount]));
const idsOf = (m: Month, kind: string) => m.movements.find((x) => x.kind === kind)?.contract_ids ?? [];
const add = (...xs: string[]) => xs.reduce((s, x) => s + Math.round(Number(x) * 10000), 0);

describe("MRR movements of a REST-built history", () => {
  let beforeDowngrade: Month[] = [];

  beforeAll(async () => {
    ids = (await seed()).ids;

    await at("2026-01-10T00:00:00.000Z");
    const a = await contract([{ price: ids.basicMonthly, quantity: 3 }]);
    c.a = a.id;

    await at("2026-01-20T00:00:00.000Z");
    const coupon = await post("/v2/coupons/", { name: "Loyalty", percent_off: "20", duration: "forever" });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    const applied = await post(`/v2/subscription-contracts/${c.a}/discount/`, { coupon: coupon.body.id });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);

    await at("2026-02-05T00:00:00.000Z");
    c.b = (await contract([{ price: ids.sportsMonthly }])).id;

    // the customer downgrades A on its subscriber page: it waits for the period end (2026-03-10)
    await at("2026-02-20T00:00:00.000Z");
    const token = new URL(a.subscriber_page).pathname.split("/").filter(Boolean).pop()!;
    const csrf = await csrfTokenFor(token);
    const change = { kind: "quantity", contract_item: a.items[0].id, quantity: 1 };
    const preview = await act(token, { action: "preview_change", change }, { csrf });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ direction: "downgrade", scheduled_for: "2026-03-10T00:00:00.000Z" });
    const done = await act(
      token,
      { action: "confirm_change", change, preview_token: preview.body.preview.preview_token },
      { csrf },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    await at("2026-02-25T00:00:00.000Z");
    beforeDowngrade = await months("2026-01", "2026-02");

    await at("2026-03-20T00:00:00.000Z");
    const endA = await post(`/v2/subscription-contracts/${c.a}/cancel/`, { cancel_at_period_end: true });
    expect(endA.status, JSON.stringify(endA.body)).toBe(200);

    // an immediate change of B's terms: from now on, never before
    await at("2026-03-25T00:00:00.000Z");
    const itemB = (await get(`/v2/subscription-contracts/${c.b}/`)).body.items[0].id;
    const upB = await post(`/v2/subscription-contracts/${c.b}/items/update/`, {
      contract_item: itemB,
      quantity: 2,
      proration_behavior: "none",
    });
    expect(upB.status, JSON.stringify(upB.body)).toBe(200);

    await at("2026-04-15T00:00:00.000Z");
    const endB = await post(`/v2/subscription-contracts/${c.b}/cancel/`, { cancel_at_period_end: false });
    expect(endB.status, JSON.stringify(endB.body)).toBe(200);

    await at("2026-05-05T00:00:00.000Z");
    c.c = (await contract([{ price: ids.kidsMonthly }])).id;

    await at("2026-06-05T00:00:00.000Z");
    const paused = await post(`/v2/subscription-contracts/${c.c}/pause/`, {
      start_date: "2026-06-05T00:00:00Z",
      end_date: "2026-07-05T00:00:00Z",
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);

    await at("2026-07-20T00:00:00.000Z");
  });

  it("a new customer is new with its MRR, a coupon moves nothing, a scheduled downgrade waits", () => {
    expect(beforeDowngrade.map((m) => [m.month, m.opening_mrr, m.closing_mrr])).toEqual([
      ["2026-01", zero, "29.7000"], // new at the full run rate: the coupon is not a movement
      ["2026-02", "29.7000", "34.7000"], // the downgrade scheduled on 02-20 moves nothing yet
    ]);
    expect(beforeDowngrade.map(moves)).toEqual([
      { new: "29.7000", expansion: zero, contraction: zero, churn: zero, reactivation: zero },
      { new: zero, expansion: "5.0000", contraction: zero, churn: zero, reactivation: zero },
    ]);
    expect(beforeDowngrade.map((m) => [m.opening_customers, m.closing_customers])).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(idsOf(beforeDowngrade[0], "new")).toEqual([c.a]);
    expect(idsOf(beforeDowngrade[1], "expansion")).toEqual([c.b]);
  });

  it("a cancellation is churn, a return with a new contract reactivation", async () => {
    const [apr, may] = await months("2026-04", "2026-05");
    expect([apr.month, apr.opening_mrr, apr.closing_mrr, apr.opening_customers, apr.closing_customers]).toEqual([
      "2026-04",
      "19.9000",
      zero,
      1,
      0,
    ]);
    // A ends on 04-10, B on 04-15: one customer, one churn of its whole opening MRR
    expect(moves(apr)).toEqual({
      new: zero,
      expansion: zero,
      contraction: zero,
      churn: "-19.9000",
      reactivation: zero,
    });
    expect(idsOf(apr, "churn")).toEqual([c.a, c.b].sort((x, y) => x - y));
    expect([may.opening_mrr, may.closing_mrr, may.opening_customers, may.closing_customers]).toEqual([
      zero,
      "4.0000",
      0,
      1,
    ]);
    expect(moves(may)).toEqual({ new: zero, expansion: zero, contraction: zero, churn: zero, reactivation: "4.0000" });
    expect(idsOf(may, "reactivation")).toEqual([c.c]);
  });

  // A quantity change keeps the item's terms before it (contract_item_terms): the applied scheduled
  // downgrade and the immediate change of B move March only, January and February stay as they were.
  it("a scheduled downgrade is contraction in the month it takes effect, and the past stays", async () => {
    const ms = await months("2026-01", "2026-05");
    expect(ms.map((m) => [m.month, m.opening_mrr, m.closing_mrr])).toEqual([
      ["2026-01", zero, "29.7000"],
      ["2026-02", "29.7000", "34.7000"],
      ["2026-03", "34.7000", "19.9000"],
      ["2026-04", "19.9000", zero],
      ["2026-05", zero, "4.0000"],
    ]);
    expect(ms.map(moves)).toEqual([
      { new: "29.7000", expansion: zero, contraction: zero, churn: zero, reactivation: zero },
      { new: zero, expansion: "5.0000", contraction: zero, churn: zero, reactivation: zero },
      // the customer's net change of the month: A −19.8000 and B +5.0000
      { new: zero, expansion: zero, contraction: "-14.8000", churn: zero, reactivation: zero },
      { new: zero, expansion: zero, contraction: zero, churn: "-19.9000", reactivation: zero },
      { new: zero, expansion: zero, contraction: zero, churn: zero, reactivation: "4.0000" },
    ]);
    expect(idsOf(ms[2], "contraction")).toEqual([c.a, c.b].sort((x, y) => x - y));
    // the months before the changes read the same as when they were read at the time
    expect(ms.slice(0, 2)).toEqual(beforeDowngrade);
  });

  it("reconcile: opening + movements = closing, and each closing is the next opening", async () => {
    const ms = await months("2026-01", "2026-05");
    for (const m of ms)
      expect(add(m.opening_mrr, ...m.movements.map((x) => x.amount)), m.month).toBe(add(m.closing_mrr));
    for (let i = 1; i < ms.length; i++) expect(ms[i].opening_mrr).toBe(ms[i - 1].closing_mrr);
  });

  it("a pause of the customer's only contract is churn, its end reactivation", async () => {
    const [jun, jul] = await months("2026-06", "2026-07");
    expect([jun.opening_mrr, jun.closing_mrr, jul.closing_mrr]).toEqual(["4.0000", zero, "4.0000"]);
    expect(moves(jun)).toMatchObject({ churn: "-4.0000", reactivation: zero });
    expect(moves(jul)).toMatchObject({ churn: zero, reactivation: "4.0000" });
    expect(idsOf(jun, "churn")).toEqual([c.c]);
  });

  it("retention, value and the cohort are the hand-computed figures", async () => {
    const res = await get("/v2/analytics/retention/?currency=EUR&from=2026-01&to=2026-07");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [eur] = res.body.currencies;
    const pick = (m: Record<string, unknown>) => [
      m.month,
      m.logo_churn_rate,
      m.revenue_churn_rate,
      m.net_revenue_retention,
      m.arpa,
      m.ltv,
    ];
    expect(eur.months.map(pick)).toEqual([
      ["2026-01", null, null, null, "29.7000", null], // nobody to lose yet
      ["2026-02", "0.0000", "0.0000", "1.1684", "34.7000", null], // (29.7 + 5) / 29.7; no churn, no LTV
      ["2026-03", "0.0000", "0.4265", "0.5735", "19.9000", null], // 14.8 / 34.7 lost; 19.9 / 34.7 kept
      ["2026-04", "1.0000", "1.0000", "0.0000", null, null], // the one customer churned; nobody left
      ["2026-05", null, null, null, "4.0000", null], // opened at zero
      ["2026-06", "1.0000", "1.0000", "0.0000", null, null], // the pause
      ["2026-07", null, null, null, "4.0000", null],
    ]);
    // 2 churned of 0+1+1+1+0+1+0 customer-months; (14.8 + 19.9 + 4) / (29.7 + 34.7 + 19.9 + 4);
    // (34.7 + 19.9) / 88.3; ARPA 4 / 1 at the end; LTV 4 / 0.5
    expect(eur.summary).toEqual({
      logo_churn_rate: "0.5000",
      revenue_churn_rate: "0.4383",
      net_revenue_retention: "0.6183",
      arpa: "4.0000",
      ltv: "8.0000",
    });
    // one cohort (January), paying and MRR month by month against its first month's 29.7
    expect(eur.cohorts).toHaveLength(1);
    expect(eur.cohorts[0]).toMatchObject({ cohort: "2026-01", customers: 1, mrr: "29.7000" });
    expect(
      eur.cohorts[0].cells.map((x: Record<string, unknown>) => [x.month, x.customers, x.mrr, x.revenue_retained]),
    ).toEqual([
      ["2026-01", 1, "29.7000", "1.0000"],
      ["2026-02", 1, "34.7000", "1.1684"],
      ["2026-03", 1, "19.9000", "0.6700"],
      ["2026-04", 0, zero, "0.0000"],
      ["2026-05", 1, "4.0000", "0.1347"],
      ["2026-06", 0, zero, "0.0000"],
      ["2026-07", 1, "4.0000", "0.1347"],
    ]);
  });

  it("the MRR movements CSV adds up to the page's movements, month by month and kind by kind", async () => {
    const res = await get("/v2/exports/mrr-movements/?currency=EUR&from=2026-01&to=2026-07&format=csv");
    expect(res.status).toBe(200);
    // no quoted field holds a comma but contract_ids, the last column
    const [header, ...lines] = (res.body as string).trim().split("\n");
    const names = header.split(",");
    const rows = lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [names[i], v])));
    const sums = new Map<string, number>();
    for (const r of rows) sums.set(`${r.month} ${r.kind}`, (sums.get(`${r.month} ${r.kind}`) ?? 0) + add(r.amount));
    const page = await months("2026-01", "2026-07");
    const expected = new Map<string, number>();
    for (const m of page)
      for (const x of m.movements) if (add(x.amount) !== 0) expected.set(`${m.month} ${x.kind}`, add(x.amount));
    expect(Object.fromEntries(sums)).toEqual(Object.fromEntries(expected));
    expect(rows.every((r) => r.currency === "EUR" && r.customer_reference === "cust-1001")).toBe(true);
    expect(rows.find((r) => r.month === "2026-03")).toMatchObject({
      kind: "contraction",
      opening_mrr: "34.7000",
      closing_mrr: "19.9000",
      amount: "-14.8000",
    });
  });
});
