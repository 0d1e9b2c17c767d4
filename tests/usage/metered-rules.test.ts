// The rules around metered prices: what the catalog refuses, tiers on a licensed quantity, thresholds sent
// once, the last usage of a contract canceled mid-period, and events without a metered item.
import { beforeAll, describe, expect, it } from "vitest";
import { db, get, post, seed, setRequestTime } from "@/tests/helpers";
import { meteredPrice } from "./metered-price";

let streaming = 0;
let metricId = 0;

const monthly = { currency: "EUR", billing_type: "recurring", interval: "month" };

beforeAll(async () => {
  const s = await seed();
  streaming = s.ids.streaming;
  setRequestTime("2026-02-01T00:00:00Z");
  const metric = await post("/v2/billable-metrics/", { code: "r_calls", name: "Calls", aggregation: "count" });
  expect(metric.status).toBe(201);
  metricId = metric.body.id;
});

async function meteredContract(thresholds: string[] = []) {
  const priceId = await meteredPrice(
    streaming,
    metricId,
    { model: "per_unit", unit_amount: "0.5" },
    {
      usage_thresholds: thresholds,
    },
  );
  const contract = await post("/v2/subscription-contracts/", {
    customer_reference: "cust-1003",
    items: [{ price: priceId }],
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  return { priceId, contractId: contract.body.id as number };
}

const calls = (contractId: number, prefix: string, n: number, at: string) =>
  post("/v2/usage-events/", {
    events: Array.from({ length: n }, (_, i) => ({
      transaction_id: `${prefix}-${i}`,
      code: "r_calls",
      contract_id: contractId,
      timestamp: at,
    })),
  });

describe("metered prices", () => {
  it("refuses incomplete metered and tiered prices with field messages", async () => {
    const noMetric = await post("/v2/catalog/prices/", { product_id: streaming, ...monthly, usage_type: "metered" });
    expect(noMetric.status).toBe(400);
    expect(Object.keys(noMetric.body)).toEqual(expect.arrayContaining(["billable_metric_id", "pricing_model"]));
    const badTiers = await post("/v2/catalog/prices/", {
      product_id: streaming,
      ...monthly,
      usage_type: "metered",
      billable_metric_id: metricId,
      pricing_model: { model: "graduated", tiers: [{ up_to: "10", unit_amount: "1" }] },
    });
    expect(badTiers.status).toBe(400);
    expect(badTiers.body["pricing_model.tiers"][0]).toMatch(/last tier must be open/);
    const oneTime = await post("/v2/catalog/prices/", {
      product_id: streaming,
      currency: "EUR",
      billing_type: "one_time",
      usage_type: "metered",
      billable_metric_id: metricId,
      pricing_model: { model: "per_unit", unit_amount: "1" },
    });
    expect(oneTime.status).toBe(400);
    expect(oneTime.body.usage_type).toBeDefined();
  });

  it("prices a licensed quantity by volume tiers", async () => {
    const price = await post("/v2/catalog/prices/", {
      product_id: streaming,
      ...monthly,
      pricing_model: {
        model: "volume",
        tiers: [
          { up_to: "5", unit_amount: "10", flat_amount: "0" },
          { up_to: null, unit_amount: "8", flat_amount: "0" },
        ],
      },
    });
    expect(price.status, JSON.stringify(price.body)).toBe(201);
    expect(price.body.pricing_description).toBe("volume tiers 0–5 × 10.0000, 6+ × 8.0000 EUR");
    const quote = await post("/v2/subscription-offer-quotes/", { items: [{ price: price.body.id, quantity: 7 }] });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // 7 seats reach the second tier: every seat at 8.00
    expect(JSON.stringify(quote.body)).toContain("56.0000");
  });

  it("sends usage.threshold_reached once per threshold and period", async () => {
    setRequestTime("2026-02-03T00:00:00Z");
    const { contractId } = await meteredContract(["10", "20"]);
    setRequestTime("2026-02-05T00:00:00Z");
    expect((await calls(contractId, "t1", 15, "2026-02-04T00:00:00Z")).body.accepted).toBe(15);
    expect((await calls(contractId, "t2", 10, "2026-02-04T01:00:00Z")).body.accepted).toBe(10);
    expect((await calls(contractId, "t2", 10, "2026-02-04T01:00:00Z")).body.duplicates).toBe(10);
    const sent = await db().outboxEvent.findMany({
      where: { type: "usage.threshold_reached" },
      orderBy: { id: "asc" },
    });
    const mine = sent.map((e) => (e.payload as any).data ?? e.payload).filter((d: any) => d.contract_id === contractId);
    expect(mine.map((d: any) => [d.threshold, d.quantity])).toEqual([
      ["10", "15"],
      ["20", "25"],
    ]);
  });

  it("estimates the next run's usage linearly from the share of the period elapsed", async () => {
    setRequestTime("2026-04-01T00:00:00Z");
    const { contractId } = await meteredContract();
    // 10 calls in the first 6 days of a 30-day period: 50 expected by its end, 25.0000 at 0.50
    setRequestTime("2026-04-07T00:00:00Z");
    expect((await calls(contractId, "e1", 10, "2026-04-03T00:00:00Z")).body.accepted).toBe(10);
    const upcoming = await get(`/v2/subscription-contracts/${contractId}/upcoming/`);
    expect(upcoming.status, JSON.stringify(upcoming.body)).toBe(200);
    const [line] = upcoming.body.results[0].lines.filter((l: any) => l.kind === "usage");
    expect(line.usage_quantity).toBe("50");
    expect(line.line_total_amount).toBe("25.0000");
    expect(line.description).toContain("estimate");
    const usage = await get(`/v2/subscription-contracts/${contractId}/usage/`);
    expect(usage.body.items[0].estimated_quantity).toBe("50");
    expect(usage.body.items[0].quantity).toBe("10");
    // the account forecast counts the same estimate: 10 more calls add 50 expected calls (25.00 before tax) to
    // the month of the next run, as much as the upcoming run grows
    const month = (f: any) =>
      f.currencies.find((c: any) => c.currency === "EUR").months.find((m: any) => m.month === "2026-05").billed_amount;
    const before = (await get("/v2/forecast/")).body;
    expect((await calls(contractId, "e2", 10, "2026-04-04T00:00:00Z")).body.accepted).toBe(10);
    const after = (await get("/v2/forecast/")).body;
    const next = (await get(`/v2/subscription-contracts/${contractId}/upcoming/`)).body.results[0];
    const grew = Number(month(after)) - Number(month(before));
    expect(grew.toFixed(4)).toBe(
      (Number(next.total_amount) - Number(upcoming.body.results[0].total_amount)).toFixed(4),
    );
    expect(grew).toBeGreaterThan(25);
  });

  it("bills the usage up to an immediate cancellation on its own run", async () => {
    setRequestTime("2026-03-01T00:00:00Z");
    const { contractId } = await meteredContract();
    setRequestTime("2026-03-10T00:00:00Z");
    expect((await calls(contractId, "c1", 7, "2026-03-05T00:00:00Z")).body.accepted).toBe(7);
    const cancel = await post(`/v2/subscription-contracts/${contractId}/cancel/`, {});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const runs = (await get(`/v2/billing-runs/?contract=${contractId}&page_size=50`)).body;
    const list = Array.isArray(runs) ? runs : runs.results;
    const finals = [];
    for (const r of list) {
      const run = (await get(`/v2/billing-runs/${r.id}/`)).body;
      finals.push(...run.lines.filter((l: any) => l.kind === "usage"));
    }
    expect(finals).toHaveLength(1);
    expect(finals[0].usage_quantity).toBe("7");
    expect(finals[0].line_total_amount).toBe("3.5000");
    expect(finals[0].service_period_end_at).toBe("2026-03-10T00:00:00.000Z");
    // after the end, events are refused
    const after = await calls(contractId, "c2", 1, "2026-03-10T00:00:01Z");
    expect(after.body.rejected[0].code).toBe("contract_ended");
  });

  it("keeps trial usage free and bills a removed item's usage up to its removal", async () => {
    setRequestTime("2026-06-01T00:00:00Z");
    const priceId = await meteredPrice(streaming, metricId, { model: "per_unit", unit_amount: "1" });
    const s = await seed();
    // cust-1001 has a card: the contract goes on after its trial
    const contract = await post("/v2/subscription-contracts/", {
      customer_reference: "cust-1001",
      items: [{ price: s.ids.basicMonthly }, { price: priceId }],
      trial_days: 10,
    });
    expect(contract.status, JSON.stringify(contract.body)).toBe(201);
    const id = contract.body.id as number;
    setRequestTime("2026-06-05T00:00:00Z");
    // during the trial: accepted, never billed
    expect((await calls(id, "tr1", 4, "2026-06-04T00:00:00Z")).body.accepted).toBe(4);
    setRequestTime("2026-06-15T00:00:00Z");
    expect((await post("/v2/test-clock/advance/", { to: "2026-06-15T00:00:00Z" })).status).toBe(200);
    expect((await calls(id, "tr2", 3, "2026-06-14T00:00:00Z")).body.accepted).toBe(3);
    const item = contract.body.items.find((i: any) => i.price === priceId || i.price_id === priceId);
    const removed = await post(`/v2/subscription-contracts/${id}/items/remove/`, {
      contract_item: item.id,
      proration_behavior: "none",
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    // after the removal the metric has no metered item any more
    expect((await calls(id, "tr3", 1, "2026-06-15T00:00:00Z")).body.rejected[0].code).toBe("no_metered_item");
    setRequestTime("2026-07-20T00:00:00Z");
    expect((await post("/v2/test-clock/advance/", { to: "2026-07-20T00:00:00Z" })).status).toBe(200);
    const runs = (await get(`/v2/billing-runs/?contract=${id}&page_size=50`)).body;
    const usage = [];
    for (const r of Array.isArray(runs) ? runs : runs.results) {
      const run = (await get(`/v2/billing-runs/${r.id}/`)).body;
      usage.push(...run.lines.filter((l: any) => l.kind === "usage"));
    }
    // one line: the 3 calls after the trial, up to the removal; the 4 trial calls are free
    expect(usage.map((l) => [l.usage_quantity, l.line_total_amount, l.service_period_end_at])).toEqual([
      ["3", "3.0000", "2026-06-15T00:00:00.000Z"],
    ]);
  });

  it("refuses events for a contract without a metered item of the metric", async () => {
    const s = await seed();
    const contract = await post("/v2/subscription-contracts/", {
      customer_reference: "cust-1003",
      items: [{ price: s.ids.basicMonthly }],
    });
    // at the contract's creation, on the account's clock (a test clock moved by the tests above)
    const r = await calls(contract.body.id, "n1", 1, contract.body.created_at);
    expect(r.body.rejected[0].code).toBe("no_metered_item");
  });
});
