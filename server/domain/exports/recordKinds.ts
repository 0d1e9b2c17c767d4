// Export kinds of the account's records: customers, contracts and their items, usage events, the audit log.
// Each reads with the filters of its list page (customer search, contracts.list, the audit log's filters, the
// REST usage event list), in id order (usage events: time order).
import { z } from "zod";
import { auditWhere } from "@/server/domain/audit/audit";
import { contractWhere } from "@/server/domain/consoleLists/contractList";
import { serviceStateSql } from "@/server/domain/consoleLists/serviceStateSql";
import { customerSearchWhere } from "@/server/domain/customers/search";
import { utcTimestamp } from "@/server/domain/usage/events";
import { Prisma } from "@/server/generated/prisma/client";
import { auditLogFilters, contractListFilters, fromQuery, listText } from "@/server/schemas/consoleLists";
import { usageEventListQuery } from "@/server/schemas/usage";
import type { Cell } from "./encode";
import { after, columns, defineExportKind, idBatch } from "./kind";

const contractFilters = fromQuery(contractListFilters.extend({ q: listText.optional() }));
type ContractFilters = z.infer<typeof contractFilters>;
const contractsWhere = (ctx: Parameters<typeof contractWhere>[0], f: ContractFilters, now: Date) => {
  const { q, ...filters } = f;
  return contractWhere(ctx, filters, q, now);
};

const customerColumns = columns(
  ["id", "int"],
  ["reference", "text"],
  ["name", "text"],
  ["email", "text"],
  ["metadata", "json"],
  ["created_at", "instant"],
  ["updated_at", "instant"],
);

export const customersExport = defineExportKind({
  title: "Customers",
  description: "The customer list's search (`q`: reference, name or email containing it); oldest first.",
  filters: fromQuery(z.object({ q: listText.optional() })),
  columns: customerColumns,
  async batch(ctx, f, cursor: number | null, limit) {
    const found = await ctx.db.customer.findMany({
      where: { AND: [customerSearchWhere(ctx, f.q), cursor === null ? {} : { id: { gt: cursor } }] },
      orderBy: { id: "asc" },
      take: limit,
    });
    const rows = found.map((c): Cell[] => [
      c.id,
      c.reference,
      c.name,
      c.email,
      (c.metadata ?? {}) as Record<string, unknown>,
      c.createdAt,
      c.updatedAt,
    ]);
    return { rows, next: found.length < limit ? null : found[found.length - 1].id };
  },
});

const contractColumns = columns(
  ["id", "int"],
  ["customer_id", "int"],
  ["customer_reference", "text"],
  ["customer_name", "text"],
  ["customer_email", "text"],
  ["state", "text"],
  ["service_state", "text"],
  ["currency", "text"],
  ["recurring", "bool"],
  ["billing_attention_required", "bool"],
  ["next_billing_at", "instant"],
  ["trial_end_at", "instant"],
  ["cancel_at", "instant"],
  ["canceled_at", "instant"],
  ["ended_at", "instant"],
  ["ended_reason", "text"],
  ["created_at", "instant"],
);

export const contractsExport = defineExportKind({
  title: "Contracts",
  description:
    "The contract list's filters and search (`q`: a contract id, or a customer reference or name containing it); oldest first. `service_state` is the REST rule at the account's clock.",
  filters: contractFilters,
  columns: contractColumns,
  batch: (ctx, f, cursor: number | null, limit) => {
    const now = ctx.clock.now();
    return idBatch(
      ctx,
      contractColumns,
      limit,
      (n) => Prisma.sql`
      select c.id, c.customer_id, cu.reference as customer_reference, cu.name as customer_name, cu.email as customer_email,
        c.state, ${serviceStateSql(now)} as service_state, c.currency, c.recurring, c.billing_attention_required,
        c.next_billing_at, c.trial_end_at, c.cancel_at, c.canceled_at, c.ended_at, c.ended_reason, c.created_at
      from subscription_contracts c join customers cu on cu.id = c.customer_id
      where ${contractsWhere(ctx, f, now)} and ${after(Prisma.sql`c.id`, cursor)}
      order by c.id limit ${n}`,
    );
  },
});

const itemColumns = columns(
  ["id", "int"],
  ["contract_id", "int"],
  ["customer_reference", "text"],
  ["product_id", "int"],
  ["product_name", "text"],
  ["price_id", "int"],
  ["quantity", "int"],
  ["currency", "text"],
  ["unit_amount_override", "money"],
  ["discount_percent", "text"],
  ["status", "text"],
  ["source", "text"],
  ["start_at", "instant"],
  ["end_at", "instant"],
  ["period_start_at", "instant"],
  ["period_end_at", "instant"],
  ["removed_at", "instant"],
  ["created_at", "instant"],
);

export const contractItemsExport = defineExportKind({
  title: "Contract items",
  description: "The items of the contracts the contract list's filters and search select; oldest first.",
  filters: contractFilters,
  columns: itemColumns,
  batch: (ctx, f, cursor: number | null, limit) =>
    idBatch(
      ctx,
      itemColumns,
      limit,
      (n) => Prisma.sql`
      select i.id, i.contract_id, cu.reference as customer_reference, i.product_id, p.name as product_name, i.price_id,
        i.quantity, c.currency, i.unit_amount_override::text as unit_amount_override,
        i.discount_percent::text as discount_percent, i.status, i.source, i.start_at, i.end_at, i.period_start_at,
        i.period_end_at, i.removed_at, i.created_at
      from contract_items i
      join subscription_contracts c on c.id = i.contract_id
      join customers cu on cu.id = c.customer_id
      left join catalog_products p on p.id = i.product_id
      where ${contractsWhere(ctx, f, ctx.clock.now())} and ${after(Prisma.sql`i.id`, cursor)}
      order by i.id limit ${n}`,
    ),
});

const usageColumns = columns(
  ["id", "int"],
  ["transaction_id", "text"],
  ["code", "text"],
  ["metric_id", "int"],
  ["contract_id", "int"],
  ["timestamp", "instant"],
  ["properties", "json"],
  ["counted", "bool"],
  ["received_at", "instant"],
);
const { page: _page, page_size: _size, ...usageFilters } = usageEventListQuery.shape;

export const usageEventsExport = defineExportKind({
  title: "Usage events",
  description: "The filters of `GET /v2/usage-events/` (`code`, `contract`, `from`, `to`); oldest event first.",
  filters: z.object(usageFilters),
  columns: usageColumns,
  async batch(ctx, f, cursor: { at: Date; id: bigint } | null, limit) {
    const conditions = [Prisma.sql`account_id = ${ctx.accountId}`];
    if (f.code !== undefined) conditions.push(Prisma.sql`code = ${f.code}`);
    if (f.contract !== undefined) conditions.push(Prisma.sql`contract_id = ${f.contract}`);
    if (f.from !== undefined) conditions.push(Prisma.sql`"timestamp" >= ${utcTimestamp(new Date(f.from))}`);
    if (f.to !== undefined) conditions.push(Prisma.sql`"timestamp" < ${utcTimestamp(new Date(f.to))}`);
    if (cursor) conditions.push(Prisma.sql`("timestamp", id) > (${utcTimestamp(cursor.at)}, ${cursor.id})`);
    const found = await ctx.db.$queryRaw<
      { id: bigint; timestamp: Date; [k: string]: unknown }[]
    >`select id, transaction_id, code, metric_id, contract_id, "timestamp", properties, counted, received_at
      from usage.events where ${Prisma.join(conditions, " and ")} order by "timestamp", id limit ${limit}`;
    const rows = found.map((r) => usageColumns.map((c) => (c.name === "id" ? Number(r.id) : (r[c.name] as Cell))));
    const last = found[found.length - 1];
    return { rows, next: found.length < limit ? null : { at: last.timestamp, id: last.id } };
  },
});

const auditColumns = columns(
  ["id", "int"],
  ["at", "instant"],
  ["actor_type", "text"],
  ["actor_id", "text"],
  ["actor_label", "text"],
  ["action", "text"],
  ["target_type", "text"],
  ["target_id", "text"],
  ["before_id", "text"],
  ["after_id", "text"],
  ["request_id", "text"],
  ["details", "json"],
);

export const auditLogExport = defineExportKind({
  title: "Audit log",
  description: "The audit log page's filters (`actor_type`, `action` containing the text); oldest first.",
  filters: fromQuery(auditLogFilters),
  columns: auditColumns,
  async batch(ctx, f, cursor: number | null, limit) {
    const where = auditWhere(ctx, { actorType: f.actor_type, action: f.action });
    const found = await ctx.db.auditLog.findMany({
      where: { AND: [where, cursor === null ? {} : { id: { gt: cursor } }] },
      orderBy: { id: "asc" },
      take: limit,
    });
    const rows = found.map((a): Cell[] => [
      a.id,
      a.at,
      a.actorType,
      a.actorId,
      a.actorLabel,
      a.action,
      a.targetType,
      a.targetId,
      a.beforeId,
      a.afterId,
      a.requestId,
      (a.details ?? {}) as Record<string, unknown>,
    ]);
    return { rows, next: found.length < limit ? null : found[found.length - 1].id };
  },
});
