// Contract items as pricing-engine lines, and proration lines over part of a service period.
import Decimal from "decimal.js";
import { dec, fmt4, fmt6 } from "@/server/domain/money";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { toTerms } from "@/server/domain/offers/terms";
import { priceAmounts } from "@/server/domain/pricing/amounts";
import { prorationFactor } from "@/server/domain/pricing/periods";
import type { Anchor, LineInput, Period } from "@/server/domain/pricing/types";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { PreviewLineOut } from "@/server/schemas/contracts";
import type { ContractRecord } from "./records";

type Item = ContractRecord["items"][number];

export function contractAnchor(
  c: Pick<ContractRecord, "billingTimezone" | "billingTime" | "fixedDay" | "billingAnchorAt">,
): Anchor {
  return { timezone: c.billingTimezone, billingTime: c.billingTime, fixedDay: c.fixedDay, anchorAt: c.billingAnchorAt };
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
  const a = priceAmounts(
    {
      price: line.price,
      quantity: line.quantity,
      unitAmountOverride: line.unitAmountOverride,
      discountPercent: line.discountPercent,
      factor,
      versionAt: period.start,
    },
    `${reason}, ${iso(start).slice(0, 16)} to ${iso(end).slice(0, 16)} UTC`,
  );
  const s = new Decimal(sign);
  return {
    contractItemId,
    priceId: line.price.id,
    versionId: a.versionId,
    productName: line.price.productName,
    quantity: line.quantity,
    unitAmount: a.unitAmount,
    factor,
    lineTotal: a.lineTotal.times(s),
    subtotal: a.subtotal.times(s),
    tax: a.tax.times(s),
    start,
    end,
    reason,
    description: `${sign < 0 ? "credit: " : ""}${a.explanation}`,
  };
}

export function presentProrationLine(l: ProrationLine): PreviewLineOut {
  return {
    contract_item_id: l.contractItemId,
    price_id: l.priceId,
    price_version_id: l.versionId,
    product_name: l.productName,
    quantity: l.quantity,
    unit_amount: fmt4(l.unitAmount),
    proration_factor: fmt6(l.factor),
    line_total_amount: fmt4(l.lineTotal),
    line_subtotal_amount: fmt4(l.subtotal),
    line_tax_amount: fmt4(l.tax),
    service_period_start_at: iso(l.start),
    service_period_end_at: iso(l.end),
    proration_reason: l.reason,
    description: l.description,
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
