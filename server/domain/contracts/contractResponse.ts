// A contract as the API shows it (the SubscriptionContract of spec 2.6), the response of every contract
// operation: presentContract maps loaded records (pure); viewContract and viewContractById read what it needs
// (catalog, initial run, subscriber page base) through the caller's transaction first.

import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { presentDiscount } from "@/server/domain/coupons/present";
import { dec, fmt4, fmt4n } from "@/server/domain/money";
import { type CatalogSnapshot, catalogSnapshot } from "@/server/domain/offers/snapshot";
import { versionAt } from "@/server/domain/pricing/amounts";
import { iso, isoN } from "@/server/domain/time";
import type { ContractItemOut, ContractOut, ContractPauseOut, ScheduledChangeOut } from "@/server/schemas/contracts";
import { type ContractRecord, loadContract, runSummarySelect } from "./contractRows";
import { itemEntitledUntil, serviceStateAt } from "./serviceState";
import { subscriberPage, subscriberUrl } from "./subscriberPageAddress";

type Pause = ContractRecord["pauses"][number];

export function presentPause(phase: Pause): ContractPauseOut {
  return {
    id: phase.id,
    start_date: iso(phase.startAt),
    end_date: iso(phase.endAt),
    state: phase.state as ContractPauseOut["state"],
    reason: phase.reason,
    canceled_at: isoN(phase.canceledAt),
    created_at: iso(phase.createdAt),
  };
}

export function presentScheduledChange(
  change: ContractRecord["scheduledChanges"][number],
  catalog: CatalogSnapshot,
): ScheduledChangeOut {
  const price = change.priceId != null ? catalog.prices.get(change.priceId) : undefined;
  return {
    id: change.id,
    contract_item_id: change.contractItemId,
    kind: change.kind as ScheduledChangeOut["kind"],
    price_id: change.priceId,
    product_name: price?.product.name ?? null,
    quantity: change.quantity,
    effective_at: iso(change.effectiveAt),
    state: change.state as ScheduledChangeOut["state"],
    requested_by: change.actorType as ScheduledChangeOut["requested_by"],
    created_at: iso(change.createdAt),
    applied_at: isoN(change.appliedAt),
    canceled_at: isoN(change.canceledAt),
  };
}

export function presentContract(
  contract: ContractRecord,
  catalog: CatalogSnapshot,
  now: Date,
  subscriberBase: string,
  initialRun: ContractRecord["billingRuns"][number] | null = null,
): ContractOut {
  const service = serviceStateAt(contract, now);
  const live = contract.pauses.filter((p) => p.state !== "canceled");
  const current = live.filter((p) => p.startAt <= now && now < p.endAt);
  const future = live.filter((p) => p.startAt > now);
  const past = contract.pauses.filter((p) => p.state === "canceled" || p.endAt <= now);
  const items: ContractItemOut[] = contract.items.map((item) => {
    const price = catalog.prices.get(item.priceId);
    const version = price
      ? versionAt(
          price.versions.map((v) => ({ ...v, unitAmount: dec(v.unitAmount) })),
          now,
        )
      : null;
    return {
      id: item.id,
      price_id: item.priceId,
      product_id: item.productId,
      product_name: price?.product.name ?? "",
      quantity: item.quantity,
      unit_amount: fmt4(item.unitAmountOverride ?? version?.unitAmount ?? 0),
      unit_amount_override: fmt4n(item.unitAmountOverride),
      discount_percent: fmt4n(item.discountPercent),
      start_at: isoN(item.startAt),
      end_at: isoN(item.endAt),
      source: item.source,
      bundle_item_id: item.bundleItemId,
      rule_id: item.ruleId,
      status: item.status as "active" | "removed",
      current_service_period_start_at: isoN(servicePeriodStart(contract, item)),
      current_service_period_end_at: isoN(item.periodEndAt),
      entitled_until: isoN(itemEntitledUntil(contract, item)),
      service_active: service.items.get(item.id) ?? false,
      metadata: item.metadata as Record<string, unknown>,
    };
  });
  const entitled = items.filter((i) => i.service_active);
  const run = (billingRun: ContractRecord["billingRuns"][number] | null | undefined) =>
    billingRun
      ? {
          id: billingRun.id,
          kind: billingRun.kind,
          state: billingRun.state,
          period_start_at: iso(billingRun.periodStartAt),
          period_end_at: iso(billingRun.periodEndAt),
          total_amount: fmt4(billingRun.total),
          attempt_count: billingRun.attemptCount,
        }
      : null;
  const credit = contract.credits.reduce((a, x) => a.plus(dec(x.amount)), dec(0));
  return {
    id: contract.id,
    customer_id: contract.customerId,
    customer: {
      id: contract.customer.id,
      reference: contract.customer.reference,
      name: contract.customer.name,
      email: contract.customer.email,
    },
    customer_reference: contract.customer.reference,
    state: contract.state as ContractOut["state"],
    currency: contract.currency,
    recurring: contract.recurring,
    contract_version: contract.contractVersion,
    billing_anchor_at: iso(contract.billingAnchorAt),
    billing_timezone: contract.billingTimezone,
    billing_time: contract.billingTime,
    billing_advance_policy: contract.billingAdvancePolicy as ContractOut["billing_advance_policy"],
    next_billing_at: isoN(contract.nextBillingAt),
    trial_start_at: isoN(contract.trialStartAt),
    trial_end_at: isoN(contract.trialEndAt),
    trial_end_behavior: contract.trialEndBehavior as "cancel" | "pause" | null,
    cancel_at_period_end: contract.cancelAtPeriodEnd,
    cancel_at: isoN(contract.cancelAt),
    canceled_at: isoN(contract.canceledAt),
    ended_at: isoN(contract.endedAt),
    ended_reason: contract.endedReason,
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
      products: entitled.map((item) => ({
        product_id: item.product_id,
        product_name: item.product_name,
        quantity: item.quantity,
        entitled_until: item.entitled_until,
      })),
    },
    billing_attention_required: contract.billingAttentionRequired,
    has_future_pause: future.length > 0,
    paused_until: current.length ? iso(current.reduce((a, p) => (p.endAt > a ? p.endAt : a), current[0].endAt)) : null,
    pauses: contract.pauses.map(presentPause),
    current_pauses: current.map(presentPause),
    future_pauses: future.map(presentPause),
    past_pauses: past.map(presentPause),
    items,
    latest_billing_run: run(contract.billingRuns[0]),
    initial_billing_run: run(initialRun),
    discount: presentDiscount(contract.discount, now),
    delivery_address: (contract.deliveryAddress as Record<string, unknown> | null) ?? null,
    shipping_selection: (contract.shippingSelection as Record<string, unknown> | null) ?? null,
    legacy_subscription_ids: contract.legacySubscriptionIds as (number | string)[],
    metadata: contract.metadata as Record<string, unknown>,
    subscriber_page: subscriberPage(subscriberBase, contract.subscriberToken),
    created_at: iso(contract.createdAt),
    updated_at: iso(contract.updatedAt),
    input_mode: contract.inputMode,
    bundle_template_id: contract.bundleTemplateId,
    bundle_quantity: contract.bundleQuantity,
    initial_billing_mode: contract.initialBillingMode,
    payment_processor_override: contract.paymentProcessorOverride,
    accounting_department: contract.accountingDepartment,
    accounting_cost_center: contract.accountingCostCenter,
    credit_balance: fmt4(credit),
    auto_apply_credit: contract.autoApplyCredit,
    scheduled_changes: contract.scheduledChanges.map((change) => presentScheduledChange(change, catalog)),
    cancellation_feedback: (contract.cancellationFeedback as ContractOut["cancellation_feedback"]) ?? null,
  };
}

/**
 * NOTE: the item stores its whole anchored period (proration factors are relative to it), but the service
 * period starts no earlier than the contract's anchor (its start, or its restart): a first period on a
 * fixed billing day is partial. Items added later share the contract's current period.
 */
function servicePeriodStart(contract: ContractRecord, item: ContractRecord["items"][number]): Date | null {
  if (!item.periodStartAt) return null;
  const anchor = contract.billingAnchorAt;
  return anchor > item.periodStartAt && (!item.periodEndAt || anchor < item.periodEndAt) ? anchor : item.periodStartAt;
}

export async function viewContract(ctx: Ctx, db: DbTx, contract: ContractRecord): Promise<ContractOut> {
  // sequential: `db` may be a transaction, which runs one query at a time; the catalog is read through it
  // too, as a second pool connection per transaction deadlocks once concurrent transactions fill the pool
  const catalog = await catalogSnapshot({ ...ctx, db: db as Ctx["db"] });
  const initial = await db.billingRun.findFirst({
    where: { contractId: contract.id, kind: "initial" },
    orderBy: { id: "asc" },
    select: runSummarySelect,
  });
  const base = await subscriberUrl(ctx, db);
  return presentContract(contract, catalog, ctx.clock.now(), base, initial);
}

export async function viewContractById(ctx: Ctx, db: DbTx, id: number): Promise<ContractOut> {
  return viewContract(ctx, db, await loadContract(db, ctx.accountId, id));
}
