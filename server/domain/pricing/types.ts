// Inputs and outputs of the pure pricing engine. Amounts are decimal.js; times are Date instants.
import type Decimal from "decimal.js";
import type { Interval, ScheduleRule } from "./calendar";
import type { UsagePricingModel } from "./usagePricing";

export interface VersionTerms {
  id: number;
  unitAmount: Decimal;
  effectiveFrom: Date | null;
  effectiveTo: Date | null;
  /** tiers or packages instead of unit × quantity (metered prices always have one) */
  pricing?: UsagePricingModel | null;
}

export interface PriceTerms {
  id: number;
  productId: number;
  productName: string;
  currency: string;
  billingType: "recurring" | "one_time";
  /** metered: the usage of `metricId` in each period, billed in arrears (billing/usageLines.ts) */
  usageType?: "licensed" | "metered";
  metricId?: number | null;
  interval: Interval | null;
  intervalCount: number | null;
  billingDayOfMonth: number | null;
  schedule: { id: number; timezone: string; rules: ScheduleRule[] } | null;
  versions: VersionTerms[];
  taxPolicy: "inclusive" | "exclusive" | null;
  /** percent, e.g. 24 */
  taxRate: Decimal | null;
  taxRateName?: string | null;
}

export type LineSource = "bundle_item" | "items" | "additional_items" | "additional_bundles" | "initial_items";

export interface LineInput {
  key: string;
  source: LineSource;
  price: PriceTerms;
  quantity: number;
  unitAmountOverride: Decimal | null;
  discountPercent: Decimal | null;
  /** a percentage coupon on this line (extension, see pricing/coupon.ts) */
  coupon?: LineCoupon | null;
  startAt: Date | null;
  endAt: Date | null;
  createsContractItem: boolean;
  refs: { bundleItemId?: number; ruleId?: number; bundleTemplateId?: number };
  metadata: Record<string, unknown>;
}

/**
 * Where billing periods are anchored: a billing time zone and time of day, an optional fixed day of
 * month, and the anchor instant (a contract's billing_anchor_at) whose day of month anchor-less
 * monthly/yearly periods keep (Jan 31 → Feb 28 → Mar 31).
 */
export interface Anchor {
  timezone: string;
  billingTime: string;
  fixedDay: number | null;
  anchorAt: Date;
}

export interface Offer extends Anchor {
  start: Date;
  currency: string;
  recurring: LineInput[];
  initial: LineInput[];
}

export interface Period {
  start: Date;
  end: Date;
}

export interface PricedAmounts {
  /** identifies a computed result (memoized results are shared) */
  id: number;
  unitAmount: Decimal;
  versionId: number | null;
  factor: Decimal;
  lineTotal: Decimal;
  tax: Decimal;
  subtotal: Decimal;
  total: Decimal;
  explanation: string;
  text: AmountTexts;
}

/** Amounts as the API prints them: four fraction digits (the factor six). */
export interface AmountTexts {
  unitAmount: string;
  factor: string;
  lineTotal: string;
  tax: string;
  subtotal: string;
}

/**
 * A percentage coupon as a line sees it: composed multiplicatively with the line's own discount_percent
 * (unit × quantity × (1 − d) × (1 − c) × factor, rounded once). `renews`: whether it also prices the
 * next period (false when the coupon covers the first run only).
 */
export interface LineCoupon {
  percent: Decimal;
  label: string;
  renews: boolean;
}
