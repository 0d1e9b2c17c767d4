// Metered items bill the usage of the period just ended (in arrears), on the run that renews it. The window a
// period's usage is counted over, the reading of many windows at once, and the line: pure apart from
// readUsage (one statement for a whole chunk of contracts, so the bulk path stays set-based).
// NOTE: usage during a trial is free (the window starts at the trial end), usage while paused is billed as
// measured, and an item removed mid-period bills its usage up to the removal on the next run.
import type Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { fmt4, MoneyDecimal, round4, ZERO } from "@/server/domain/money";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { amountTexts, nextAmountId, taxOf, versionAt } from "@/server/domain/pricing/amounts";
import type { LineInput, PricedAmounts } from "@/server/domain/pricing/types";
import { describePricing, priceUsage } from "@/server/domain/pricing/usagePricing";
import { usageAggregates } from "@/server/domain/usage/aggregate";
import type { Aggregation } from "@/server/schemas/usage";

/** A metered item's aggregate over its usage window, by item id. */
export type UsageReadings = Map<number, Decimal>;

interface WindowItem {
  startAt: Date | null;
  endAt: Date | null;
  periodStartAt: Date | null;
  periodEndAt: Date | null;
}

/** The part of the item's current period whose usage it bills: after the trial, before its end; null if none. */
export function usageWindow(item: WindowItem, trialEndAt: Date | null | undefined): { from: Date; to: Date } | null {
  if (!item.periodStartAt || !item.periodEndAt) return null;
  let from = item.periodStartAt;
  if (item.startAt && item.startAt > from) from = item.startAt;
  if (trialEndAt && trialEndAt > from) from = trialEndAt;
  const to = item.endAt && item.endAt < item.periodEndAt ? item.endAt : item.periodEndAt;
  return from < to ? { from, to } : null;
}

/** Whether the catalog prices the item by usage. */
export const isMeteredItem = (catalog: CatalogSnapshot, item: { priceId: number }) =>
  catalog.prices.get(item.priceId)?.usageType === "metered";

interface ReadableContract {
  id: number;
  trialEndAt?: Date | null;
  items: (WindowItem & { id: number; priceId: number; status: string })[];
}

/**
 * The usage of every metered item whose period ends by `at` (or, with `until`, of every metered item up to
 * then: the final usage of an ending contract, or the usage to date), for many contracts in one statement.
 */
export async function readUsage<C extends ReadableContract>(
  ctx: Pick<Ctx, "db" | "accountId">,
  catalog: CatalogSnapshot,
  contracts: C[],
  at: Date | ((contract: C) => Date),
  until?: Date,
): Promise<UsageReadings> {
  const requests = [];
  for (const contract of contracts) {
    const due = typeof at === "function" ? at(contract) : at;
    for (const item of contract.items) {
      const price = catalog.prices.get(item.priceId);
      if (price?.usageType !== "metered" || !price.metric || !item.periodEndAt) continue;
      if (!until && item.periodEndAt > due) continue;
      const bounded = until && until < item.periodEndAt ? { ...item, periodEndAt: until } : item;
      const window = usageWindow(bounded, contract.trialEndAt);
      if (!window) continue;
      requests.push({
        key: String(item.id),
        contractId: contract.id,
        metricId: price.metric.id,
        aggregation: price.metric.aggregation as Aggregation,
        ...window,
      });
    }
  }
  const aggregates = await usageAggregates(ctx, requests);
  return new Map([...aggregates].map(([key, a]) => [Number(key), a.value]));
}

/**
 * A usage line's amounts: the aggregate priced by the model of the version in effect when the period started,
 * less the item's discount and a percentage coupon, rounded once; tax as for every line.
 */
export function usageAmounts(line: LineInput, quantity: Decimal, periodStart: Date, describe: string): PricedAmounts {
  const version = versionAt(line.price.versions, periodStart);
  const model = version?.pricing ?? null;
  const priced = model ? priceUsage(quantity, model) : { amount: ZERO, explanation: "" };
  const discount = line.discountPercent ?? ZERO;
  const coupon = line.coupon?.percent ?? ZERO;
  const hundred = new MoneyDecimal(100);
  const lineTotal = round4(priced.amount.times(hundred.minus(discount).div(100)).times(hundred.minus(coupon).div(100)));
  const { tax, subtotal, note } = taxOf(line.price, lineTotal);
  const parts = [
    `usage ${quantity.toFixed()} (${describe}), ${describePricing(model)}`,
    priced.explanation ? `: ${priced.explanation}` : "",
    version ? ` (price ${line.price.id} version ${version.id})` : "",
    discount.isZero() ? "" : ` x (1 - ${discount.toFixed()}% discount)`,
    coupon.isZero() ? "" : ` x (1 - ${coupon.toFixed()}% coupon ${line.coupon!.label})`,
  ];
  const one = new MoneyDecimal(1);
  // the stored unit amount: what one unit cost on average (the explanation has the exact tiers)
  const unit = quantity.gt(0) ? round4(priced.amount.div(quantity)) : ZERO;
  return Object.freeze({
    id: nextAmountId(),
    unitAmount: unit,
    versionId: version?.id ?? null,
    factor: one,
    lineTotal,
    tax,
    subtotal,
    total: subtotal.plus(tax),
    explanation: `${parts.join("")} = ${fmt4(lineTotal)}${note}`,
    text: amountTexts(unit, one, lineTotal, tax, subtotal),
  });
}
