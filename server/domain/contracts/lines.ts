// Contract items as pricing-engine lines, and proration lines over part of a service period.
import Decimal from "decimal.js";
import { dec, fmt4, fmt6 } from "@/server/domain/money";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { toTerms } from "@/server/domain/offers/terms";
import { priceAmounts } from "@/server/domain/pricing/amounts";
import { prorationFactor } from "@/server/domain/pricing/periods";
import type { Anchor, LineInput, Period, PricedAmounts } from "@/server/domain/pricing/types";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { PreviewLineOut } from "@/server/schemas/contracts";
import type { ContractRecord } from "./contractRows";

type Item = ContractRecord["items"][number];

export function contractAnchor(
  c: Pick<ContractRecord, "billingTimezone" | "billingTime" | "fixedDay" | "billingAnchorAt">,
): Anchor {
  return { timezone: c.billingTimezone, billingTime: c.billingTime, fixedDay: c.fixedDay, anchorAt: c.billingAnchorAt };
}

/** A line's amounts for `factor` of a period, at the price version in effect at `versionAt`. */
export function lineAmounts(line: LineInput, factor: Decimal, versionAt: Date, describePeriod: string): PricedAmounts {
  const { price, quantity, unitAmountOverride, discountPercent, coupon } = line;
  return priceAmounts(
    { price, quantity, unitAmountOverride, discountPercent, coupon, factor, versionAt },
    describePeriod,
  );
}

export function itemLine(
  catalog: CatalogSnapshot,
  item: Pick<
    Item,
    | "id"
    | "priceId"
    | "quantity"
    | "unitAmountOverride"
    | "discountPercent"
    | "startAt"
    | "endAt"
    | "source"
    | "bundleItemId"
    | "ruleId"
    | "metadata"
  >,
): LineInput {
  const price = catalog.prices.get(item.priceId);
  if (!price) throw new Error(`price ${item.priceId} of contract item ${item.id} is missing from the catalog`);
  return {
    key: `contract_item:${item.id}`,
    source: item.source as LineInput["source"],
    price: toTerms(price),
    quantity: item.quantity,
    unitAmountOverride: item.unitAmountOverride ? dec(item.unitAmountOverride) : null,
    discountPercent: item.discountPercent ? dec(item.discountPercent) : null,
    startAt: item.startAt,
    endAt: item.endAt,
    createsContractItem: true,
    refs: { bundleItemId: item.bundleItemId ?? undefined, ruleId: item.ruleId ?? undefined },
    metadata: (item.metadata ?? {}) as Record<string, unknown>,
  };
}

export interface ProrationLine {
  contractItemId: number | null;
  priceId: number;
  versionId: number | null;
  productName: string;
  quantity: number;
  unitAmount: Decimal;
  factor: Decimal;
  lineTotal: Decimal;
  subtotal: Decimal;
  tax: Decimal;
  start: Date;
  end: Date;
  reason: string;
  description: string;
}

/**
 * The amount of `line` for [from, to) of the item's period, signed (+1 charge, −1 credit), priced at the
 * version in effect at the period's start (the version the period was billed at).
 */
export function prorate(
  line: LineInput,
  contractItemId: number | null,
  period: Period,
  from: Date,
  to: Date,
  sign: 1 | -1,
  reason: string,
): ProrationLine | null {
  const start = from > period.start ? from : period.start;
  const end = to < period.end ? to : period.end;
  if (end <= start) return null;
  const factor = prorationFactor(period, start, end);
  if (factor.isZero()) return null;
  const amounts = lineAmounts(
    line,
    factor,
    period.start,
    `${reason}, ${iso(start).slice(0, 16)} to ${iso(end).slice(0, 16)} UTC`,
  );
  const subtotal = new Decimal(sign);
  return {
    contractItemId,
    priceId: line.price.id,
    versionId: amounts.versionId,
    productName: line.price.productName,
    quantity: line.quantity,
    unitAmount: amounts.unitAmount,
    factor,
    lineTotal: amounts.lineTotal.times(subtotal),
    subtotal: amounts.subtotal.times(subtotal),
    tax: amounts.tax.times(subtotal),
    start,
    end,
    reason,
    description: `${sign < 0 ? "credit: " : ""}${amounts.explanation}`,
  };
}

export function presentProrationLine(line: ProrationLine): PreviewLineOut {
  return {
    contract_item_id: line.contractItemId,
    price_id: line.priceId,
    price_version_id: line.versionId,
    product_name: line.productName,
    quantity: line.quantity,
    unit_amount: fmt4(line.unitAmount),
    proration_factor: fmt6(line.factor),
    line_total_amount: fmt4(line.lineTotal),
    line_subtotal_amount: fmt4(line.subtotal),
    line_tax_amount: fmt4(line.tax),
    service_period_start_at: iso(line.start),
    service_period_end_at: iso(line.end),
    proration_reason: line.reason,
    description: line.description,
  };
}

export const lineGross = (l: ProrationLine) => l.subtotal.plus(l.tax);

type PendingRow = Prisma.PendingLineGetPayload<object>;

/** A pending line as the billing-run line that finally bills it. */
export function pendingAsRunLine({
  id: _i,
  accountId: _a,
  contractId: _c,
  billingRunId: _b,
  createdAt: _d,
  ...line
}: PendingRow) {
  return { ...line, kind: "proration" as const };
}
