// Usage event ingestion: up to 1,000 events per request, each accepted, a duplicate or rejected with a reason.
// The checks need three reads (metrics, contracts, customers' contracts); the write is one SQL statement:
// the de-duplication keys (insert … on conflict do nothing, so a resent event, even one racing in parallel,
// is counted once), the raw events of the keys that were new, and the hourly and daily rollups of those events.
// One statement is one transaction: keys, raw events and rollups never disagree.
import type Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { dec } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { Prisma } from "@/server/generated/prisma/client";
import { zodFieldErrors } from "@/server/inputChecks";
import {
  type REJECTION_CODES,
  type UsageEventInput,
  type UsageIngestOut,
  usageEventInput,
} from "@/server/schemas/usage";
import { type MetricFilters, type MetricRow, metricFilters } from "./present";
import { sendReachedThresholds } from "./thresholds";

/** How far ahead of the account's clock an event may be (clock skew of the sender). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** How far back an event may be: late events for a period billed long ago are refused. */
export const LATE_WINDOW_MS = 35 * 24 * 3_600_000;

type RejectionCode = (typeof REJECTION_CODES)[number];
type Rejection = UsageIngestOut["rejected"][number];

interface ContractFacts {
  id: number;
  createdAt: Date;
  endedAt: Date | null;
}

/** A metered item as ingestion sees it: which metric it bills and since when its open period runs. */
interface MeteredItem {
  contractId: number;
  metricId: number;
  periodStartAt: Date | null;
  startAt: Date | null;
  endAt: Date | null;
  /** the contract's trial end: usage before it is free (accepted, never billed) */
  trialEndAt: Date | null;
}

interface ReadyEvent {
  index: number;
  transactionId: string;
  metric: MetricRow;
  contractId: number;
  at: Date;
  properties: Record<string, string | number>;
  counted: boolean;
  value: string | null;
  valueText: string | null;
}

// a number property: at most 26 integer digits and 12 decimals (the rollups' DECIMAL(38,12))
const NUMERIC_TEXT = /^-?\d{1,26}(\.\d{1,12})?$/;

function numericValue(v: string | number | undefined): Decimal | null {
  if (v === undefined) return null;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return null;
    const d = dec(String(v));
    return NUMERIC_TEXT.test(d.toFixed()) ? d : null;
  }
  const text = v.trim();
  return NUMERIC_TEXT.test(text) ? dec(text) : null;
}

/** Every filter names a property whose string value is one of the filter's values. */
const matches = (filters: MetricFilters, properties: Record<string, string | number>) =>
  Object.entries(filters).every(([key, values]) => {
    const v = Object.hasOwn(properties, key) ? properties[key] : undefined;
    return typeof v === "string" && values.includes(v);
  });

/** The value the metric aggregates, or the reason the event cannot give one. */
function metricValue(
  metric: MetricRow,
  properties: Record<string, string | number>,
): { value: string | null; valueText: string | null } | string {
  if (metric.aggregation === "count" || !metric.fieldName) return { value: null, valueText: null };
  const field = metric.fieldName;
  const raw = Object.hasOwn(properties, field) ? properties[field] : undefined;
  if (raw === undefined) return `properties.${field}: Required by metric ${metric.code}.`;
  if (metric.aggregation === "unique_count")
    return { value: null, valueText: typeof raw === "number" ? dec(String(raw)).toFixed() : raw };
  const n = numericValue(raw);
  if (!n) return `properties.${field}: A number (at most 26 digits and 12 decimals) is required.`;
  return { value: n.toFixed(), valueText: null };
}

const firstMessage = (error: import("zod").ZodError) => {
  const [[field, messages]] = Object.entries(zodFieldErrors(error));
  return field === "non_field_errors" ? messages[0] : `${field}: ${messages[0]}`;
};

async function loadContracts(ctx: Ctx, events: UsageEventInput[]) {
  const ids = [...new Set(events.flatMap((e) => (e.contract_id === undefined ? [] : [e.contract_id])))];
  const refs = [...new Set(events.flatMap((e) => (e.customer_reference === undefined ? [] : [e.customer_reference])))];
  const select = { id: true, createdAt: true, endedAt: true } as const;
  const [byId, customers] = await Promise.all([
    ids.length
      ? ctx.db.subscriptionContract.findMany({ where: { accountId: ctx.accountId, id: { in: ids } }, select })
      : [],
    refs.length
      ? ctx.db.customer.findMany({
          where: { accountId: ctx.accountId, reference: { in: refs } },
          select: { reference: true, contracts: { where: { endedAt: null }, select, orderBy: { id: "asc" } } },
        })
      : [],
  ]);
  const contractIds = [...byId.map((c) => c.id), ...customers.flatMap((c) => c.contracts.map((x) => x.id))];
  const metered = contractIds.length
    ? await ctx.db.$queryRaw<MeteredItem[]>`
        select i.contract_id as "contractId", p.metric_id as "metricId", i.period_start_at as "periodStartAt",
               i.start_at as "startAt", i.end_at as "endAt", c.trial_end_at as "trialEndAt"
        from contract_items i join catalog_prices p on p.id = i.price_id
        join subscription_contracts c on c.id = i.contract_id
        where i.contract_id = any(${contractIds}::int[]) and p.account_id = ${ctx.accountId}
          and p.usage_type = 'metered' and (i.status = 'active' or i.end_at > i.period_start_at)`
    : [];
  const meteredOf = new Map<number, MeteredItem[]>();
  for (const item of metered) meteredOf.set(item.contractId, [...(meteredOf.get(item.contractId) ?? []), item]);
  return {
    byId: new Map<number, ContractFacts>(byId.map((c) => [c.id, c])),
    byCustomer: new Map<string, ContractFacts[]>(customers.map((c) => [c.reference, c.contracts])),
    meteredOf,
  };
}

/**
 * Why a contract's metered items cannot take the event, or null when one can. NOTE: an event for a period
 * whose run was already made (before the item's open period) is refused as late: billed runs never change.
 */
function meteredRefusal(items: MeteredItem[], metric: MetricRow, at: Date): [RejectionCode, string] | null {
  const billing = items.filter((i) => i.metricId === metric.id);
  if (!billing.length) return ["no_metered_item", `The contract has no metered item billing ${metric.code}.`];
  const open = billing.filter((i) => (!i.startAt || at >= i.startAt) && (!i.endAt || at < i.endAt));
  if (!open.length)
    return ["no_metered_item", `No metered item of the contract bills ${metric.code} at this timestamp.`];
  // before the first period of a contract in trial: free usage, kept (the trial is not a billed period)
  const closed = (i: MeteredItem) => i.periodStartAt && at < i.periodStartAt && !(i.trialEndAt && at < i.trialEndAt);
  if (open.every(closed))
    return ["period_closed", "The period of this timestamp was already billed: late events are refused."];
  return null;
}

/** Stores the events that are new, with their rollups; answers how many were accepted, duplicates and rejected. */
export async function ingestUsageEvents(ctx: Ctx, body: { events: unknown[] }): Promise<UsageIngestOut> {
  const now = ctx.clock.now();
  const rejected: Rejection[] = [];
  const reject = (index: number, transactionId: string | null, code: RejectionCode, message: string) =>
    rejected.push({ index, transaction_id: transactionId, code, message });

  const parsed: { index: number; event: UsageEventInput }[] = [];
  body.events.forEach((raw, index) => {
    const result = usageEventInput.safeParse(raw);
    if (raw === null || typeof raw !== "object" || Array.isArray(raw))
      reject(index, null, "invalid_event", "An event must be a JSON object.");
    else if (result.success) parsed.push({ index, event: result.data });
    else {
      const id = (raw as { transaction_id?: unknown } | null)?.transaction_id;
      reject(index, typeof id === "string" ? id.slice(0, 200) : null, "invalid_event", firstMessage(result.error));
    }
  });

  const codes = [...new Set(parsed.map((p) => p.event.code))];
  const [metrics, contracts] = await Promise.all([
    codes.length
      ? ctx.db.billableMetric.findMany({ where: { accountId: ctx.accountId, code: { in: codes } } })
      : Promise.resolve([]),
    loadContracts(
      ctx,
      parsed.map((p) => p.event),
    ),
  ]);
  const metricByCode = new Map(metrics.map((m) => [m.code, m]));

  const ready: ReadyEvent[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const { index, event } of parsed) {
    const txId = event.transaction_id;
    const no = (code: RejectionCode, message: string) => reject(index, txId, code, message);
    const metric = metricByCode.get(event.code);
    if (!metric) {
      no("unknown_metric", `No billable metric has the code ${event.code}.`);
      continue;
    }
    if (metric.archived) {
      no("archived_metric", `The billable metric ${event.code} is archived.`);
      continue;
    }
    let contract: ContractFacts | undefined;
    if (event.contract_id !== undefined) {
      contract = contracts.byId.get(event.contract_id);
      if (!contract) {
        no("unknown_contract", "No contract has this contract_id.");
        continue;
      }
    } else {
      const live = contracts.byCustomer.get(event.customer_reference as string);
      if (!live?.length) {
        no("unknown_contract", "No live contract belongs to this customer_reference.");
        continue;
      }
      if (live.length > 1) {
        no("ambiguous_customer", "The customer has several live contracts: send contract_id instead.");
        continue;
      }
      contract = live[0];
    }
    const at = event.timestamp ? new Date(event.timestamp) : now;
    if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
      no("timestamp_out_of_window", "timestamp: At most 5 minutes ahead of now.");
      continue;
    }
    if (at.getTime() < now.getTime() - LATE_WINDOW_MS) {
      no("timestamp_out_of_window", "timestamp: At most 35 days ago.");
      continue;
    }
    if (at < contract.createdAt) {
      no("timestamp_out_of_window", "timestamp: Before the contract was created.");
      continue;
    }
    if (contract.endedAt && at >= contract.endedAt) {
      no("contract_ended", "The contract had ended at this timestamp.");
      continue;
    }
    const refusal = meteredRefusal(contracts.meteredOf.get(contract.id) ?? [], metric, at);
    if (refusal) {
      no(...refusal);
      continue;
    }
    const properties = event.properties ?? {};
    const counted = matches(metricFilters(metric), properties);
    let value: { value: string | null; valueText: string | null } = { value: null, valueText: null };
    if (counted) {
      const got = metricValue(metric, properties);
      if (typeof got === "string") {
        no("bad_property", got);
        continue;
      }
      value = got;
    }
    // the same transaction_id twice in one request: the first one counts, the rest are duplicates
    if (seen.has(txId)) {
      duplicates++;
      continue;
    }
    seen.add(txId);
    ready.push({ index, transactionId: txId, metric, contractId: contract.id, at, properties, counted, ...value });
  }

  const accepted = ready.length ? await store(ctx, ready, now) : 0;
  if (accepted) {
    // only metrics some metered price watches (the cached catalog says which): most batches skip the read
    const catalog = await catalogSnapshot(ctx);
    const watched = new Set<number>();
    for (const price of catalog.prices.values())
      if (price.metricId !== null && ((price.usageThresholds ?? []) as unknown[]).length) watched.add(price.metricId);
    const pairs = new Map<string, { contractId: number; metricId: number }>();
    for (const e of ready)
      if (watched.has(e.metric.id))
        pairs.set(`${e.contractId}:${e.metric.id}`, { contractId: e.contractId, metricId: e.metric.id });
    await sendReachedThresholds(ctx, [...pairs.values()]);
  }
  const resent = await alreadyAccepted(ctx, rejected);
  rejected.sort((a, b) => a.index - b.index);
  return {
    accepted,
    duplicates: duplicates + ready.length - accepted + resent.size,
    rejected: rejected.filter((r) => !resent.has(r)),
  };
}

/**
 * The rejections whose transaction_id was accepted before: a resend of an accepted event is a duplicate even
 * when it would be refused now (its metric archived since, its timestamp now too old), so a sender retrying a
 * batch never reads "refused" for an event that was counted.
 */
async function alreadyAccepted(ctx: Ctx, rejected: Rejection[]): Promise<Set<Rejection>> {
  const named = rejected.filter((r) => r.transaction_id !== null && r.code !== "invalid_event");
  if (!named.length) return new Set();
  const ids = [...new Set(named.map((r) => r.transaction_id as string))];
  const found = await ctx.db.usageEventKey.findMany({
    where: { accountId: ctx.accountId, transactionId: { in: ids } },
    select: { transactionId: true },
  });
  const known = new Set(found.map((k) => k.transactionId));
  return new Set(named.filter((r) => known.has(r.transaction_id as string)));
}

/** The one statement that writes: keys first (in transaction id order, so parallel requests lock alike). */
async function store(ctx: Ctx, events: ReadyEvent[], now: Date): Promise<number> {
  events.sort((a, b) => (a.transactionId < b.transactionId ? -1 : a.transactionId > b.transactionId ? 1 : 0));
  const col = <T>(f: (e: ReadyEvent) => T) => events.map(f);
  const account = ctx.accountId;
  const [{ accepted }] = await ctx.db.$queryRaw<{ accepted: number }[]>(Prisma.sql`
    with input as (
      select t.transaction_id, t.metric_id, t.code, t.contract_id,
             (t.ts::timestamptz at time zone 'UTC')::timestamp(3) as ts,
             t.properties::jsonb as properties, t.value::numeric(38,12) as value, t.value_text, t.counted
      from unnest(${col((e) => e.transactionId)}::text[], ${col((e) => e.metric.id)}::int[],
                  ${col((e) => e.metric.code)}::text[], ${col((e) => e.contractId)}::int[],
                  ${col((e) => e.at.toISOString())}::text[], ${col((e) => JSON.stringify(e.properties))}::text[],
                  ${col((e) => e.value)}::text[], ${col((e) => e.valueText)}::text[], ${col((e) => e.counted)}::boolean[])
        as t(transaction_id, metric_id, code, contract_id, ts, properties, value, value_text, counted)
    ),
    keys as (
      insert into usage_event_keys (account_id, transaction_id, "timestamp")
      select ${account}::int, transaction_id, ts from input order by transaction_id
      on conflict do nothing
      returning transaction_id
    ),
    fresh as (select input.* from input join keys using (transaction_id)),
    raw as (
      insert into usage.events
        (account_id, transaction_id, metric_id, code, contract_id, "timestamp", properties, value, value_text, counted, received_at)
      select ${account}::int, transaction_id, metric_id, code, contract_id, ts, properties, value, value_text, counted,
             (${now.toISOString()}::timestamptz at time zone 'UTC')::timestamp(3)
      from fresh
    ),
    seen as (
      update billable_metrics set has_events = true
      where id in (select distinct metric_id from fresh) and not has_events
    ),
    hours as (
      select contract_id, metric_id, date_trunc('hour', ts) as hour, count(*) as event_count,
             sum(value) as value_sum, max(value) as value_max,
             (array_agg(value order by ts desc, transaction_id desc))[1] as latest_value,
             max(ts) as latest_at,
             (array_agg(transaction_id order by ts desc, transaction_id desc))[1] as latest_transaction_id
      from fresh where counted
      group by contract_id, metric_id, date_trunc('hour', ts)
    ),
    hourly as (
      insert into usage_hourly as h
        (account_id, contract_id, metric_id, hour, event_count, value_sum, value_max, latest_value, latest_at, latest_transaction_id)
      select ${account}::int, contract_id, metric_id, hour, event_count, value_sum, value_max, latest_value, latest_at,
             latest_transaction_id
      from hours order by contract_id, metric_id, hour
      on conflict (account_id, contract_id, metric_id, hour) do update set
        event_count = h.event_count + excluded.event_count,
        value_sum = case when excluded.value_sum is null then h.value_sum
                         else coalesce(h.value_sum, 0) + excluded.value_sum end,
        value_max = greatest(h.value_max, excluded.value_max),
        latest_value = case when (excluded.latest_at, excluded.latest_transaction_id) > (h.latest_at, h.latest_transaction_id)
                            then excluded.latest_value else h.latest_value end,
        latest_transaction_id = case when (excluded.latest_at, excluded.latest_transaction_id) > (h.latest_at, h.latest_transaction_id)
                                     then excluded.latest_transaction_id else h.latest_transaction_id end,
        latest_at = greatest(h.latest_at, excluded.latest_at)
    ),
    days as (
      select contract_id, metric_id, date_trunc('day', ts) as day, count(*) as event_count,
             sum(value) as value_sum, max(value) as value_max,
             (array_agg(value order by ts desc, transaction_id desc))[1] as latest_value,
             max(ts) as latest_at,
             (array_agg(transaction_id order by ts desc, transaction_id desc))[1] as latest_transaction_id
      from fresh where counted
      group by contract_id, metric_id, date_trunc('day', ts)
    ),
    daily as (
      insert into usage_daily as h
        (account_id, contract_id, metric_id, day, event_count, value_sum, value_max, latest_value, latest_at, latest_transaction_id)
      select ${account}::int, contract_id, metric_id, day, event_count, value_sum, value_max, latest_value, latest_at,
             latest_transaction_id
      from days order by contract_id, metric_id, day
      on conflict (account_id, contract_id, metric_id, day) do update set
        event_count = h.event_count + excluded.event_count,
        value_sum = case when excluded.value_sum is null then h.value_sum
                         else coalesce(h.value_sum, 0) + excluded.value_sum end,
        value_max = greatest(h.value_max, excluded.value_max),
        latest_value = case when (excluded.latest_at, excluded.latest_transaction_id) > (h.latest_at, h.latest_transaction_id)
                            then excluded.latest_value else h.latest_value end,
        latest_transaction_id = case when (excluded.latest_at, excluded.latest_transaction_id) > (h.latest_at, h.latest_transaction_id)
                                     then excluded.latest_transaction_id else h.latest_transaction_id end,
        latest_at = greatest(h.latest_at, excluded.latest_at)
    ),
    uniques as (
      insert into usage_hourly_values (account_id, contract_id, metric_id, hour, value)
      select distinct ${account}::int, contract_id, metric_id, date_trunc('hour', ts), value_text
      from fresh where counted and value_text is not null
      order by 2, 3, 4, 5
      on conflict do nothing
    ),
    daily_uniques as (
      insert into usage_daily_values (account_id, contract_id, metric_id, day, value)
      select distinct ${account}::int, contract_id, metric_id, date_trunc('day', ts), value_text
      from fresh where counted and value_text is not null
      order by 2, 3, 4, 5
      on conflict do nothing
    )
    select count(*)::int as accepted from fresh`);
  return accepted;
}
