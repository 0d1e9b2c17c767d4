// Priced offer → the Quote of spec 2.5.
import type { CompiledOffer } from "../offers/compile";
import { fmt4 } from "../money";
import type { PricedLine, PricedOffer } from "../pricing/engine";
import type { InitialLineOut, QuoteOut, RecurringLineOut } from "../../schemas/quotes";
import { iso } from "../time";

// tax rates print the same for every line of a price
const rateTexts = new WeakMap<PricedLine["input"]["price"], string | null>();
function rateText(p: PricedLine["input"]["price"]): string | null {
  let t = rateTexts.get(p);
  if (t === undefined) rateTexts.set(p, (t = p.taxRate && p.taxPolicy ? fmt4(p.taxRate) : null));
  return t;
}

/** An initial (one-time) line: the first fields of a recurring line (initial lines are few; this copy is cheap). */
function initialLine(l: PricedLine): InitialLineOut {
  const {
    bundle_item_id, rule_id, interval, interval_count, service_period_start_at, service_period_end_at, proration_factor, renewal_price_version_id,
    renewal_unit_amount, renewal_service_period_start_at, renewal_service_period_end_at, renewal_proration_factor, renewal_line_subtotal_amount,
    renewal_line_tax_amount, renewal_line_total_amount, renewal_explanation, ...line
  } = presentRecurringLine({ ...l, renewal: l.first }); // an initial line has no renewal: those fields are dropped
  return line;
}

/** ISO strings of the instants lines share (their periods), formatted once per quote. */
function isoMemo() {
  const seen = new Map<number, string>();
  const of = (d: Date) => {
    let s = seen.get(+d);
    if (s === undefined) seen.set(+d, (s = iso(d)));
    return s;
  };
  return { of, orNull: (d: Date | null | undefined) => (d ? of(d) : null) };
}

export function presentRecurringLine(l: PricedLine, dates = isoMemo()): RecurringLineOut {
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
    service_period_start_at: dates.of(l.service.start),
    service_period_end_at: dates.of(l.service.end),
    proration_factor: a.text.factor,
    renewal_price_version_id: r.versionId,
    renewal_unit_amount: r.text.unitAmount,
    renewal_service_period_start_at: dates.orNull(l.renewalService?.start),
    renewal_service_period_end_at: dates.orNull(l.renewalService?.end),
    renewal_proration_factor: r.text.factor,
    renewal_line_subtotal_amount: r.text.subtotal,
    renewal_line_tax_amount: r.text.tax,
    renewal_line_total_amount: r.text.lineTotal,
    renewal_explanation: r.explanation,
  };
}

export function presentQuote(c: CompiledOffer, q: PricedOffer, metadata: Record<string, unknown>): QuoteOut {
  const dates = isoMemo();
  const lead = q.recurring.find((l) => +l.period.end === +q.periodEnd)?.input.price;
  return {
    input_mode: c.inputMode,
    bundle_template_id: c.bundleTemplateId,
    bundle_quantity: c.bundleQuantity,
    currency: c.offer.currency,
    customer_reference: c.customer?.reference ?? null,
    period_start_at: iso(q.start),
    period_end_at: iso(q.periodEnd),
    subtotal_amount: fmt4(q.firstRun.subtotal),
    tax_amount: fmt4(q.firstRun.tax),
    total_amount: fmt4(q.firstRun.total),
    first_period_recurring_subtotal_amount: fmt4(q.firstPeriod.subtotal),
    first_period_recurring_tax_amount: fmt4(q.firstPeriod.tax),
    first_period_recurring_total_amount: fmt4(q.firstPeriod.total),
    recurring_subtotal_amount: fmt4(q.renewal.subtotal),
    recurring_tax_amount: fmt4(q.renewal.tax),
    recurring_total_amount: fmt4(q.renewal.total),
    billing_schedule_preview: {
      kind: q.schedule.kind,
      timezone: lead?.schedule?.timezone ?? c.offer.timezone,
      billing_time: c.offer.billingTime,
      interval: lead?.interval ?? null,
      interval_count: lead?.intervalCount ?? null,
      billing_day_of_month: q.schedule.kind === "fixed_day_of_month" ? (lead?.billingDayOfMonth ?? c.offer.fixedDay) : null,
      billing_schedule_id: lead?.schedule?.id ?? null,
      next_billing_dates: q.schedule.nextBillingDates.map(iso),
    },
    recurring_items: q.recurring.map((l) => presentRecurringLine(l, dates)),
    initial_lines: q.initial.map(initialLine),
    metadata,
  };
}
