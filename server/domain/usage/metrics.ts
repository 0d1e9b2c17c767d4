// Billable metrics: created, listed, read, changed and archived by the seller. What decides how events add up
// (aggregation, field, filters) changes only while no event names the metric: the hourly rollups are built
// with it, and rebuilding them silently would change what was already shown as usage.
import { canonicalJson } from "@/server/domain/canonical";
import type { Ctx } from "@/server/domain/context";
import { foundOr404, invalid } from "@/server/domain/errors";
import type { ListResult, PageRequest, PageWindow } from "@/server/domain/list";
import { pagedList } from "@/server/domain/list";
import type { Prisma } from "@/server/generated/prisma/client";
import type { BillableMetricCreateInput, BillableMetricOut, BillableMetricPatchInput } from "@/server/schemas/usage";
import { type MetricFilters, presentMetric } from "./present";

const normalizeFilters = (filters: Record<string, string | string[]> | undefined): MetricFilters =>
  Object.fromEntries(
    Object.entries(filters ?? {}).map(([k, v]) => [k, [...new Set(Array.isArray(v) ? v : [v])].sort()]),
  );

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "P2002";
const CODE_TAKEN = "A billable metric with this code already exists.";

export async function createMetric(ctx: Ctx, input: BillableMetricCreateInput): Promise<BillableMetricOut> {
  const now = ctx.clock.now();
  try {
    const row = await ctx.db.billableMetric.create({
      data: {
        accountId: ctx.accountId,
        code: input.code,
        name: input.name,
        description: input.description ?? "",
        aggregation: input.aggregation,
        fieldName: input.aggregation === "count" ? null : (input.field_name ?? null),
        filters: normalizeFilters(input.filters),
        createdAt: now,
        updatedAt: now,
      },
    });
    return presentMetric(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid("code", CODE_TAKEN);
    throw error;
  }
}

export async function findMetric(ctx: Ctx, id: number) {
  return foundOr404(await ctx.db.billableMetric.findFirst({ where: { id, accountId: ctx.accountId } }));
}

export async function getMetric(ctx: Ctx, id: number): Promise<BillableMetricOut> {
  return presentMetric(await findMetric(ctx, id));
}

export async function listMetrics(
  ctx: Ctx,
  query: { archived?: "true" | "false" | "all"; code?: string; page?: PageRequest },
): Promise<ListResult<BillableMetricOut>> {
  const where: Prisma.BillableMetricWhereInput = {
    accountId: ctx.accountId,
    ...(query.archived === "all" ? {} : { archived: query.archived === "true" }),
    ...(query.code !== undefined ? { code: query.code } : {}),
  };
  const rows = (window: PageWindow) =>
    ctx.db.billableMetric.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window });
  return pagedList(query.page, () => ctx.db.billableMetric.count({ where }), rows, presentMetric);
}

export async function updateMetric(ctx: Ctx, id: number, input: BillableMetricPatchInput): Promise<BillableMetricOut> {
  const metric = await findMetric(ctx, id);
  const aggregation = input.aggregation ?? metric.aggregation;
  const fieldName = input.field_name !== undefined ? input.field_name : metric.fieldName;
  const filters = input.filters !== undefined ? normalizeFilters(input.filters) : undefined;
  const rulesChange =
    aggregation !== metric.aggregation ||
    (fieldName ?? null) !== metric.fieldName ||
    (filters !== undefined && canonicalJson(filters) !== canonicalJson(metric.filters));
  if (aggregation === "count" && fieldName) throw invalid("field_name", "Not used by aggregation count.");
  if (aggregation !== "count" && !fieldName) throw invalid("field_name", `Required by aggregation ${aggregation}.`);
  const fixed = invalid(
    "non_field_errors",
    "The metric has events: its aggregation, field_name and filters can no longer change. Create a new metric instead.",
  );
  if (rulesChange && metric.hasEvents) throw fixed;
  // a rule change applies only while still no event arrived (ingestion sets has_events in its write)
  const guard = rulesChange ? { hasEvents: false } : {};
  const updated = await ctx.db.billableMetric.updateMany({
    where: { id, ...guard },
    data: {
      name: input.name,
      description: input.description,
      aggregation,
      fieldName: fieldName ?? null,
      filters,
      updatedAt: ctx.clock.now(),
    },
  });
  if (updated.count === 0) throw fixed;
  return presentMetric(await findMetric(ctx, id));
}

/** Archived metrics refuse new events; their events, rollups and history stay. Archiving twice is harmless. */
export async function archiveMetric(ctx: Ctx, id: number): Promise<BillableMetricOut> {
  const metric = await findMetric(ctx, id);
  if (metric.archived) return presentMetric(metric);
  const now = ctx.clock.now();
  const row = await ctx.db.billableMetric.update({
    where: { id },
    data: { archived: true, archivedAt: now, updatedAt: now },
  });
  return presentMetric(row);
}
