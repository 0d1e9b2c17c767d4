// Reading bundle templates (spec: bundle-templates): the list and one template with its items and prices.
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { type CatalogListQuery, catalogWhere, type ListResult, type PageWindow, pagedList } from "@/server/domain/list";
import type { Prisma } from "@/server/generated/prisma/client";
import type { BundleTemplateDetailOut, BundleTemplateOut } from "@/server/schemas/bundles";
import { type BundleDetailRecord, bundleDetailInclude, presentBundle, presentBundleDetail } from "./present";

export async function listBundles(ctx: Ctx, query: CatalogListQuery): Promise<ListResult<BundleTemplateOut>> {
  const where: Prisma.BundleTemplateWhereInput = catalogWhere(ctx.accountId, query);
  const rows = (window: PageWindow) =>
    ctx.db.bundleTemplate.findMany({
      where,
      include: { _count: { select: { items: true } } },
      orderBy: { id: "asc" },
      ...window,
    });
  return pagedList(query.page, () => ctx.db.bundleTemplate.count({ where }), rows, presentBundle);
}

export async function loadBundle(ctx: Ctx, id: number, active?: string): Promise<BundleDetailRecord> {
  const bundle = await ctx.db.bundleTemplate.findFirst({
    where: { id, ...catalogWhere(ctx.accountId, { active }) },
    include: bundleDetailInclude,
  });
  if (!bundle) throw notFound();
  return bundle;
}

export async function getBundle(ctx: Ctx, id: number, q: { active?: string } = {}): Promise<BundleTemplateDetailOut> {
  return presentBundleDetail(await loadBundle(ctx, id, q.active), ctx.clock.now());
}
