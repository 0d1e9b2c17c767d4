// Priced offer → the Quote of spec 2.5.

import { memoized, memoizedOn } from "@/server/domain/boundedMemo";
import { fmt4 } from "@/server/domain/money";
import type { CompiledOffer } from "@/server/domain/offers/compile";
import { type PricedLine, type PricedOffer, sumTotals, type Totals } from "@/server/domain/pricing/engine";
import { iso } from "@/server/domain/time";
import type { InitialLineOut, QuoteOut, RecurringLineOut } from "@/server/schemas/quotes";

// tax rates print the same for every line of a price
const rateTexts = new WeakMap<PricedLine["input"]["price"], string | null>();
const rateText = (p: PricedLine["input"]["price"]) =>
  memoizedOn(rateTexts, p, () => (p.taxRate && p.taxPolicy ? fmt4(p.taxRate) : null));

/** An initial (one-time) line: the first fields of a recurring line (initial lines are few; this copy is cheap). */
function initialLine(pricedLine: PricedLine): InitialLineOut {
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
  } = presentRecurringLine({ ...pricedLine, renewal: pricedLine.first }); // an initial line has no renewal: those fields are dropped
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

export function presentRecurringLine(line: PricedLine): RecurringLineOut {
  const { input: lineInput, first: amounts } = line;
  const result = line.renewal!;
  // one literal with every field: spreading a shared part costs more than the rest of the line
  return {
    key: lineInput.key,
    source: lineInput.source,
    creates_contract_item: lineInput.createsContractItem,
    price_id: lineInput.price.id,
    price_version_id: amounts.versionId,
    product_id: lineInput.price.productId,
    product_name: lineInput.price.productName,
    billing_type: lineInput.price.billingType,
    currency: lineInput.price.currency,
    quantity: lineInput.quantity,
    unit_amount: amounts.text.unitAmount,
    discount_percent: lineInput.discountPercent ? fmt4(lineInput.discountPercent) : null,
    tax_policy: lineInput.price.taxPolicy,
    tax_rate: rateText(lineInput.price),
    line_subtotal_amount: amounts.text.subtotal,
    line_tax_amount: amounts.text.tax,
    line_total_amount: amounts.text.lineTotal,
    explanation: amounts.explanation,
    metadata: lineInput.metadata,
    bundle_item_id: lineInput.refs.bundleItemId ?? null,
    rule_id: lineInput.refs.ruleId ?? null,
    interval: lineInput.price.interval,
    interval_count: lineInput.price.intervalCount,
    service_period_start_at: isoOf(line.service.start),
    service_period_end_at: isoOf(line.service.end),
    proration_factor: amounts.text.factor,
    renewal_price_version_id: result.versionId,
    renewal_unit_amount: result.text.unitAmount,
    renewal_service_period_start_at: isoOrNull(line.renewalService?.start),
    renewal_service_period_end_at: isoOrNull(line.renewalService?.end),
    renewal_proration_factor: result.text.factor,
    renewal_line_subtotal_amount: result.text.subtotal,
    renewal_line_tax_amount: result.text.tax,
    renewal_line_total_amount: result.text.lineTotal,
    renewal_explanation: result.explanation,
  };
}

export function presentQuote(
  compiled: CompiledOffer,
  priced: PricedOffer,
  metadata: Record<string, unknown>,
): QuoteOut {
  const trial = compiled.trial;
  const [firstRun, firstPeriod, renewal] = [
    // during a trial only the one-time initial lines are due now; the first period is billed at its end
    totalsText(trial ? sumTotals(priced.initial.map((l) => l.first)) : priced.firstRun),
    totalsText(priced.firstPeriod),
    totalsText(priced.renewal),
  ];
  const lead = priced.recurring.find((l) => +l.period.end === +priced.periodEnd)?.input.price;
  return {
    input_mode: compiled.inputMode,
    bundle_template_id: compiled.bundleTemplateId,
    bundle_quantity: compiled.bundleQuantity,
    currency: compiled.offer.currency,
    customer_reference: compiled.customer?.reference ?? null,
    period_start_at: iso(priced.start),
    period_end_at: isoOf(priced.periodEnd),
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
      kind: priced.schedule.kind,
      timezone: lead?.schedule?.timezone ?? compiled.offer.timezone,
      billing_time: compiled.offer.billingTime,
      interval: lead?.interval ?? null,
      interval_count: lead?.intervalCount ?? null,
      billing_day_of_month:
        priced.schedule.kind === "fixed_day_of_month" ? (lead?.billingDayOfMonth ?? compiled.offer.fixedDay) : null,
      billing_schedule_id: lead?.schedule?.id ?? null,
      next_billing_dates: priced.schedule.nextBillingDates.map(isoOf),
    },
    recurring_items: priced.recurring.map(presentRecurringLine),
    initial_lines: priced.initial.map(initialLine),
    metadata,
    trial_start_at: trial ? iso(trial.startAt) : null,
    trial_end_at: trial ? iso(trial.endAt) : null,
    first_charge_at: trial ? iso(trial.endAt) : null,
    first_charge_amount: trial ? firstPeriod.total : null,
  };
}
