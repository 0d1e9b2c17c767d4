// An independent oracle over a year of metered contracts, through the REST interface and the test clock:
// every usage line of every run is recomputed here from the events this test sent (its own aggregation and
// tier arithmetic, nothing imported from the engine), with duplicates, late events (refused once the period's
// run is made), tiers crossed within a period and a price version that changes the tiers mid-year.
import Decimal from "decimal.js";
import { beforeAll, describe, expect, it } from "vitest";
import { get, post, seed, setRequestTime } from "@/tests/helpers";
import { meteredPrice } from "./metered-price";

type Tier = { up_to: string | null; unit_amount: string; flat_amount: string };
type Model =
  | { model: "per_unit"; unit_amount: string }
  | { model: "package"; package_size: string; package_amount: string }
  | { model: "graduated" | "volume"; tiers: Tier[] };

const D = (v: Decimal.Value) => new Decimal(v);
const r4 = (d: Decimal) => d.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);

/** The oracle's own tier arithmetic: each tier's part rounded to four places, then added up. */
function oraclePrice(q: Decimal, m: Model): Decimal {
  if (q.isZero()) return D(0);
  if (m.model === "per_unit") return r4(q.times(m.unit_amount));
  if (m.model === "package") return r4(q.div(m.package_size).ceil().times(m.package_amount));
  if (m.model === "volume") {
    const tier = m.tiers.find((t) => t.up_to === null || q.lte(t.up_to))!;
    return r4(q.times(tier.unit_amount).plus(tier.flat_amount));
  }
  let total = D(0);
  let below = D(0);
  for (const t of m.tiers) {
    if (q.lte(below)) break;
    const top = t.up_to === null ? q : Decimal.min(q, t.up_to);
    total = total.plus(r4(top.minus(below).times(t.unit_amount).plus(t.flat_amount)));
    if (t.up_to === null) break;
    below = D(t.up_to);
  }
  return total;
}

interface SentEvent {
  metric: string;
  at: Date;
  value?: number;
  user?: string;
}

const CALLS: Model = {
  model: "graduated",
  tiers: [
    { up_to: "100", unit_amount: "0", flat_amount: "0" },
    { up_to: "1000", unit_amount: "0.015", flat_amount: "0" },
    { up_to: null, unit_amount: "0.01", flat_amount: "2.5" },
  ],
};
const CALLS_V2: Model = {
  model: "graduated",
  tiers: [
    { up_to: "50", unit_amount: "0", flat_amount: "0" },
    { up_to: null, unit_amount: "0.02", flat_amount: "0" },
  ],
};
const STORAGE: Model = {
  model: "volume",
  tiers: [
    { up_to: "10", unit_amount: "1.00", flat_amount: "0" },
    { up_to: "100", unit_amount: "0.80", flat_amount: "5" },
    { up_to: null, unit_amount: "0.50", flat_amount: "0" },
  ],
};
const TOKENS: Model = { model: "package", package_size: "1000", package_amount: "0.40" };
const USERS: Model = { model: "per_unit", unit_amount: "3.333333" };

const START = new Date("2026-01-01T00:00:00Z");
const DAY = 86_400_000;

let contractId = 0;
const prices: Record<string, { id: number; models: { from: Date; model: Model }[] }> = {};
const sent: SentEvent[] = [];
let seq = 0;

async function send(events: (SentEvent & { id?: string })[], expectAccepted: number, expectDuplicates = 0) {
  const body = events.map((e) => ({
    transaction_id: e.id ?? `tx-${seq++}`,
    code: e.metric,
    contract_id: contractId,
    timestamp: e.at.toISOString(),
    properties: {
      ...(e.value !== undefined ? { amount: e.value } : {}),
      ...(e.user !== undefined ? { user: e.user } : {}),
    },
  }));
  const r = await post("/v2/usage-events/", { events: body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.accepted, JSON.stringify(r.body)).toBe(expectAccepted);
  expect(r.body.duplicates).toBe(expectDuplicates);
  return r.body;
}

function oracleAggregate(metric: string, from: Date, to: Date): Decimal {
  const inRange = sent.filter((e) => e.metric === metric && e.at >= from && e.at < to);
  switch (metric) {
    case "o_calls":
      return D(inRange.length);
    case "o_storage":
      return inRange.reduce((m, e) => Decimal.max(m, e.value!), D(0));
    case "o_tokens":
      return inRange.reduce((s, e) => s.plus(e.value!), D(0));
    default:
      return D(new Set(inRange.map((e) => e.user)).size);
  }
}

describe("a year of metered billing against an independent oracle", () => {
  beforeAll(async () => {
    const s = await seed();
    setRequestTime(START);
    const metrics = [
      { code: "o_calls", name: "API calls", aggregation: "count" },
      { code: "o_storage", name: "Storage GB", aggregation: "max", field_name: "amount" },
      { code: "o_tokens", name: "Tokens", aggregation: "sum", field_name: "amount" },
      { code: "o_users", name: "Active users", aggregation: "unique_count", field_name: "user" },
    ];
    const models: Record<string, Model> = { o_calls: CALLS, o_storage: STORAGE, o_tokens: TOKENS, o_users: USERS };
    for (const m of metrics) {
      const metric = await post("/v2/billable-metrics/", m);
      expect(metric.status, JSON.stringify(metric.body)).toBe(201);
      const priceId = await meteredPrice(s.ids.streaming, metric.body.id, models[m.code]);
      prices[m.code] = { id: priceId, models: [{ from: new Date(0), model: models[m.code] }] };
    }
    const contract = await post("/v2/subscription-contracts/", {
      customer_reference: "cust-1002",
      items: Object.values(prices).map((p) => ({ price: p.id })),
    });
    expect(contract.status, JSON.stringify(contract.body)).toBe(201);
    contractId = contract.body.id;
  });

  it("bills every period's usage exactly, refuses late events, follows a version change", async () => {
    let rng = 7;
    const rand = (n: number) => {
      rng = (rng * 1103515245 + 12345) % 2147483648;
      return rng % n;
    };
    let now = START;
    for (let month = 0; month < 12; month++) {
      const periodStart = new Date(Date.UTC(2026, month, 1));
      const periodEnd = new Date(Date.UTC(2026, month + 1, 1));
      // a few days of events inside the period, each batch sent at its time
      for (const day of [2, 9, 17, 27]) {
        const at = new Date(periodStart.getTime() + day * DAY + rand(20) * 3_600_000);
        if (at >= periodEnd) continue;
        now = new Date(at.getTime() + 60_000);
        expect((await post("/v2/test-clock/advance/", { to: now.toISOString() })).status).toBe(200);
        setRequestTime(now);
        const batch: SentEvent[] = [];
        // tiers crossed within the period: some months stay in the free tier, others pass 1,000 calls
        const calls = [30, 400, 900, 20][rand(4)];
        for (let i = 0; i < calls; i++) batch.push({ metric: "o_calls", at: new Date(at.getTime() - i * 1000) });
        batch.push({ metric: "o_storage", at, value: [3, 42, 150, 9.5][rand(4)] });
        batch.push({ metric: "o_tokens", at, value: 1234.5 + rand(5000) });
        batch.push({ metric: "o_users", at, user: `u${rand(6)}` });
        const ids = batch.map(() => `tx-${seq++}`);
        await send(
          batch.map((e, i) => ({ ...e, id: ids[i] })),
          batch.length,
        );
        sent.push(...batch);
        // the same batch again: all duplicates, nothing counted twice
        await send(
          batch.slice(0, 5).map((e, i) => ({ ...e, id: ids[i] })),
          0,
          5,
        );
      }
      if (month === 2) {
        // usage as it happens: the same aggregate and amount the run will bill, before the period ends
        const usage = await get(`/v2/subscription-contracts/${contractId}/usage/`);
        expect(usage.status, JSON.stringify(usage.body)).toBe(200);
        expect(usage.body.items).toHaveLength(4);
        for (const item of usage.body.items) {
          const q = oracleAggregate(item.billable_metric_code, periodStart, now);
          expect(item.quantity, item.billable_metric_code).toBe(q.toFixed());
          const model = prices[item.billable_metric_code].models[0].model;
          expect(item.amount, item.billable_metric_code).toBe(oraclePrice(q, model).toFixed(4));
          expect(item.period_end_at).toBe(periodEnd.toISOString());
        }
        expect((await get("/v2/subscription-contracts/999999/usage/")).status).toBe(404);
      }
      if (month === 5) {
        // from July the calls are priced by new tiers
        const v = await post(`/v2/catalog/prices/${prices.o_calls.id}/versions/`, {
          pricing_model: CALLS_V2,
          effective_from: "2026-07-01T00:00:00Z",
        });
        expect(v.status, JSON.stringify(v.body)).toBe(201);
        prices.o_calls.models.push({ from: new Date("2026-07-01T00:00:00Z"), model: CALLS_V2 });
      }
      // the period ends: its run bills the usage in arrears
      now = new Date(periodEnd.getTime() + 3_600_000);
      expect((await post("/v2/test-clock/advance/", { to: now.toISOString() })).status).toBe(200);
      setRequestTime(now);
      // a late event for the period just billed is refused, and not billed anywhere
      const late = await post("/v2/usage-events/", {
        events: [
          {
            transaction_id: `late-${month}`,
            code: "o_calls",
            contract_id: contractId,
            timestamp: new Date(periodEnd.getTime() - 1000).toISOString(),
          },
        ],
      });
      expect(late.body.rejected[0]?.code, JSON.stringify(late.body)).toBe("period_closed");
    }

    const runs = (await get(`/v2/billing-runs/?contract=${contractId}&page_size=100`)).body;
    const list = Array.isArray(runs) ? runs : runs.results;
    let checked = 0;
    for (const summary of list) {
      const run = (await get(`/v2/billing-runs/${summary.id}/`)).body;
      for (const line of run.lines.filter((l: any) => l.kind === "usage")) {
        const code = Object.keys(prices).find((k) => prices[k].id === line.price_id)!;
        const from = new Date(line.service_period_start_at);
        const to = new Date(line.service_period_end_at);
        const q = oracleAggregate(code, from, to);
        const model = prices[code].models.filter((m) => m.from <= from).at(-1)!.model;
        expect(line.usage_quantity, `${code} ${line.service_period_start_at}`).toBe(q.toFixed());
        expect(line.line_total_amount, `${code} ${line.service_period_start_at}: ${line.description}`).toBe(
          oraclePrice(q, model).toFixed(4),
        );
        checked++;
      }
    }
    // twelve periods of four metered items
    expect(checked).toBe(48);
  }, 300_000);
});
