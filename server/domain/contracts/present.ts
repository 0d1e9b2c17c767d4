// Contract records → the SubscriptionContract of spec 2.6.

import { dec, fmt4, fmt4n } from "@/server/domain/money";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { versionAt } from "@/server/domain/pricing/amounts";
import { iso, isoN } from "@/server/domain/time";
import type { ContractItemOut, ContractOut, ContractPauseOut } from "@/server/schemas/contracts";
import type { ContractRecord } from "./records";
import { itemEntitledUntil, serviceStateAt } from "./serviceState";
import { subscriberPage } from "./subscriberPage";

type Pause = ContractRecord["pauses"][number];

export function presentPause(p: Pause): ContractPauseOut {
  return {
    id: p.id,
    start_date: iso(p.startAt),
    end_date: iso(p.endAt),
    state: p.state as ContractPauseOut["state"],
    reason: p.reason,
    canceled_at: isoN(p.canceledAt),
    created_at: iso(p.createdAt),
  };
}

export function presentContract(
  c: ContractRecord,
  catalog: CatalogSnapshot,
  now: Date,
  subscriberBase: string,
  initialRun: ContractRecord["billingRuns"][number] | null = null,
): ContractOut {
  const service = serviceStateAt(c, now);
  const live = c.pauses.filter((p) => p.state !== "canceled");
  const current = live.filter((p) => p.startAt <= now && now < p.endAt);
  const future = live.filter((p) => p.startAt > now);
  const past = c.pauses.filter((p) => p.state === "canceled" || p.endAt <= now);
  const items: ContractItemOut[] = c.items.map((i) => {
    const price = catalog.prices.get(i.priceId);
    const version = price
      ? versionAt(
          price.versions.map((v) => ({ ...v, unitAmount: dec(v.unitAmount) })),
          now,
        )
      : null;
    return {
      id: i.id,
      price_id: i.priceId,
      product_id: i.productId,
      product_name: price?.product.name ?? "",
      quantity: i.quantity,
      unit_amount: fmt4(i.unitAmountOverride ?? version?.unitAmount ?? 0),
      unit_amount_override: fmt4n(i.unitAmountOverride),
      discount_percent: fmt4n(i.discountPercent),
      start_at: isoN(i.startAt),
      end_at: isoN(i.endAt),
      source: i.source,
      bundle_item_id: i.bundleItemId,
      rule_id: i.ruleId,
      status: i.status as "active" | "removed",
      current_service_period_start_at: isoN(servicePeriodStart(c, i)),
      current_service_period_end_at: isoN(i.periodEndAt),
      entitled_until: isoN(itemEntitledUntil(c, i)),
      service_active: service.items.get(i.id) ?? false,
      metadata: i.metadata as Record<string, unknown>,
    };
  });
  const entitled = items.filter((i) => i.service_active);
  const run = (r: ContractRecord["billingRuns"][number] | null | undefined) =>
    r
      ? {
          id: r.id,
          kind: r.kind,
          state: r.state,
          period_start_at: iso(r.periodStartAt),
          period_end_at: iso(r.periodEndAt),
          total_amount: fmt4(r.total),
          attempt_count: r.attemptCount,
        }
      : null;
  const credit = c.credits.reduce((a, x) => a.plus(dec(x.amount)), dec(0));
  return {
    id: c.id,
    customer_id: c.customerId,
    customer: { id: c.customer.id, reference: c.customer.reference, name: c.customer.name, email: c.customer.email },
    customer_reference: c.customer.reference,
    state: c.state as ContractOut["state"],
    currency: c.currency,
    recurring: c.recurring,
    contract_version: c.contractVersion,
    billing_anchor_at: iso(c.billingAnchorAt),
    billing_timezone: c.billingTimezone,
    billing_time: c.billingTime,
    billing_advance_policy: c.billingAdvancePolicy as ContractOut["billing_advance_policy"],
    next_billing_at: isoN(c.nextBillingAt),
    trial_start_at: isoN(c.trialStartAt),
    trial_end_at: isoN(c.trialEndAt),
    cancel_at_period_end: c.cancelAtPeriodEnd,
    cancel_at: isoN(c.cancelAt),
    canceled_at: isoN(c.canceledAt),
    ended_at: isoN(c.endedAt),
    service_active: service.active,
    service_state: service.state,
    entitlement_summary: {
      service_active: service.active,
      entitled_until:
        entitled
          .map((i) => i.entitled_until)
          .filter(Boolean)
          .sort()
          .at(-1) ?? null,
      products: entitled.map((i) => ({
        product_id: i.product_id,
        product_name: i.product_name,
        quantity: i.quantity,
        entitled_until: i.entitled_until,
      })),
    },
    billing_attention_required: c.billingAttentionRequired,
    has_future_pause: future.length > 0,
    paused_until: current.length ? iso(current.reduce((a, p) => (p.endAt > a ? p.endAt : a), current[0].endAt)) : null,
    pauses: c.pauses.map(presentPause),
    current_pauses: current.map(presentPause),
    future_pauses: future.map(presentPause),
    past_pauses: past.map(presentPause),
    items,
    latest_billing_run: run(c.billingRuns[0]),
    initial_billing_run: run(initialRun),
    discount: null,
    delivery_address: (c.deliveryAddress as Record<string, unknown> | null) ?? null,
    shipping_selection: (c.shippingSelection as Record<string, unknown> | null) ?? null,
    legacy_subscription_ids: c.legacySubscriptionIds as (number | string)[],
    metadata: c.metadata as Record<string, unknown>,
    subscriber_page: subscriberPage(subscriberBase, c.subscriberToken),
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
    input_mode: c.inputMode,
    bundle_template_id: c.bundleTemplateId,
    bundle_quantity: c.bundleQuantity,
    initial_billing_mode: c.initialBillingMode,
    payment_processor_override: c.paymentProcessorOverride,
    accounting_department: c.accountingDepartment,
    accounting_cost_center: c.accountingCostCenter,
    credit_balance: fmt4(credit),
    auto_apply_credit: c.autoApplyCredit,
  };
}

/**
 * NOTE: the item stores its whole anchored period (proration factors are relative to it), but the service
 * period starts no earlier than the contract's anchor (its start, or its restart): a first period on a
 * fixed billing day is partial. Items added later share the contract's current period.
 */
function servicePeriodStart(c: ContractRecord, i: ContractRecord["items"][number]): Date | null {
  if (!i.periodStartAt) return null;
  const anchor = c.billingAnchorAt;
  return anchor > i.periodStartAt && (!i.periodEndAt || anchor < i.periodEndAt) ? anchor : i.periodStartAt;
}
