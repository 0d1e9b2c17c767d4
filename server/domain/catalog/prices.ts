// Catalog prices: list, read, create, and scheduling a new price version (amounts change from a date).
import type { Ctx } from "@/server/domain/context";
import { invalid, invalidFields, notFound } from "@/server/domain/errors";
import { activeWhere, type ListResult, type PageRequest, type PageWindow, pagedList } from "@/server/domain/list";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CatalogPriceOut } from "@/server/schemas/catalog";
import type { PriceCreateInput } from "@/server/schemas/catalogInputs";
import { presentPrice, priceInclude } from "./present";
import { checkUsageTerms, versionTerms } from "./usageTerms";
import { applyVersionSchedule, scheduleStart, type VersionScheduleInput } from "./versionSchedule";

export interface PriceListQuery {
  active?: string;
  product?: string;
  reference?: string;
  currency?: string;
  billing_type?: string;
  recurrence_type?: string;
  page?: PageRequest;
}

export async function listPrices(ctx: Ctx, query: PriceListQuery): Promise<ListResult<CatalogPriceOut>> {
  const where: Prisma.CatalogPriceWhereInput = { accountId: ctx.accountId, ...activeWhere(query.active) };
  if (query.product !== undefined) {
    // `product` is an integer id or a product reference (a numeric string may be either)
    const byRef = { product: { reference: query.product } };
    where.OR = /^\d{1,9}$/.test(query.product) ? [{ productId: Number(query.product) }, byRef] : [byRef];
  }
  if (query.reference !== undefined) where.reference = query.reference;
  if (query.currency !== undefined) where.currency = query.currency.toUpperCase();
  if (query.billing_type !== undefined) where.billingType = query.billing_type;
  if (query.recurrence_type !== undefined) where.recurrenceType = query.recurrence_type;
  const now = ctx.clock.now();
  const rows = (window: PageWindow) =>
    ctx.db.catalogPrice.findMany({ where, include: priceInclude, orderBy: { id: "asc" }, ...window });
  return pagedList(
    query.page,
    () => ctx.db.catalogPrice.count({ where }),
    rows,
    (p) => presentPrice(p, now),
  );
}

export async function getPrice(ctx: Ctx, id: number, query: { active?: string } = {}): Promise<CatalogPriceOut> {
  const price = await ctx.db.catalogPrice.findFirst({
    where: { id, accountId: ctx.accountId, ...activeWhere(query.active) },
    include: priceInclude,
  });
  if (!price) throw notFound();
  return presentPrice(price, ctx.clock.now());
}

export type PriceInput = Omit<PriceCreateInput, "reference"> & {
  reference?: string | null;
  metadata?: Record<string, unknown>;
};

export async function createPrice(ctx: Ctx, input: PriceInput): Promise<CatalogPriceOut> {
  const product = await ctx.db.catalogProduct.findFirst({ where: { id: input.product_id, accountId: ctx.accountId } });
  if (!product) throw invalid("product_id", "Product not found.");
  const errors: Record<string, string[]> = {};
  const recurring = input.billing_type === "recurring";
  if (recurring && !input.interval && !input.billing_schedule_id)
    errors.interval = ["A recurring price needs an interval or a billing schedule."];
  if (!recurring && (input.interval || input.billing_day_of_month || input.billing_schedule_id))
    errors.billing_type = ["A one-time price has no interval, billing day or schedule."];
  if (input.billing_day_of_month != null && !(input.interval === "month" || input.interval === "year"))
    errors.billing_day_of_month = ["A fixed billing day needs a monthly or yearly interval."];
  if (input.billing_schedule_id != null) {
    const schedule = await ctx.db.billingSchedule.findFirst({
      where: { id: input.billing_schedule_id, accountId: ctx.accountId },
    });
    if (!schedule) errors.billing_schedule_id = ["Billing schedule not found."];
    else if (!schedule.active) errors.billing_schedule_id = ["This billing schedule is deactivated."];
  }
  if (input.reference) {
    const clash = await ctx.db.catalogPrice.findFirst({
      where: { accountId: ctx.accountId, reference: input.reference },
    });
    if (clash) errors.reference = ["A price with this reference already exists."];
  }
  const usage = await checkUsageTerms(ctx, input, errors);
  if (Object.keys(errors).length) throw invalidFields(errors);
  const price = await ctx.db.catalogPrice.create({
    data: {
      accountId: ctx.accountId,
      productId: product.id,
      reference: input.reference || null,
      currency: input.currency.toUpperCase(),
      billingType: input.billing_type,
      recurrenceType: recurring ? (input.billing_schedule_id ? "billing_schedule" : "interval") : null,
      interval: recurring ? (input.interval ?? null) : null,
      intervalCount: recurring && input.interval ? (input.interval_count ?? 1) : null,
      billingDayOfMonth: input.billing_day_of_month ?? null,
      billingScheduleId: input.billing_schedule_id ?? null,
      active: input.active ?? true,
      metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
      usageType: usage.usageType,
      metricId: usage.metricId,
      usageThresholds: usage.thresholds,
      versions: { create: { unitAmount: usage.unitAmount, pricingModel: usage.pricingModel ?? undefined } },
    },
  });
  return getPrice(ctx, price.id, { active: "all" });
}

/** Schedules a new amount from `effective_from` (must be in the future); see applyVersionSchedule. */
export async function schedulePriceVersion(
  ctx: Ctx,
  priceId: number,
  input: VersionScheduleInput,
): Promise<CatalogPriceOut> {
  const from = scheduleStart(ctx, input);
  const terms = await versionTerms(ctx, priceId, input);
  await ctx.db.$transaction((tx) => applyVersionSchedule(tx, ctx, priceId, from, terms));
  return getPrice(ctx, priceId, { active: "all" });
}
