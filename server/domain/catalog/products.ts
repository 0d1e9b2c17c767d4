// Catalog products: list, read, create, update; and the account's tax rates as prices reference them.
import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import {
  activeWhere,
  type CatalogListQuery,
  catalogWhere,
  type ListResult,
  type PageWindow,
  pagedList,
} from "@/server/domain/list";
import { fmt4 } from "@/server/domain/money";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CatalogProductDetailOut, CatalogProductOut } from "@/server/schemas/catalog";
import { namedRecordData } from "./namedRecord";
import { presentPrice, presentProduct, priceInclude } from "./present";

const countActivePrices = {
  _count: { select: { prices: { where: { active: true } } } },
} satisfies Prisma.CatalogProductInclude;

export async function listProducts(ctx: Ctx, query: CatalogListQuery): Promise<ListResult<CatalogProductOut>> {
  const where: Prisma.CatalogProductWhereInput = catalogWhere(ctx.accountId, query);
  const rows = (window: PageWindow) =>
    ctx.db.catalogProduct.findMany({ where, include: countActivePrices, orderBy: { id: "asc" }, ...window });
  return pagedList(query.page, () => ctx.db.catalogProduct.count({ where }), rows, presentProduct);
}

export async function getProduct(
  ctx: Ctx,
  id: number,
  query: { active?: string } = {},
): Promise<CatalogProductDetailOut> {
  const filter = activeWhere(query.active);
  const product = await ctx.db.catalogProduct.findFirst({
    where: { id, accountId: ctx.accountId, ...filter },
    include: { ...countActivePrices, prices: { where: filter, include: priceInclude, orderBy: { id: "asc" } } },
  });
  if (!product) throw notFound();
  const now = ctx.clock.now();
  return { ...presentProduct(product), prices: product.prices.map((x) => presentPrice(x, now)) };
}

export interface ProductInput {
  name: string;
  description?: string | null;
  reference?: string | null;
  image_url?: string | null;
  active?: boolean;
  tax_policy?: "inclusive" | "exclusive" | null;
  tax_rate_id?: number | null;
  electronic?: boolean;
  metadata?: Record<string, unknown>;
}

async function checkProductRefs(ctx: Ctx, input: Partial<ProductInput>, selfId?: number) {
  if (input.tax_rate_id != null) {
    const rate = await ctx.db.taxRate.findFirst({ where: { id: input.tax_rate_id, accountId: ctx.accountId } });
    if (!rate) throw invalid("tax_rate_id", "Tax rate not found.");
  }
  if (input.reference) {
    const clash = await ctx.db.catalogProduct.findFirst({
      where: { accountId: ctx.accountId, reference: input.reference, NOT: selfId ? { id: selfId } : undefined },
    });
    if (clash) throw invalid("reference", "A product with this reference already exists.");
  }
}

export async function createProduct(ctx: Ctx, input: ProductInput): Promise<CatalogProductDetailOut> {
  await checkProductRefs(ctx, input);
  const product = await ctx.db.catalogProduct.create({
    data: {
      ...namedRecordData(ctx, input),
      imageUrl: input.image_url ?? null,
      taxPolicy: input.tax_policy ?? null,
      taxRateId: input.tax_rate_id ?? null,
      electronic: input.electronic ?? true,
      metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
    },
  });
  return getProduct(ctx, product.id, { active: "all" });
}

export async function updateProduct(
  ctx: Ctx,
  id: number,
  input: Partial<ProductInput>,
): Promise<CatalogProductDetailOut> {
  const existing = await ctx.db.catalogProduct.findFirst({ where: { id, accountId: ctx.accountId } });
  if (!existing) throw notFound();
  await checkProductRefs(ctx, input, id);
  await ctx.db.catalogProduct.update({
    where: { id },
    data: {
      name: input.name,
      description: input.description,
      reference: input.reference === undefined ? undefined : input.reference || null,
      imageUrl: input.image_url,
      active: input.active,
      taxPolicy: input.tax_policy,
      taxRateId: input.tax_rate_id,
      electronic: input.electronic,
      metadata: input.metadata as Prisma.InputJsonValue | undefined,
    },
  });
  return getProduct(ctx, id, { active: "all" });
}

/** Tax rates of the account, for admin forms. */
export async function listTaxRates(ctx: Ctx) {
  const rows = await ctx.db.taxRate.findMany({ where: { accountId: ctx.accountId }, orderBy: { id: "asc" } });
  return rows.map((r) => ({ id: r.id, name: r.name, percentage: fmt4(r.percentage), active: r.active }));
}
