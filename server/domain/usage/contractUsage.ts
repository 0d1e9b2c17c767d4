// A contract's usage in its current periods: per metered item the aggregate so far, its amount by the
// pricing model (the tiers reached), the amount expected by the period's end (an estimate) and the usage by
// day for charts. The same window and amounts the run will bill (billing/usageLines.ts).
// NOTE: the estimate extrapolates linearly from the share of the period elapsed for count and sum metrics;
// max, unique_count and latest metrics are estimated at their value so far (a peak does not grow with time).
import type Decimal from "decimal.js";
import type { PlannableItem } from "@/server/domain/billing/plan";
import { readUsage, type UsageReadings, usageAmounts, usageWindow } from "@/server/domain/billing/usageLines";
import type { Ctx } from "@/server/domain/context";
import { itemLine } from "@/server/domain/contracts/lines";
import { foundOr404 } from "@/server/domain/errors";
import { dec, fmt4, round4, ZERO } from "@/server/domain/money";
import { type CatalogSnapshot, catalogSnapshot } from "@/server/domain/offers/snapshot";
import { describePricing, priceUsage, type UsagePricingModel } from "@/server/domain/pricing/usagePricing";
import { iso } from "@/server/domain/time";
import type { Aggregation, ContractUsageOut } from "@/server/schemas/usage";
import { type UsageRequest, usageAggregates, usageByDay } from "./aggregate";

const DAY = 86_400_000;
const GROWS: Aggregation[] = ["count", "sum"];

/** The usage expected over the whole window from the usage so far (see the NOTE above). */
export function estimateUsage(aggregation: Aggregation, soFar: Decimal, window: { from: Date; to: Date }, now: Date) {
  const elapsed = Math.min(now.getTime(), window.to.getTime()) - window.from.getTime();
  if (!GROWS.includes(aggregation) || elapsed <= 0) return soFar;
  const whole = window.to.getTime() - window.from.getTime();
  return soFar
    .times(whole)
    .div(elapsed)
    .toDecimalPlaces(aggregation === "count" ? 0 : 12);
}

export async function contractUsage(ctx: Ctx, contractId: number): Promise<ContractUsageOut> {
  // only what the usage reads (not the whole contract record: this is read on every page view)
  const contract = foundOr404(
    await ctx.db.subscriptionContract.findFirst({
      where: { id: contractId, accountId: ctx.accountId },
      select: { id: true, currency: true, trialEndAt: true, items: { orderBy: { id: "asc" } } },
    }),
  );
  const catalog = await catalogSnapshot(ctx);
  const now = ctx.clock.now();
  const items = contract.items.flatMap((item) => {
    const price = catalog.prices.get(item.priceId);
    if (price?.usageType !== "metered" || !price.metric) return [];
    const open = { ...item, periodEndAt: item.periodEndAt && now < item.periodEndAt ? now : item.periodEndAt };
    const whole = usageWindow(item, contract.trialEndAt);
    const soFar = usageWindow(open, contract.trialEndAt);
    if (!whole) return [];
    return [{ item, price, metric: price.metric, whole, soFar }];
  });
  const requests: UsageRequest[] = items.map(({ item, metric, whole, soFar }) => ({
    key: `${item.id}`,
    contractId,
    metricId: metric.id,
    aggregation: metric.aggregation as Aggregation,
    from: whole.from,
    to: soFar?.to ?? whole.from,
  }));
  const [read, byDay] = await Promise.all([
    usageAggregates(ctx, requests),
    Promise.all(requests.map((r) => usageByDay(ctx, r))),
  ]);
  let total = ZERO;
  let estimatedTotal = ZERO;
  const out = items.map(({ item, price, metric, whole, soFar }, index) => {
    const aggregation = metric.aggregation as Aggregation;
    const quantity = read.get(`${item.id}`)?.value ?? ZERO;
    const line = itemLine(catalog, item);
    const describe = `${iso(whole.from).slice(0, 10)} to ${iso(whole.to).slice(0, 10)}`;
    const amounts = usageAmounts(line, quantity, item.periodStartAt!, describe);
    const estimate = estimateUsage(aggregation, quantity, whole, now);
    const estimated = usageAmounts(line, estimate, item.periodStartAt!, describe);
    total = total.plus(amounts.lineTotal);
    estimatedTotal = estimatedTotal.plus(estimated.lineTotal);
    const model = (line.price.versions.find((v) => v.id === amounts.versionId)?.pricing ??
      null) as UsagePricingModel | null;
    const tiers = model ? priceUsage(quantity, model).lines : [];
    const daily: ContractUsageOut["items"][number]["daily"] = [];
    const firstDay = Math.floor(whole.from.getTime() / DAY) * DAY;
    for (let day = firstDay; soFar && day < soFar.to.getTime(); day += DAY) {
      const date = iso(new Date(day)).slice(0, 10);
      daily.push({ date, quantity: (byDay[index].get(date) ?? ZERO).toFixed() });
    }
    const thresholds = (price.usageThresholds ?? []) as string[];
    return {
      contract_item_id: item.id,
      price_id: price.id,
      product_name: price.product.name,
      billable_metric_id: metric.id,
      billable_metric_code: metric.code,
      billable_metric_name: metric.name,
      aggregation,
      pricing_description: describePricing(model),
      period_start_at: iso(whole.from),
      period_end_at: iso(whole.to),
      quantity: quantity.toFixed(),
      amount: fmt4(amounts.lineTotal),
      tiers: tiers.map((t) => ({
        from: t.from.toFixed(),
        to: t.to.toFixed(),
        quantity: t.quantity.toFixed(),
        unit_amount: t.unitAmount.toFixed(),
        flat_amount: fmt4(t.flatAmount),
        amount: fmt4(t.amount),
      })),
      estimated_quantity: estimate.toFixed(),
      estimated_amount: fmt4(estimated.lineTotal),
      thresholds_reached: thresholds.filter((t) => quantity.gte(dec(t))),
      daily,
    };
  });
  return {
    contract_id: contractId,
    currency: contract.currency,
    as_of: iso(now),
    amount: fmt4(round4(total)),
    estimated_amount: fmt4(round4(estimatedTotal)),
    estimate_method:
      "count and sum metrics: the usage so far × the period's length ÷ the time elapsed; max, unique_count and latest: the value so far",
    items: out,
  };
}

/**
 * The usage each metered item of these contracts is expected to reach by its period's end (estimateUsage), by
 * item id, in one read: what upcoming runs, the next charge and the contract list bill for projected periods.
 */
export async function estimatedUsage(
  ctx: Ctx,
  catalog: CatalogSnapshot,
  contracts: { id: number; trialEndAt?: Date | null; items: PlannableItem[] }[],
): Promise<UsageReadings> {
  const now = ctx.clock.now();
  const metered = (c: { items: PlannableItem[] }) =>
    c.items.filter((i) => catalog.prices.get(i.priceId)?.usageType === "metered");
  const open = contracts
    .map((c) => ({
      ...c,
      items: metered(c).map((i) => ({ ...i, periodEndAt: i.periodEndAt && now < i.periodEndAt ? now : i.periodEndAt })),
    }))
    .filter((c) => c.items.length);
  if (!open.length) return new Map();
  const soFar = await readUsage(ctx, catalog, open, now, now);
  const out: UsageReadings = new Map();
  for (const contract of contracts)
    for (const item of metered(contract)) {
      const whole = usageWindow(item, contract.trialEndAt);
      const metric = catalog.prices.get(item.priceId)?.metric;
      if (!whole || !metric) continue;
      out.set(item.id, estimateUsage(metric.aggregation as Aggregation, soFar.get(item.id) ?? ZERO, whole, now));
    }
  return out;
}
