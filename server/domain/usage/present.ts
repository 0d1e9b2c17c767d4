// Billable metrics and usage events as the API prints them.
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { Aggregation, BillableMetricOut, UsageEventOut } from "@/server/schemas/usage";

export type MetricRow = Prisma.BillableMetricGetPayload<object>;

/** A metric's filters as stored: property → accepted values. */
export type MetricFilters = Record<string, string[]>;

/** Filters are stored (and shown) as lists: a single value sent as a string is a list of one. */
export function metricFilters(row: Pick<MetricRow, "filters">): MetricFilters {
  return (row.filters ?? {}) as MetricFilters;
}

export function presentMetric(row: MetricRow): BillableMetricOut {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    aggregation: row.aggregation as Aggregation,
    field_name: row.fieldName,
    filters: metricFilters(row),
    archived: row.archived,
    archived_at: row.archivedAt ? iso(row.archivedAt) : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export interface RawEventRow {
  id: bigint;
  transaction_id: string;
  code: string;
  metric_id: number;
  contract_id: number;
  timestamp: Date;
  properties: Record<string, string | number>;
  counted: boolean;
  received_at: Date;
}

export function presentEvent(row: RawEventRow): UsageEventOut {
  return {
    id: Number(row.id),
    transaction_id: row.transaction_id,
    code: row.code,
    metric_id: row.metric_id,
    contract_id: row.contract_id,
    timestamp: iso(row.timestamp),
    properties: row.properties,
    counted: row.counted,
    received_at: iso(row.received_at),
  };
}
