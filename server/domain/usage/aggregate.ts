// Contracts' usage of metrics over time ranges: whole hours from the hourly rollups, the partial hours at
// either end from the raw events (only counted ones: those matching the metric's filters). Billing (many
// contracts at once, one statement) and the usage read call this; nothing here scans more raw events than
// two partial hours hold.
import type Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { dec, ZERO } from "@/server/domain/money";
import type { Aggregation } from "@/server/schemas/usage";
import { findMetric } from "./metrics";

const HOUR = 3_600_000;
const floorHour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR) * HOUR);
const ceilHour = (d: Date) => new Date(Math.ceil(d.getTime() / HOUR) * HOUR);

export interface UsageAggregate {
  aggregation: Aggregation;
  /** the quantity to price: events counted, the sum, the maximum, the distinct values or the latest value (0 when
   * no event counted) */
  value: Decimal;
  /** counted events in the range */
  events: number;
}

/** One range to aggregate: a contract's usage of a metric over [from, to). */
export interface UsageRequest {
  key: string;
  contractId: number;
  metricId: number;
  aggregation: Aggregation;
  from: Date;
  to: Date;
}

/** The whole hours [hoursFrom, hoursTo) read from rollups, and the raw ranges around them. */
export function splitRange(from: Date, to: Date) {
  const hoursFrom = ceilHour(from);
  const hoursTo = floorHour(to);
  if (hoursFrom >= hoursTo) return { hours: null, raw: [[from, to]] as [Date, Date][] };
  const raw: [Date, Date][] = [];
  if (from < hoursFrom) raw.push([from, hoursFrom]);
  if (hoursTo < to) raw.push([hoursTo, to]);
  return { hours: [hoursFrom, hoursTo] as [Date, Date], raw };
}

type Row = { k: string; n: string; s: string | null; m: string | null; lv: string | null; u: string | null };

/**
 * The aggregates of many ranges in one statement (a lateral read per range, so each uses the rollups' primary
 * key and prunes the raw events' partitions). Ranges of another account's contracts read nothing.
 */
export async function usageAggregates(
  ctx: Pick<Ctx, "db" | "accountId">,
  requests: UsageRequest[],
): Promise<Map<string, UsageAggregate>> {
  const out = new Map<string, UsageAggregate>();
  const live = requests.filter((r) => r.from < r.to);
  for (const r of requests) if (r.from >= r.to) out.set(r.key, { aggregation: r.aggregation, value: ZERO, events: 0 });
  if (!live.length) return out;
  const split = live.map((r) => splitRange(r.from, r.to).hours);
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const col = <T>(f: (r: UsageRequest, i: number) => T) => live.map(f);
  const rows = await ctx.db.$queryRaw<Row[]>`
    with req as (
      select r.k, r.c, r.m, r.uq,
             (r.f::timestamptz at time zone 'UTC') as f, (r.t::timestamptz at time zone 'UTC') as t,
             (r.hf::timestamptz at time zone 'UTC') as hf, (r.ht::timestamptz at time zone 'UTC') as ht
      from unnest(${col((r) => r.key)}::text[], ${col((r) => r.contractId)}::int[], ${col((r) => r.metricId)}::int[],
                  ${col((r) => r.aggregation === "unique_count")}::boolean[],
                  ${col((r) => iso(r.from))}::text[], ${col((r) => iso(r.to))}::text[],
                  ${col((_, i) => iso(split[i]?.[0]))}::text[], ${col((_, i) => iso(split[i]?.[1]))}::text[])
        as r(k, c, m, uq, f, t, hf, ht)
    )
    select req.k, p.n::text as n, p.s::text as s, p.m::text as m, p.lv::text as lv, u.n::text as u
    from req
    cross join lateral (
      select coalesce(sum(n), 0) as n, sum(s) as s, max(mx) as m, (array_agg(lv order by la desc, lt desc))[1] as lv
      from (
        select event_count as n, value_sum as s, value_max as mx, latest_value as lv, latest_at as la,
               latest_transaction_id as lt
        from usage_hourly
        where account_id = ${ctx.accountId} and contract_id = req.c and metric_id = req.m
          and req.hf is not null and hour >= req.hf and hour < req.ht
        union all
        select 1, value, value, value, "timestamp", transaction_id
        from usage.events
        where account_id = ${ctx.accountId} and contract_id = req.c and metric_id = req.m and counted
          and "timestamp" >= req.f and "timestamp" < req.t
          and (req.hf is null or "timestamp" < req.hf or "timestamp" >= req.ht)
      ) parts
    ) p
    left join lateral (
      select count(*) as n from (
        select value from usage_hourly_values
        where account_id = ${ctx.accountId} and contract_id = req.c and metric_id = req.m
          and req.hf is not null and hour >= req.hf and hour < req.ht
        union
        select value_text from usage.events
        where account_id = ${ctx.accountId} and contract_id = req.c and metric_id = req.m and counted
          and value_text is not null and "timestamp" >= req.f and "timestamp" < req.t
          and (req.hf is null or "timestamp" < req.hf or "timestamp" >= req.ht)
      ) v
    ) u on req.uq`;
  const byKey = new Map(live.map((r) => [r.key, r]));
  for (const row of rows) {
    const request = byKey.get(row.k)!;
    const pick: Record<Aggregation, string | null> = {
      count: row.n,
      sum: row.s,
      max: row.m,
      latest: row.lv,
      unique_count: row.u,
    };
    const text = pick[request.aggregation];
    out.set(row.k, {
      aggregation: request.aggregation,
      value: (text === null ? ZERO : dec(text)).toDecimalPlaces(12),
      events: Number(row.n),
    });
  }
  return out;
}

/** One contract's usage of one metric of the caller's account over [from, to). */
export async function usageAggregate(
  ctx: Ctx,
  input: { contractId: number; metricId: number; from: Date; to: Date },
): Promise<UsageAggregate> {
  const metric = await findMetric(ctx, input.metricId);
  const request = { key: "one", ...input, aggregation: metric.aggregation as Aggregation };
  return (await usageAggregates(ctx, [request])).get("one")!;
}
