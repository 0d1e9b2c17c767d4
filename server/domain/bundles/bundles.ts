import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { activeWhere, type ListResult, type PageRequest, pageWindow } from "@/server/domain/list";
import type { Prisma } from "@/server/generated/prisma/client";
import type { BundleTemplateDetailOut, BundleTemplateOut } from "@/server/schemas/bundles";
import { type BundleDetailRecord, bundleDetailInclude, presentBundle, presentBundleDetail } from "./present";

export async function listBundles(
  ctx: Ctx,
  q: { active?: string; reference?: string; page?: PageRequest },
): Promise<ListResult<BundleTemplateOut>> {
  const where: Prisma.BundleTemplateWhereInput = {
    accountId: ctx.accountId,
    ...activeWhere(q.active),
    ...(q.reference !== undefined ? { reference: q.reference } : {}),
  };
  const count = q.page ? await ctx.db.bundleTemplate.count({ where }) : 0;
  const rows = await ctx.db.bundleTemplate.findMany({
    where,
    include: { _count: { select: { items: true } } },
    orderBy: { id: "asc" },
    ...pageWindow(q.page, count),
  });
  return { results: rows.map(presentBundle), count: q.page ? count : rows.length, page: q.page };
}

export async function loadBundle(ctx: Ctx, id: number, active?: string): Promise<BundleDetailRecord> {
  const b = await ctx.db.bundleTemplate.findFirst({
    where: { id, accountId: ctx.accountId, ...activeWhere(active) },
    include: bundleDetailInclude,
  });
  if (!b) throw notFound();
  return b;
}

export async function getBundle(ctx: Ctx, id: number, q: { active?: string } = {}): Promise<BundleTemplateDetailOut> {
  return presentBundleDetail(await loadBundle(ctx, id, q.active), ctx.clock.now());
}
