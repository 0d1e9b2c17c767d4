// Priced offer → the Quote of spec 2.5.
import type { CompiledOffer } from "../offers/compile";
import { fmt4, fmt6 } from "../money";
import type { PricedLine, PricedOffer } from "../pricing/engine";
import type { InitialLineOut, QuoteOut, RecurringLineOut } from "../../schemas/quotes";
import { iso, isoN } from "../time";

function baseLine(l: PricedLine): InitialLineOut {
  const { input: i, first: a } = l;
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
    unit_amount: fmt4(a.unitAmount),
    discount_percent: i.discountPercent ? fmt4(i.discountPercent) : null,
    tax_policy: i.price.taxPolicy,
    tax_rate: i.price.taxRate && i.price.taxPolicy ? fmt4(i.price.taxRate) : null,
    line_subtotal_amount: fmt4(a.subtotal),
    line_tax_amount: fmt4(a.tax),
    line_total_amount: fmt4(a.lineTotal),
    explanation: a.explanation,
    metadata: i.metadata,
  };
}

export function presentRecurringLine(l: PricedLine): RecurringLineOut {
  const r = l.renewal!;
  return {
    ...baseLine(l),
    bundle_item_id: l.input.refs.bundleItemId ?? null,
    rule_id: l.input.refs.ruleId ?? null,
    interval: l.input.price.interval,
    interval_count: l.input.price.intervalCount,
    service_period_start_at: iso(l.service.start),
    service_period_end_at: iso(l.service.end),
    proration_factor: fmt6(l.first.factor),
    renewal_price_version_id: r.versionId,
    renewal_unit_amount: fmt4(r.unitAmount),
    renewal_service_period_start_at: isoN(l.renewalService?.start),
    renewal_service_period_end_at: isoN(l.renewalService?.end),
    renewal_proration_factor: fmt6(r.factor),
    renewal_line_subtotal_amount: fmt4(r.subtotal),
    renewal_line_tax_amount: fmt4(r.tax),
    renewal_line_total_amount: fmt4(r.lineTotal),
    renewal_explanation: r.explanation,
  };
}

export function presentQuote(c: CompiledOffer, q: PricedOffer, metadata: Record<string, unknown>): QuoteOut {
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
    recurring_items: q.recurring.map(presentRecurringLine),
    initial_lines: q.initial.map(baseLine),
    metadata,
  };
}
