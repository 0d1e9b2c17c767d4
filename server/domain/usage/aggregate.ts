// A contract's usage of one metric over [from, to): whole hours from the hourly rollups, the partial hours
// at either end from the raw events (only counted ones: those matching the metric's filters). Billing and the
// usage read call this; nothing here scans more raw events than two partial hours hold.
import type Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { dec, ZERO } from "@/server/domain/money";
import { Prisma } from "@/server/generated/prisma/client";
import type { Aggregation } from "@/server/schemas/usage";
import { utcTimestamp } from "./events";
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

export async function usageAggregate(
  ctx: Ctx,
  input: { contractId: number; metricId: number; from: Date; to: Date },
): Promise<UsageAggregate> {
  const metric = await findMetric(ctx, input.metricId);
  const aggregation = metric.aggregation as Aggregation;
  if (input.from >= input.to) return { aggregation, value: ZERO, events: 0 };
  const { hours, raw } = splitRange(input.from, input.to);
  const scope = Prisma.sql`account_id = ${ctx.accountId} and contract_id = ${input.contractId} and metric_id = ${input.metricId}`;
  const inHours = hours
    ? Prisma.sql`hour >= ${utcTimestamp(hours[0])} and hour < ${utcTimestamp(hours[1])}`
    : Prisma.sql`false`;
  const inRaw = raw.length
    ? Prisma.join(
        raw.map(([a, b]) => Prisma.sql`("timestamp" >= ${utcTimestamp(a)} and "timestamp" < ${utcTimestamp(b)})`),
        " or ",
      )
    : Prisma.sql`false`;
  const [row] = await ctx.db.$queryRaw<{ n: number; s: string | null; m: string | null; lv: string | null }[]>`
    with parts as (
      select event_count as n, value_sum as s, value_max as m, latest_value as lv, latest_at as la,
             latest_transaction_id as lt
      from usage_hourly where ${scope} and ${inHours}
      union all
      select 1, value, value, value, "timestamp", transaction_id
      from usage.events where ${scope} and counted and (${inRaw})
    )
    select coalesce(sum(n), 0)::int as n, sum(s)::text as s, max(m)::text as m,
           ((array_agg(lv order by la desc, lt desc))[1])::text as lv
    from parts`;
  let value: Decimal;
  switch (aggregation) {
    case "count":
      value = dec(row.n);
      break;
    case "sum":
      value = row.s === null ? ZERO : dec(row.s);
      break;
    case "max":
      value = row.m === null ? ZERO : dec(row.m);
      break;
    case "latest":
      value = row.lv === null ? ZERO : dec(row.lv);
      break;
    case "unique_count": {
      const [u] = await ctx.db.$queryRaw<{ n: number }[]>`
        select count(*)::int as n from (
          select value from usage_hourly_values where ${scope} and ${inHours}
          union
          select value_text from usage.events where ${scope} and counted and value_text is not null and (${inRaw})
        ) v`;
      value = dec(u.n);
      break;
    }
  }
  return { aggregation, value: value.toDecimalPlaces(12), events: row.n };
}
