// The account's audit trail: every change made through the console, the API or a public page, with
// who made it (user, API key, subscriber, customer, system), what, when, and the ids it touched.

import type { Ctx } from "@/server/domain/context";
import type { PageRequest } from "@/server/domain/list";
import type { Prisma } from "@/server/generated/prisma/client";

export const ACTOR_TYPES = ["user", "api_key", "subscriber", "customer", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export interface AuditEntry {
  actor: { type: ActorType; id?: string | number | null; label?: string | null };
  /** e.g. `POST /v2/subscription-contracts/{contractId}/cancel/` or `trpc catalog.products.create` */
  action: string;
  target?: { type: string; id?: string | number | null } | null;
  beforeId?: string | number | null;
  afterId?: string | number | null;
  details?: Record<string, unknown>;
  requestId?: string | null;
}

export interface AuditRow {
  id: number;
  at: string;
  actor_type: string;
  actor_id: string | null;
  actor_label: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before_id: string | null;
  after_id: string | null;
  details: Record<string, unknown>;
  request_id: string | null;
}

const text = (v: string | number | null | undefined, max = 200) =>
  v === null || v === undefined || v === "" ? null : String(v).slice(0, max);

/**
 * Records one change for the context's account. An API key actor without a label gets its key's prefix
 * (read here, so transports need not carry it). The time is the database's real time, not the clock.
 */
export async function recordAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  let label = text(entry.actor.label, 320);
  if (entry.actor.type === "api_key" && !label && entry.actor.id != null) {
    const key = await ctx.db.apiKey.findFirst({
      where: { id: Number(entry.actor.id), accountId: ctx.accountId },
      select: { prefix: true },
    });
    label = key?.prefix ?? null;
  }
  await ctx.db.auditLog.create({
    data: {
      accountId: ctx.accountId,
      actorType: entry.actor.type,
      actorId: text(entry.actor.id),
      actorLabel: label ?? "",
      action: entry.action.slice(0, 300),
      targetType: text(entry.target?.type),
      targetId: text(entry.target?.id),
      beforeId: text(entry.beforeId),
      afterId: text(entry.afterId),
      details: (entry.details ?? {}) as Prisma.InputJsonValue,
      requestId: text(entry.requestId, 100),
    },
  });
}

/** The entry of `action` recorded under `key` (recordAuditByKey), or null. */
export async function findAuditByKey(
  ctx: Ctx,
  action: string,
  key: string,
): Promise<{ id: number; details: Record<string, unknown> } | null> {
  const found = await ctx.db.auditLog.findFirst({
    where: { accountId: ctx.accountId, action: action.slice(0, 300), details: { path: ["key"], equals: key } },
    orderBy: { id: "desc" },
    select: { id: true, details: true },
  });
  return found ? { id: found.id, details: (found.details ?? {}) as Record<string, unknown> } : null;
}

/**
 * One audit entry for a change made in several requests (a test-clock move is many steps): the first
 * records `entry` with `details.key`; a later one (`found`, from findAuditByKey) updates that entry's after
 * id and details instead of adding a row, keeping who and when of the first.
 */
export async function recordAuditByKey(
  ctx: Ctx,
  key: string,
  entry: AuditEntry,
  found: { id: number } | null,
): Promise<void> {
  const details = { ...entry.details, key };
  if (!found) return recordAudit(ctx, { ...entry, details });
  await ctx.db.auditLog.update({
    where: { id: found.id },
    data: { afterId: text(entry.afterId), details: details as Prisma.InputJsonValue },
  });
}

export interface AuditFilters {
  actorType?: ActorType | null;
  action?: string | null;
}

/** The audit log page's filters: one actor type, an action containing the text (case-insensitive). */
export function auditWhere(ctx: Ctx, filters: AuditFilters): Prisma.AuditLogWhereInput {
  return {
    accountId: ctx.accountId,
    ...(filters.actorType ? { actorType: filters.actorType } : {}),
    ...(filters.action ? { action: { contains: filters.action, mode: "insensitive" } } : {}),
  };
}

/** The account's audit trail, newest first, one page at a time (a page past the end shows the last page). */
export async function listAuditLog(
  ctx: Ctx,
  input: { page: PageRequest; filters?: AuditFilters },
): Promise<{ results: AuditRow[]; count: number; page: PageRequest }> {
  const where = auditWhere(ctx, input.filters ?? {});
  const count = await ctx.db.auditLog.count({ where });
  const size = Math.min(Math.max(1, input.page.size), 200);
  const page = { size, number: Math.min(Math.max(1, input.page.number), Math.max(1, Math.ceil(count / size))) };
  const rows = count
    ? await ctx.db.auditLog.findMany({ where, orderBy: { id: "desc" }, skip: (page.number - 1) * size, take: size })
    : [];
  return {
    count,
    page,
    results: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor_type: row.actorType,
      actor_id: row.actorId,
      actor_label: row.actorLabel,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before_id: row.beforeId,
      after_id: row.afterId,
      details: (row.details ?? {}) as Record<string, unknown>,
      request_id: row.requestId,
    })),
  };
}
