// Usage event ingestion through the REST API: accepted, duplicate and rejected counts with their reasons, the
// request size limit, idempotency under parallel resends, the list, and the aggregates (from hourly rollups
// and raw partial hours) against hand computations and against a recomputation from the raw events.
import { beforeAll, describe, expect, it } from "vitest";
import { usageAggregate } from "@/server/domain/usage/aggregate";
import type { SeedResult } from "@/server/seed/demo";
import { ctxFor, db, get, patch, post, seed, setRequestTime } from "@/tests/helpers";
import { meteredPrice } from "./metered-price";

const OTHER = { key: "sk_test_other_secret" };
const CREATED = "2026-03-01T00:00:00.000Z";
const NOW = "2026-03-09T13:00:00.000Z";
let s: SeedResult;
let contractId: number;
let secondContract: number;
let otherContract: number;

async function customer(accountId: number, reference: string) {
  return db().customer.create({ data: { accountId, reference, name: reference, email: `${reference}@example.com` } });
}
async function contract(reference: string, key?: string) {
  const r = await post(
    "/v2/subscription-contracts/",
    { customer_reference: reference, items: [{ price: key ? s.ids.otherMonthly : s.ids.basicMonthly }] },
    key ? { key } : {},
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}
const localContracts: number[] = [];
/** A metric, and a metered item billing it on this file's contracts (events need one), from their start. */
async function metric(code: string, aggregation: string, extra: Record<string, unknown> = {}) {
  const r = await post("/v2/billable-metrics/", { code, name: code, aggregation, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const priceId = await meteredPrice(s.ids.streaming, r.body.id);
  await db().contractItem.createMany({
    data: localContracts.map((contractId) => ({
      contractId,
      priceId,
      productId: s.ids.streaming,
      quantity: 1,
      source: "items",
      periodStartAt: new Date(CREATED),
      periodEndAt: new Date("2026-04-01T00:00:00.000Z"),
    })),
  });
  return r.body.id as number;
}
async function send(events: unknown[], key?: string) {
  const r = await post("/v2/usage-events/", { events }, key ? { key } : {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { accepted: number; duplicates: number; rejected: any[] };
}

beforeAll(async () => {
  s = await seed();
  setRequestTime(CREATED);
  await customer(s.accountId, "usage-one");
  await customer(s.accountId, "usage-two");
  contractId = await contract("usage-one");
  // usage-two has two live contracts: a customer_reference cannot say which
  secondContract = await contract("usage-two");
  localContracts.push(contractId, secondContract, await contract("usage-two"));
  const otherPrice = await db().catalogPrice.findFirst({ where: { accountId: s.otherAccountId, active: true } });
  if (otherPrice) {
    await customer(s.otherAccountId, "usage-other");
    const r = await post(
      "/v2/subscription-contracts/",
      { customer_reference: "usage-other", items: [{ price: otherPrice.id }] },
      OTHER,
    );
    otherContract = r.body.id;
  }
  setRequestTime(NOW);
});

describe("POST /v2/usage-events/", () => {
  it("answers accepted, duplicates and each rejected event with its reason", async () => {
    setRequestTime(NOW);
    const calls = await metric("r-calls", "count");
    await metric("r-gb", "sum", { field_name: "gb" });
    const archived = await metric("r-old", "count");
    await post(`/v2/billable-metrics/${archived}/archive/`);
    const ev = (id: string, extra: Record<string, unknown> = {}) => ({
      transaction_id: id,
      code: "r-calls",
      contract_id: contractId,
      ...extra,
    });
    const events = [
      ev("r1"),
      ev("r2", { code: "r-gb", properties: { gb: 1.5 }, timestamp: "2026-03-09T12:00:00Z" }),
      ev("r1"),
      ev("r3", { code: "nope" }),
      ev("r4", { code: "r-old" }),
      ev("r5", { contract_id: 999999 }),
      ev("r6", { contract_id: otherContract ?? 999998 }),
      ev("r7", { timestamp: "2026-03-09T13:05:01Z" }),
      ev("r8", { timestamp: "2026-02-01T00:00:00Z" }),
      ev("r9", { contract_id: undefined, customer_reference: "usage-two" }),
      ev("r10", { code: "r-gb", properties: { gb: "lots" } }),
      ev("r11", { code: "r-gb" }),
      { code: "r-calls", contract_id: contractId },
      ev("r12", { contract_id: undefined }),
      ev("r13", { contract_id: undefined, customer_reference: "usage-one", timestamp: "2026-03-09T13:05:00Z" }),
      ev("r14", { timestamp: "2026-02-28T23:59:59Z" }),
      "not an event",
    ];
    const r = await send(events);
    expect(r).toEqual({
      accepted: 3,
      duplicates: 1,
      rejected: [
        { index: 3, transaction_id: "r3", code: "unknown_metric", message: "No billable metric has the code nope." },
        { index: 4, transaction_id: "r4", code: "archived_metric", message: "The billable metric r-old is archived." },
        { index: 5, transaction_id: "r5", code: "unknown_contract", message: "No contract has this contract_id." },
        { index: 6, transaction_id: "r6", code: "unknown_contract", message: "No contract has this contract_id." },
        {
          index: 7,
          transaction_id: "r7",
          code: "timestamp_out_of_window",
          message: "timestamp: At most 5 minutes ahead of now.",
        },
        { index: 8, transaction_id: "r8", code: "timestamp_out_of_window", message: "timestamp: At most 35 days ago." },
        {
          index: 9,
          transaction_id: "r9",
          code: "ambiguous_customer",
          message: "The customer has several live contracts: send contract_id instead.",
        },
        {
          index: 10,
          transaction_id: "r10",
          code: "bad_property",
          message: "properties.gb: A number (at most 26 digits and 12 decimals) is required.",
        },
        { index: 11, transaction_id: "r11", code: "bad_property", message: "properties.gb: Required by metric r-gb." },
        { index: 12, transaction_id: null, code: "invalid_event", message: "transaction_id: This field is required." },
        {
          index: 13,
          transaction_id: "r12",
          code: "invalid_event",
          message: "contract_id: Exactly one of contract_id or customer_reference is required.",
        },
        {
          index: 15,
          transaction_id: "r14",
          code: "timestamp_out_of_window",
          message: "timestamp: Before the contract was created.",
        },
        { index: 16, transaction_id: null, code: "invalid_event", message: "An event must be a JSON object." },
      ],
    });
    // sent again: every accepted event is a duplicate, nothing is counted twice
    const again = await send(events);
    expect(again).toMatchObject({ accepted: 0, duplicates: 4 });
    const listed = await get(`/v2/usage-events/?contract=${contractId}&from=2026-03-09T00:00:00Z`);
    expect(listed.body.map((e: any) => e.transaction_id).sort()).toEqual(["r1", "r13", "r2"]);
    // once accepted, an event sent again is a duplicate even when it would be refused now
    await post(`/v2/billable-metrics/${calls}/archive/`);
    expect(await send([ev("r1"), ev("r-new")])).toEqual({
      accepted: 0,
      duplicates: 1,
      rejected: [
        {
          index: 1,
          transaction_id: "r-new",
          code: "archived_metric",
          message: "The billable metric r-calls is archived.",
        },
      ],
    });
    // with events, the metric's rules are fixed; its name is not
    const rules = await patch(`/v2/billable-metrics/${calls}/`, { filters: { region: "eu" } });
    expect(rules.status).toBe(400);
    expect(rules.body).toEqual({
      non_field_errors: [
        "The metric has events: its aggregation, field_name and filters can no longer change. Create a new metric instead.",
      ],
    });
    expect((await patch(`/v2/billable-metrics/${calls}/`, { name: "Calls" })).body).toMatchObject({ name: "Calls" });
    // the same rules sent again (in another order) are no change
    const gb = await get("/v2/billable-metrics/?code=r-gb");
    expect(gb.body[0].filters).toEqual({});
    const same = await patch(`/v2/billable-metrics/${gb.body[0].id}/`, {
      aggregation: "sum",
      field_name: "gb",
      filters: {},
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it("takes 1,000 events in one request and refuses 1,001 as a whole", async () => {
    setRequestTime(NOW);
    await metric("b-calls", "count");
    const batch = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ transaction_id: `b-${i}`, code: "b-calls", contract_id: contractId }));
    const tooMany = await post("/v2/usage-events/", { events: batch(1001) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ events: ["At most 1000 events per request."] });
    expect((await post("/v2/usage-events/", { events: [] })).status).toBe(400);
    expect((await post("/v2/usage-events/", { events: "x" })).status).toBe(400);
    expect(await send(batch(1000))).toEqual({ accepted: 1000, duplicates: 0, rejected: [] });
    const [{ n }] = await db().$queryRaw<{ n: number }[]>`
      select sum(event_count)::int as n from usage_hourly h join billable_metrics m on m.id = h.metric_id
      where m.code = 'b-calls' and m.account_id = ${s.accountId}`;
    expect(n).toBe(1000);
  });

  it("counts parallel identical requests once", async () => {
    setRequestTime(NOW);
    const id = await metric("p-gb", "sum", { field_name: "gb" });
    const events = Array.from({ length: 300 }, (_, i) => ({
      transaction_id: `p-${i}`,
      code: "p-gb",
      contract_id: contractId,
      timestamp: new Date(Date.parse(NOW) - i * 60_000).toISOString(),
      properties: { gb: 0.5 },
    }));
    const answers = await Promise.all([send(events), send(events), send(events), send([...events].reverse())]);
    expect(answers.reduce((a, r) => a + r.accepted, 0)).toBe(300);
    expect(answers.reduce((a, r) => a + r.duplicates, 0)).toBe(900);
    const total = await usageAggregate(ctxFor(s.accountId), {
      contractId,
      metricId: id,
      from: new Date("2026-03-01T00:00:00Z"),
      to: new Date("2026-03-10T00:00:00Z"),
    });
    expect([total.value.toFixed(), total.events]).toEqual(["150", 300]);
  });

  it("lists events newest first with filters and pages; another account sees none of them", async () => {
    setRequestTime(NOW);
    await metric("l-calls", "count");
    await send(
      ["10:00", "11:00", "12:00"].map((t, i) => ({
        transaction_id: `l-${i}`,
        code: "l-calls",
        contract_id: contractId,
        timestamp: `2026-03-08T${t}:00Z`,
        properties: { n: i, who: "x" },
      })),
    );
    const all = await get("/v2/usage-events/?code=l-calls");
    expect(all.body.map((e: any) => [e.transaction_id, e.timestamp])).toEqual([
      ["l-2", "2026-03-08T12:00:00.000Z"],
      ["l-1", "2026-03-08T11:00:00.000Z"],
      ["l-0", "2026-03-08T10:00:00.000Z"],
    ]);
    expect(all.body[0]).toMatchObject({
      code: "l-calls",
      contract_id: contractId,
      properties: { n: 2, who: "x" },
      counted: true,
    });
    const window = await get("/v2/usage-events/?code=l-calls&from=2026-03-08T10:30:00Z&to=2026-03-08T12:00:00Z");
    expect(window.body.map((e: any) => e.transaction_id)).toEqual(["l-1"]);
    const page = await get("/v2/usage-events/?code=l-calls&page_size=2&page=2");
    expect(page.body).toMatchObject({ count: 3, results: [{ transaction_id: "l-0" }] });
    expect((await get("/v2/usage-events/?code=l-calls", OTHER)).body).toEqual([]);
    expect((await get("/v2/usage-events/?from=yesterday")).status).toBe(400);
  });
});

describe("usageAggregate", () => {
  // e1 and e9 fall outside [10:15, 12:45); 11:00–12:00 comes from the rollup, the rest from raw events
  const events: [string, number, string, string][] = [
    ["e1", 1, "a", "10:05:00"],
    ["e2", 2, "b", "10:20:00"],
    ["e3", 3.5, "a", "10:59:00"],
    ["e4", 4, "c", "11:00:00"],
    ["e5", 10, "b", "11:30:00"],
    ["e6", 0.25, "d", "11:59:59"],
    ["e7", 7, "a", "12:10:00"],
    ["e8", 1, "e", "12:44:59"],
    ["e9", 100, "f", "12:45:00"],
  ];
  const region = (id: string) => (["e2", "e4", "e7"].includes(id) ? "eu" : "us");

  it("equals the hand computation for every aggregation, over whole and partial hours", async () => {
    setRequestTime(NOW);
    const ids = {
      count: await metric("a-count", "count"),
      sum: await metric("a-sum", "sum", { field_name: "gb" }),
      max: await metric("a-max", "max", { field_name: "gb" }),
      unique_count: await metric("a-unique", "unique_count", { field_name: "user" }),
      latest: await metric("a-latest", "latest", { field_name: "gb" }),
      eu: await metric("a-eu", "count", { filters: { region: "eu" } }),
    };
    const codes = ["a-count", "a-sum", "a-max", "a-unique", "a-latest", "a-eu"];
    const all = codes.flatMap((code) =>
      events.map(([id, gb, user, time]) => ({
        transaction_id: `${code}-${id}`,
        code,
        contract_id: contractId,
        timestamp: `2026-03-09T${time}Z`,
        properties: { gb, user, region: region(id) },
      })),
    );
    // the same events for the second contract, which must not mix in
    const second = all.map((e) => ({ ...e, transaction_id: `2-${e.transaction_id}`, contract_id: secondContract }));
    // in two requests, the later events first: the latest value is the latest timestamp's, not the last sent
    const late = all.filter((e) => e.timestamp >= "2026-03-09T12");
    const early = all.filter((e) => e.timestamp < "2026-03-09T12");
    expect((await send(late)).accepted).toBe(late.length);
    expect((await send([...early, ...second])).accepted).toBe(early.length + second.length);

    const ctx = ctxFor(s.accountId);
    const range = { from: new Date("2026-03-09T10:15:00Z"), to: new Date("2026-03-09T12:45:00Z") };
    const of = async (metricId: number, r = range) =>
      (await usageAggregate(ctx, { contractId, metricId, ...r })).value.toFixed();
    // e2..e8: 7 events; 2 + 3.5 + 4 + 10 + 0.25 + 7 + 1 = 27.75; max 10; users a b c d e; latest e8 (1)
    expect(await of(ids.count)).toBe("7");
    expect(await of(ids.sum)).toBe("27.75");
    expect(await of(ids.max)).toBe("10");
    expect(await of(ids.unique_count)).toBe("5");
    expect(await of(ids.latest)).toBe("1");
    expect(await of(ids.eu)).toBe("3");
    // whole hours only (rollups alone): 10:00–12:00 holds e1..e6
    const hours = { from: new Date("2026-03-09T10:00:00Z"), to: new Date("2026-03-09T12:00:00Z") };
    expect(await of(ids.sum, hours)).toBe("20.75");
    expect(await of(ids.unique_count, hours)).toBe("4");
    expect(await of(ids.latest, hours)).toBe("0.25");
    // within one hour (raw alone): 11:10–11:59:59.5 holds e5, e6
    const inside = { from: new Date("2026-03-09T11:10:00Z"), to: new Date("2026-03-09T11:59:59.500Z") };
    expect(await of(ids.count, inside)).toBe("2");
    expect(await of(ids.max, inside)).toBe("10");
    // nothing in range: 0
    const empty = { from: new Date("2026-03-09T01:00:00Z"), to: new Date("2026-03-09T02:00:00Z") };
    expect(await of(ids.max, empty)).toBe("0");
    // another account's metric is a 404
    await expect(
      usageAggregate(ctxFor(s.otherAccountId), { contractId, metricId: ids.count, ...range }),
    ).rejects.toThrow("Not found.");
  });

  it("keeps rollups equal to a recomputation from the raw events", async () => {
    const mismatches = await db().$queryRaw<unknown[]>`
      with raw as (
        select account_id, contract_id, metric_id, date_trunc('hour', "timestamp") as hour, count(*) as event_count,
               sum(value) as value_sum, max(value) as value_max,
               (array_agg(value order by "timestamp" desc, transaction_id desc))[1] as latest_value,
               max("timestamp") as latest_at
        from usage.events where counted group by 1, 2, 3, 4
      )
      select * from raw full join usage_hourly h using (account_id, contract_id, metric_id, hour)
      where raw.event_count is distinct from h.event_count or raw.value_sum is distinct from h.value_sum
         or raw.value_max is distinct from h.value_max or raw.latest_value is distinct from h.latest_value
         or raw.latest_at is distinct from h.latest_at`;
    expect(mismatches).toEqual([]);
    const values = await db().$queryRaw<unknown[]>`
      with raw as (
        select distinct account_id, contract_id, metric_id, date_trunc('hour', "timestamp") as hour, value_text as value
        from usage.events where counted and value_text is not null
      )
      select * from raw full join usage_hourly_values v using (account_id, contract_id, metric_id, hour, value)
      where raw.account_id is null or v.account_id is null`;
    expect(values).toEqual([]);
    const [{ n }] = await db().$queryRaw<{ n: number }[]>`select count(*)::int as n from usage_hourly`;
    expect(n).toBeGreaterThan(10);
    // the daily rollups equal the hourly ones summed per day
    const days = await db().$queryRaw<unknown[]>`
      with byday as (
        select account_id, contract_id, metric_id, date_trunc('day', hour) as day, sum(event_count) as event_count,
               sum(value_sum) as value_sum, max(value_max) as value_max,
               (array_agg(latest_value order by latest_at desc, latest_transaction_id desc))[1] as latest_value
        from usage_hourly group by 1, 2, 3, 4
      )
      select * from byday full join usage_daily d using (account_id, contract_id, metric_id, day)
      where byday.event_count is distinct from d.event_count or byday.value_sum is distinct from d.value_sum
         or byday.value_max is distinct from d.value_max or byday.latest_value is distinct from d.latest_value`;
    expect(days).toEqual([]);
    const dayValues = await db().$queryRaw<unknown[]>`
      with byday as (select distinct account_id, contract_id, metric_id, date_trunc('day', hour) as day, value from usage_hourly_values)
      select * from byday full join usage_daily_values v using (account_id, contract_id, metric_id, day, value)
      where byday.account_id is null or v.account_id is null`;
    expect(dayValues).toEqual([]);
  });
});
