// Contracts' usage of metrics over time ranges: whole hours from the hourly rollups, the partial hours at
// either end from the raw events (only counted ones: those matching the metric's filters). Billing (many
// contracts at once, one statement) and the usage read call this; nothing here scans more raw events than
// two partial hours hold.
import type Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { dec, ZERO } from "@/server/domain/money";
import { Prisma } from "@/server/generated/prisma/client";
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

const DAY = 24 * HOUR;
const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY) * DAY);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY) * DAY);

type Range = [Date, Date];

/**
 * [from, to) as the whole UTC days read from the daily rollups, the whole hours around them from the hourly
 * ones, and the raw ranges around those (each list holds at most two ranges; empty ranges are left out).
 */
export function splitRange(from: Date, to: Date): { days: Range | null; hours: Range[]; raw: Range[] } {
  const hoursFrom = ceilHour(from);
  const hoursTo = floorHour(to);
  if (hoursFrom >= hoursTo) return { days: null, hours: [], raw: from < to ? [[from, to]] : [] };
  const raw: Range[] = [];
  if (from < hoursFrom) raw.push([from, hoursFrom]);
  if (hoursTo < to) raw.push([hoursTo, to]);
  const daysFrom = ceilDay(hoursFrom);
  const daysTo = floorDay(hoursTo);
  if (daysFrom >= daysTo) return { days: null, hours: [[hoursFrom, hoursTo]], raw };
  const hours: Range[] = [];
  if (hoursFrom < daysFrom) hours.push([hoursFrom, daysFrom]);
  if (daysTo < hoursTo) hours.push([daysTo, hoursTo]);
  return { days: [daysFrom, daysTo], hours, raw };
}

/** An instant as a SQL literal of the raw table's type (UTC timestamp): a constant the planner prunes with. */
const timestampLiteral = (d: Date) => Prisma.raw(`'${d.toISOString().replace("T", " ").replace("Z", "")}'::timestamp`);

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
  // each range as whole days, at most two runs of whole hours and at most two raw ranges (an empty one as
  // [to, to)): plain index ranges, so nothing is read twice and the raw events of whole hours never
  const none = (r: UsageRequest): Range => [r.to, r.to];
  const parts = live.map((r) => {
    const { days, hours, raw } = splitRange(r.from, r.to);
    return {
      days: days ?? none(r),
      hours: [hours[0] ?? none(r), hours[1] ?? none(r)],
      raw: [raw[0] ?? none(r), raw[1] ?? none(r)],
    };
  });
  const col = <T>(f: (r: UsageRequest, i: number) => T) => live.map(f);
  const bound = (pick: (i: number) => Date) => col((_, i) => pick(i).toISOString());
  // the raw reads' overall bounds as literals: the planner then prunes the partitions it does not need (with
  // bounds from the lateral rows alone it plans a scan of every monthly partition)
  const raws = parts.flatMap((p) => p.raw).filter(([a, b]) => a < b);
  const rawFrom = raws.length ? new Date(Math.min(...raws.map(([a]) => a.getTime()))) : new Date(0);
  const rawTo = raws.length ? new Date(Math.max(...raws.map(([, b]) => b.getTime()))) : new Date(0);
  const rawBounds = Prisma.sql`"timestamp" >= ${timestampLiteral(rawFrom)} and "timestamp" < ${timestampLiteral(rawTo)}`;
  const ts = (v: string) => Prisma.raw(`(r.${v}::timestamptz at time zone 'UTC') as ${v}`);
  const scope = Prisma.sql`account_id = ${ctx.accountId} and contract_id = req.c and metric_id = req.m`;
  const inDays = Prisma.sql`day >= req.df and day < req.dt`;
  const inHours = Prisma.sql`((hour >= req.hf1 and hour < req.ht1) or (hour >= req.hf2 and hour < req.ht2))`;
  const rawRange = (a: string, b: string) => Prisma.raw(`"timestamp" >= req.${a} and "timestamp" < req.${b}`);
  const rows = await ctx.db.$queryRaw<Row[]>`
    with req as (
      select r.k, r.c, r.m, r.uq, r.lq, ${ts("df")}, ${ts("dt")}, ${ts("hf1")}, ${ts("ht1")}, ${ts("hf2")}, ${ts("ht2")},
             ${ts("a1")}, ${ts("b1")}, ${ts("a2")}, ${ts("b2")}
      from unnest(${col((r) => r.key)}::text[], ${col((r) => r.contractId)}::int[], ${col((r) => r.metricId)}::int[],
                  ${col((r) => r.aggregation === "unique_count")}::boolean[], ${col((r) => r.aggregation === "latest")}::boolean[],
                  ${bound((i) => parts[i].days[0])}::text[], ${bound((i) => parts[i].days[1])}::text[],
                  ${bound((i) => parts[i].hours[0][0])}::text[], ${bound((i) => parts[i].hours[0][1])}::text[],
                  ${bound((i) => parts[i].hours[1][0])}::text[], ${bound((i) => parts[i].hours[1][1])}::text[],
                  ${bound((i) => parts[i].raw[0][0])}::text[], ${bound((i) => parts[i].raw[0][1])}::text[],
                  ${bound((i) => parts[i].raw[1][0])}::text[], ${bound((i) => parts[i].raw[1][1])}::text[])
        as r(k, c, m, uq, lq, df, dt, hf1, ht1, hf2, ht2, a1, b1, a2, b2)
    )
    select req.k, p.n::text as n, p.s::text as s, p.m::text as m, p.lv::text as lv, u.n::text as u
    from req
    cross join lateral (
      select coalesce(sum(n), 0) as n, sum(s) as s, max(mx) as m,
             -- only a latest metric sorts its rows for the last value
             (array_agg(lv order by la desc, lt desc) filter (where req.lq))[1] as lv
      from (
        select event_count as n, value_sum as s, value_max as mx, latest_value as lv, latest_at as la,
               latest_transaction_id as lt
        from usage_daily where ${scope} and ${inDays}
        union all
        select event_count, value_sum, value_max, latest_value, latest_at, latest_transaction_id
        from usage_hourly where ${scope} and ${inHours}
        union all
        select 1, value, value, value, "timestamp", transaction_id
        from usage.events where ${scope} and counted and ${rawBounds} and ${rawRange("a1", "b1")}
        union all
        select 1, value, value, value, "timestamp", transaction_id
        from usage.events where ${scope} and counted and ${rawBounds} and ${rawRange("a2", "b2")}
      ) parts
    ) p
    left join lateral (
      select count(*) as n from (
        select value from usage_daily_values where req.uq and ${scope} and ${inDays}
        union
        select value from usage_hourly_values where req.uq and ${scope} and ${inHours}
        union
        select value_text from usage.events
        where req.uq and ${scope} and counted and value_text is not null and ${rawBounds}
          and ((${rawRange("a1", "b1")}) or (${rawRange("a2", "b2")}))
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

/**
 * A contract's usage of a metric per UTC day over [from, to), for charts: one grouped read of the hourly rollups
 * (the hours that [from, to) touches; ingestion refuses events outside a metered item's window, so the edges
 * hold none that do not count).
 */
export async function usageByDay(
  ctx: Pick<Ctx, "db" | "accountId">,
  input: { contractId: number; metricId: number; aggregation: Aggregation; from: Date; to: Date },
): Promise<Map<string, Decimal>> {
  const from = floorHour(input.from);
  const to = ceilHour(input.to);
  const scope = Prisma.sql`account_id = ${ctx.accountId} and contract_id = ${input.contractId} and metric_id = ${input.metricId}
    and hour >= ${from.toISOString()}::timestamptz at time zone 'UTC' and hour < ${to.toISOString()}::timestamptz at time zone 'UTC'`;
  const rows =
    input.aggregation === "unique_count"
      ? await ctx.db.$queryRaw<{ d: string; v: string }[]>`
          select to_char(date_trunc('day', hour), 'YYYY-MM-DD') as d, count(distinct value)::text as v
          from usage_hourly_values where ${scope} group by 1`
      : await ctx.db.$queryRaw<{ d: string; v: string | null }[]>`
          select to_char(date_trunc('day', hour), 'YYYY-MM-DD') as d,
                 (case ${input.aggregation}::text
                    when 'count' then sum(event_count)::numeric
                    when 'sum' then sum(value_sum)
                    when 'max' then max(value_max)
                    else (array_agg(latest_value order by latest_at desc, latest_transaction_id desc))[1] end)::text as v
          from usage_hourly where ${scope} group by 1`;
  return new Map(rows.map((r) => [r.d, r.v === null ? ZERO : dec(r.v)]));
}
