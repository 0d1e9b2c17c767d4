// Item changes of spec 4.6 (add, update, remove) as planners for the shared operation flow.

import { prorationDiscount, withCoupon } from "@/server/domain/coupons/terms";
import { DomainError, invalid } from "@/server/domain/errors";
import { dec, fmt4n } from "@/server/domain/money";
import type { PricingRecord } from "@/server/domain/offers/terms";
import { periodContaining } from "@/server/domain/pricing/periods";
import { Prisma } from "@/server/generated/prisma/client";
import type { ItemAddInput, ItemRemoveInput, ItemUpdateInput } from "@/server/schemas/contracts";
import { type ContractRecord, notAllowed } from "./contractRows";
import { contractAnchor, itemLine, type ProrationLine, prorate } from "./lines";
import type { Plan, PlanArgs } from "./operationFlow";
import { cancelPendingChanges } from "./scheduledChanges";

type Item = ContractRecord["items"][number];

function changeable(c: ContractRecord) {
  if (c.state === "canceled" || c.state === "ended") throw notAllowed(c, "change items of");
}

function findItem(contract: ContractRecord, id: number): Item {
  const item = contract.items.find((i) => i.id === id && i.status === "active");
  if (!item) throw invalid("contract_item", `Contract item ${id} is not an active item of this contract.`);
  return item;
}

const cadence = (p: Pick<PricingRecord, "interval" | "intervalCount" | "billingScheduleId">) =>
  `${p.interval}|${p.intervalCount}|${p.billingScheduleId}`;

function checkPrice(args: PlanArgs<unknown>, priceId: number, like?: PricingRecord): PricingRecord {
  const price = args.catalog.prices.get(priceId);
  if (!price?.active || !price.product.active) throw invalid("price", `Price ${priceId} not found or inactive.`);
  if (price.billingType !== "recurring") throw invalid("price", `Price ${priceId} is not a recurring price.`);
  if (price.currency !== args.contract.currency)
    throw invalid("price", `Price ${priceId} is in ${price.currency}; the contract is in ${args.contract.currency}.`);
  if (price.billingDayOfMonth && args.contract.fixedDay && price.billingDayOfMonth !== args.contract.fixedDay)
    throw invalid(
      "price",
      `Price ${priceId} bills on day ${price.billingDayOfMonth}; the contract bills on day ${args.contract.fixedDay}.`,
    );
  // spec 4.9: a fixed day moves every item of the contract to it; an item change cannot re-anchor a contract
  if (price.billingDayOfMonth && !args.contract.fixedDay)
    throw invalid(
      "price",
      `Price ${priceId} bills on day ${price.billingDayOfMonth}; the contract has no fixed billing day.`,
    );
  if (like && cadence(like) !== cadence(price))
    throw invalid("price", `Price ${priceId} has a different billing interval than the current price.`);
  return price;
}

function checkEffective(at: Date, period: { start: Date; end: Date } | null) {
  if (period && (at < period.start || at >= period.end))
    throw invalid("effective_at", "effective_at must fall within the item's current service period.");
}

export function planAddItem(args: PlanArgs<ItemAddInput>): Plan {
  const { contract, input, at, catalog } = args;
  changeable(contract);
  const price = checkPrice(args, input.price);
  const billing = contract.state !== "inactive";
  const draft = {
    id: 0,
    priceId: price.id,
    quantity: input.quantity ?? 1,
    unitAmountOverride: input.unit_amount_override != null ? new Prisma.Decimal(input.unit_amount_override) : null,
    discountPercent: input.discount_percent != null ? new Prisma.Decimal(input.discount_percent) : null,
    startAt: null,
    endAt: null,
    source: "items",
    bundleItemId: null,
    ruleId: null,
    metadata: {},
  };
  const line = withCoupon(itemLine(catalog, draft), prorationDiscount(contract.discount, contract.currency, at), false);
  // the new item's current period is the one containing now (not effective_at, which would always fit its own period)
  // during a trial the new item joins the trial (billed from its end with the others)
  const trial =
    contract.trialStartAt && contract.trialEndAt && args.now < contract.trialEndAt
      ? { start: contract.trialStartAt, end: contract.trialEndAt }
      : null;
  const period = billing ? (trial ?? periodContaining(line.price, contractAnchor(contract), args.now)) : null;
  checkEffective(at, period);
  const charge = period && args.prorate ? prorate(line, null, period, at, period.end, 1, "item_added") : null;
  return {
    lines: charge ? [charge] : [],
    resultingState: contract.state,
    continues: true,
    apply: async (tx) => {
      const item = await tx.contractItem.create({
        data: {
          contractId: contract.id,
          priceId: price.id,
          productId: price.productId,
          quantity: draft.quantity,
          unitAmountOverride: input.unit_amount_override ?? null,
          discountPercent: input.discount_percent ?? null,
          source: "items",
          periodStartAt: period?.start ?? null,
          periodEndAt: period?.end ?? null,
          startAt: at > (period?.start ?? at) ? at : null,
          createdAt: args.now,
        },
      });
      if (charge) charge.contractItemId = item.id;
      return { event: "subscription_contract.updated", contractItemId: item.id };
    },
  };
}

export function planUpdateItem(args: PlanArgs<ItemUpdateInput>): Plan {
  const { contract, input, at, catalog } = args;
  changeable(contract);
  const item = findItem(contract, input.contract_item);
  const current = catalog.prices.get(item.priceId)!;
  const next = { ...item };
  const changed: string[] = [];
  if (input.price !== undefined && input.price !== item.priceId) {
    checkPrice(args, input.price, current);
    next.priceId = input.price;
    changed.push("price_changed");
  }
  if (input.quantity !== undefined && input.quantity !== item.quantity) {
    next.quantity = input.quantity;
    changed.push("quantity_changed");
  }
  const sameDec = (x: Prisma.Decimal | null, y: string | null | undefined) =>
    x == null ? y == null : y != null && dec(x).eq(dec(y));
  if (input.unit_amount_override !== undefined && !sameDec(item.unitAmountOverride, input.unit_amount_override)) {
    next.unitAmountOverride =
      input.unit_amount_override == null ? null : new Prisma.Decimal(input.unit_amount_override);
    changed.push("unit_amount_changed");
  }
  if (input.discount_percent !== undefined && !sameDec(item.discountPercent, input.discount_percent)) {
    next.discountPercent = input.discount_percent == null ? null : new Prisma.Decimal(input.discount_percent);
    changed.push("discount_changed");
  }
  if (!changed.length)
    throw new DomainError(
      "validation",
      "no change",
      { non_field_errors: ["The request changes nothing on this item."] },
      "no_change",
    );
  const reason = changed.length === 1 ? changed[0] : changed.includes("price_changed") ? "price_changed" : changed[0];
  const period = item.periodStartAt && item.periodEndAt ? { start: item.periodStartAt, end: item.periodEndAt } : null;
  checkEffective(at, period);
  const lines: ProrationLine[] = [];
  if (period && args.prorate) {
    // the period in progress was billed with the discount: its credit and the new charge carry it too
    const coupon = prorationDiscount(contract.discount, contract.currency, at);
    const prorated = (line: ReturnType<typeof itemLine>, sign: 1 | -1) =>
      prorate(withCoupon(line, coupon, false), item.id, period, at, period.end, sign, reason);
    const credit = prorated(itemLine(catalog, item), -1);
    const charge = prorated(itemLine(catalog, next), 1);
    for (const l of [credit, charge]) if (l) lines.push(l);
  }
  return {
    lines,
    resultingState: contract.state,
    continues: true,
    apply: async (tx) => {
      const price = catalog.prices.get(next.priceId)!;
      await tx.contractItem.update({
        where: { id: item.id },
        data: {
          priceId: next.priceId,
          productId: price.productId,
          quantity: next.quantity,
          unitAmountOverride: fmt4n(next.unitAmountOverride),
          discountPercent: fmt4n(next.discountPercent),
          // the old terms stay the item's history up to here (MRR before the change keeps them)
          termsFrom: at,
        },
      });
      // a change made now replaces whatever was scheduled for the item's renewal
      await cancelPendingChanges(tx, contract.id, args.now, item.id);
      return { event: "subscription_contract.updated", contractItemId: item.id };
    },
  };
}

export function planRemoveItem(args: PlanArgs<ItemRemoveInput>): Plan {
  const { contract, input, at, catalog } = args;
  changeable(contract);
  const item = findItem(contract, input.contract_item);
  const period = item.periodStartAt && item.periodEndAt ? { start: item.periodStartAt, end: item.periodEndAt } : null;
  checkEffective(at, period);
  const credit =
    period && args.prorate
      ? prorate(
          withCoupon(itemLine(catalog, item), prorationDiscount(contract.discount, contract.currency, at), false),
          item.id,
          period,
          at,
          period.end,
          -1,
          "item_removed",
        )
      : null;
  return {
    lines: credit ? [credit] : [],
    resultingState: contract.state,
    continues: true,
    apply: async (tx) => {
      await tx.contractItem.update({ where: { id: item.id }, data: { status: "removed", removedAt: at, endAt: at } });
      await cancelPendingChanges(tx, contract.id, args.now, item.id);
      return { event: "subscription_contract.updated", contractItemId: item.id };
    },
  };
}
