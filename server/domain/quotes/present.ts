// Priced offer → the Quote of spec 2.5.

import { memoized, memoizedOn } from "@/server/domain/boundedMemo";
import { fmt4 } from "@/server/domain/money";
import type { CompiledOffer } from "@/server/domain/offers/compile";
import type { PricedLine, PricedOffer, Totals } from "@/server/domain/pricing/engine";
import { iso } from "@/server/domain/time";
import type { InitialLineOut, QuoteOut, RecurringLineOut } from "@/server/schemas/quotes";

// tax rates print the same for every line of a price
const rateTexts = new WeakMap<PricedLine["input"]["price"], string | null>();
const rateText = (p: PricedLine["input"]["price"]) =>
  memoizedOn(rateTexts, p, () => (p.taxRate && p.taxPolicy ? fmt4(p.taxRate) : null));

/** An initial (one-time) line: the first fields of a recurring line (initial lines are few; this copy is cheap). */
function initialLine(l: PricedLine): InitialLineOut {
  const {
    bundle_item_id,
    rule_id,
    interval,
    interval_count,
    service_period_start_at,
    service_period_end_at,
    proration_factor,
    renewal_price_version_id,
    renewal_unit_amount,
    renewal_service_period_start_at,
    renewal_service_period_end_at,
    renewal_proration_factor,
    renewal_line_subtotal_amount,
    renewal_line_tax_amount,
    renewal_line_total_amount,
    renewal_explanation,
    ...line
  } = presentRecurringLine({ ...l, renewal: l.first }); // an initial line has no renewal: those fields are dropped
  return line;
}

// period boundaries repeat across quotes (and lines): each instant is formatted once
const isoTexts = new Map<number, string>();
const isoOf = (d: Date): string => memoized(isoTexts, +d, 4096, () => iso(d));
const isoOrNull = (d: Date | null | undefined) => (d ? isoOf(d) : null);

// totals are memoized objects (sumTotals): their API strings are formatted once
const totalsTexts = new WeakMap<Totals, { subtotal: string; tax: string; total: string }>();
const totalsText = (t: Totals) =>
  memoizedOn(totalsTexts, t, () => ({ subtotal: fmt4(t.subtotal), tax: fmt4(t.tax), total: fmt4(t.total) }));

export function presentRecurringLine(l: PricedLine): RecurringLineOut {
  const { input: i, first: a } = l;
  const r = l.renewal!;
  // one literal with every field: spreading a shared part costs more than the rest of the line
  return {
    key: i.key,
    source: i.source,
    creates_contract_item: i.createsContractItem,
    price_id: i.price.id,
    price_version_id: a.versionId,
    product_id: i.price.productId,
    product_name: i.price.productName,
    billing_type: i.price.billingType,
    currency: i.price.currency,
    quantity: i.quantity,
    unit_amount: a.text.unitAmount,
    discount_percent: i.discountPercent ? fmt4(i.discountPercent) : null,
    tax_policy: i.price.taxPolicy,
    tax_rate: rateText(i.price),
    line_subtotal_amount: a.text.subtotal,
    line_tax_amount: a.text.tax,
    line_total_amount: a.text.lineTotal,
    explanation: a.explanation,
    metadata: i.metadata,
    bundle_item_id: i.refs.bundleItemId ?? null,
    rule_id: i.refs.ruleId ?? null,
    interval: i.price.interval,
    interval_count: i.price.intervalCount,
    service_period_start_at: isoOf(l.service.start),
    service_period_end_at: isoOf(l.service.end),
    proration_factor: a.text.factor,
    renewal_price_version_id: r.versionId,
    renewal_unit_amount: r.text.unitAmount,
    renewal_service_period_start_at: isoOrNull(l.renewalService?.start),
    renewal_service_period_end_at: isoOrNull(l.renewalService?.end),
    renewal_proration_factor: r.text.factor,
    renewal_line_subtotal_amount: r.text.subtotal,
    renewal_line_tax_amount: r.text.tax,
    renewal_line_total_amount: r.text.lineTotal,
    renewal_explanation: r.explanation,
  };
}

export function presentQuote(c: CompiledOffer, q: PricedOffer, metadata: Record<string, unknown>): QuoteOut {
  const [firstRun, firstPeriod, renewal] = [totalsText(q.firstRun), totalsText(q.firstPeriod), totalsText(q.renewal)];
  const lead = q.recurring.find((l) => +l.period.end === +q.periodEnd)?.input.price;
  return {
    input_mode: c.inputMode,
    bundle_template_id: c.bundleTemplateId,
    bundle_quantity: c.bundleQuantity,
    currency: c.offer.currency,
    customer_reference: c.customer?.reference ?? null,
    period_start_at: iso(q.start),
    period_end_at: isoOf(q.periodEnd),
    subtotal_amount: firstRun.subtotal,
    tax_amount: firstRun.tax,
    total_amount: firstRun.total,
    first_period_recurring_subtotal_amount: firstPeriod.subtotal,
    first_period_recurring_tax_amount: firstPeriod.tax,
    first_period_recurring_total_amount: firstPeriod.total,
    recurring_subtotal_amount: renewal.subtotal,
    recurring_tax_amount: renewal.tax,
    recurring_total_amount: renewal.total,
    billing_schedule_preview: {
      kind: q.schedule.kind,
      timezone: lead?.schedule?.timezone ?? c.offer.timezone,
      billing_time: c.offer.billingTime,
      interval: lead?.interval ?? null,
      interval_count: lead?.intervalCount ?? null,
      billing_day_of_month:
        q.schedule.kind === "fixed_day_of_month" ? (lead?.billingDayOfMonth ?? c.offer.fixedDay) : null,
      billing_schedule_id: lead?.schedule?.id ?? null,
      next_billing_dates: q.schedule.nextBillingDates.map(isoOf),
    },
    recurring_items: q.recurring.map(presentRecurringLine),
    initial_lines: q.initial.map(initialLine),
    metadata,
  };
}
