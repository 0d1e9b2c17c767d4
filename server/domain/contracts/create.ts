// POST /v2/subscription-contracts/ (spec 4.6 Create): compile and price the offer like a quote, then
// store the contract, its items and what initial_billing_mode asks for, with a created event (and, for a
// request with an idempotency key, the key's outcome) in one transaction.
import { randomBytes } from "node:crypto";
import type { DbTx } from "@/server/db";
import { runPeriodOf } from "@/server/domain/billing/period";
import type { Ctx } from "@/server/domain/context";
import { resolveDiscount } from "@/server/domain/coupons/apply";
import { startDiscount } from "@/server/domain/coupons/contractDiscount";
import { priceWithDiscount } from "@/server/domain/coupons/terms";
import { invalid } from "@/server/domain/errors";
import { emitEvent } from "@/server/domain/events/outbox";
import { fenceIdempotency } from "@/server/domain/idempotency/fence";
import { fmt4, fmt4n } from "@/server/domain/money";
import { compileOffer } from "@/server/domain/offers/compile";
import { checkProcessorOverride } from "@/server/domain/payments/override";
import { type PricedLine, type PricedOffer, sumTotals } from "@/server/domain/pricing/engine";
import type { Prisma } from "@/server/generated/prisma/client";
import type { ContractCreateInput, ContractOut } from "@/server/schemas/contracts";
import { viewContract } from "./contractResponse";
import { loadContract } from "./contractRows";

export const newSubscriberToken = () => randomBytes(24).toString("base64url");

export function runLineData(
  line: PricedLine,
  kind: "recurring" | "initial" | "proration",
  contractItemId: number | null,
  reason: string | null = null,
) {
  return {
    contractItemId,
    priceId: line.input.price.id,
    priceVersionId: line.first.versionId,
    productName: line.input.price.productName,
    quantity: line.input.quantity,
    unitAmount: line.first.text.unitAmount,
    prorationFactor: line.first.text.factor,
    lineTotal: line.first.text.lineTotal,
    subtotal: line.first.text.subtotal,
    tax: line.first.text.tax,
    servicePeriodStartAt: line.service.start,
    servicePeriodEndAt: line.service.end,
    prorationReason: reason,
    kind,
    description: line.first.explanation,
  };
}

export interface CreateOptions {
  /** checkout flow: billing is prepared (periods, initial run) but the contract stays inactive until paid */
  awaitingPayment?: boolean;
  shippingSelection?: Record<string, unknown> | null;
  checkoutId?: number;
}

export async function createContract(
  ctx: Ctx,
  input: ContractCreateInput,
  opts: CreateOptions = {},
): Promise<ContractOut> {
  const mode = input.initial_billing_mode ?? "none";
  if (mode !== "create_initial_run" && input.initial_items.length) {
    throw invalid("initial_items", "initial_items are allowed only with initial_billing_mode=create_initial_run.");
  }
  const compiled = await compileOffer(ctx, input, { requireCustomer: true });
  // checked before anything is written; redeemed (atomically) inside the transaction below
  const discount = await resolveDiscount(ctx, ctx.db, input, compiled.offer.currency);
  const priced = priceWithDiscount(compiled.offer, discount?.terms ?? null);
  await checkProcessorOverride(ctx, ctx.db, input.payment_processor_override, compiled.offer.currency);
  const activate = opts.awaitingPayment || (input.activate ?? true);
  const state = opts.awaitingPayment ? "inactive" : activate ? "active" : "inactive";
  const now = ctx.clock.now();
  // a trial: the first period (and the anchor) starts at its end, which is the offer's start
  const trial = compiled.trial;
  if (trial && !activate) throw invalid("activate", "A contract with a trial is created active.");

  return ctx.db.$transaction(
    async (tx) => {
      const contract = await tx.subscriptionContract.create({
        data: {
          accountId: ctx.accountId,
          customerId: compiled.customer!.id,
          state,
          currency: compiled.offer.currency,
          billingAnchorAt: compiled.offer.start,
          billingTimezone: compiled.offer.timezone,
          billingTime: compiled.offer.billingTime,
          fixedDay: compiled.offer.fixedDay,
          billingAdvancePolicy: input.billing_advance_policy ?? "on_run_created",
          nextBillingAt: activate ? (trial?.endAt ?? priced.periodEnd) : null,
          trialStartAt: trial?.startAt ?? null,
          trialEndAt: trial?.endAt ?? null,
          trialEndBehavior: trial?.endBehavior ?? null,
          inputMode: compiled.inputMode,
          bundleTemplateId: compiled.bundleTemplateId,
          bundleQuantity: compiled.bundleQuantity,
          initialBillingMode: mode,
          paymentProcessorOverride: input.payment_processor_override ?? null,
          autoApplyCredit: input.auto_apply_credit ?? false,
          deliveryAddress: (input.delivery_address ?? undefined) as Prisma.InputJsonValue | undefined,
          shippingSelection: (opts.shippingSelection ?? undefined) as Prisma.InputJsonValue | undefined,
          accountingDepartment: input.accounting_department ?? null,
          accountingCostCenter: input.accounting_cost_center ?? null,
          metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
          subscriberToken: newSubscriberToken(),
          createdAt: now,
          updatedAt: now,
        },
      });
      const itemIds = await createItems(
        tx,
        contract.id,
        priced,
        activate,
        trial ? { start: now, end: trial.endAt } : null,
        now,
      );
      if (activate)
        await createInitialBilling(
          tx,
          ctx.accountId,
          contract.id,
          compiled.customer!.id,
          mode,
          priced,
          itemIds,
          now,
          opts.checkoutId ? { checkout_id: opts.checkoutId, no_automatic_retry: true } : {},
          !!trial,
        );
      if (discount) {
        // the first period is billed now (initial run or pending lines) unless a trial or mode none defers it
        const firstPeriodBilled = activate && !trial && mode !== "none";
        await startDiscount(ctx, tx, contract.id, discount, firstPeriodBilled ? priced.periodEnd : null);
      }
      const view = await viewContract(ctx, tx, await loadContract(tx, ctx.accountId, contract.id));
      await emitEvent(tx, ctx.accountId, "subscription_contract.created", view, now);
      // an idempotency key's outcome commits with the contract, or neither does (a retry took the key over)
      await fenceIdempotency(tx, ctx, { type: "subscription_contract", id: contract.id }, view);
      return view;
    },
    { timeout: 20_000 },
  );
}

/** Items bill from their first period, or during a trial from the trial (billed up to its end: nothing). */
async function createItems(
  tx: DbTx,
  contractId: number,
  priced: PricedOffer,
  activate: boolean,
  trialPeriod: { start: Date; end: Date } | null,
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (const line of priced.recurring) {
    const lineInput = line.input;
    const item = await tx.contractItem.create({
      data: {
        contractId,
        priceId: lineInput.price.id,
        productId: lineInput.price.productId,
        quantity: lineInput.quantity,
        unitAmountOverride: fmt4n(lineInput.unitAmountOverride),
        discountPercent: fmt4n(lineInput.discountPercent),
        startAt: lineInput.startAt,
        endAt: lineInput.endAt,
        source: lineInput.source,
        bundleItemId: lineInput.refs.bundleItemId ?? null,
        ruleId: lineInput.refs.ruleId ?? null,
        periodStartAt: activate ? (trialPeriod ?? line.period).start : null,
        periodEndAt: activate ? (trialPeriod ?? line.period).end : null,
        metadata: lineInput.metadata as Prisma.InputJsonValue,
        // the account's clock (a test clock included), like the contract's: MRR spans start at it
        createdAt: now,
      },
    });
    ids.push(item.id);
  }
  return ids;
}

/**
 * create_initial_run: a scheduled run for the first period plus initial_items; next_invoice: pending lines.
 * During a trial the first period is the regular run at the trial end: the initial run holds only the
 * initial_items (a zero run without them, which a checkout still settles) and next_invoice adds nothing.
 */
export async function createInitialBilling(
  tx: DbTx,
  accountId: number,
  contractId: number,
  customerId: number,
  mode: string,
  priced: PricedOffer,
  itemIds: number[],
  now: Date,
  runMetadata: Record<string, unknown> = {},
  inTrial = false,
) {
  if (mode === "create_initial_run") {
    const recurring = inTrial ? [] : priced.recurring;
    const lines = [
      ...recurring.map((l, k) => runLineData(l, "recurring", itemIds[k])),
      ...priced.initial.map((l) => runLineData(l, "initial", null)),
    ];
    const totals = inTrial ? sumTotals(priced.initial.map((l) => l.first)) : priced.firstRun;
    await tx.billingRun.create({
      data: {
        accountId,
        contractId,
        customerId,
        kind: "initial",
        state: "scheduled",
        currency: priced.recurring[0]?.input.price.currency ?? priced.initial[0]?.input.price.currency ?? "EUR",
        ...runPeriodOf(lines, inTrial ? { start: now, end: now } : { start: priced.start, end: priced.periodEnd }),
        periodKey: "initial",
        scheduledAt: now,
        createdAt: now,
        updatedAt: now,
        metadata: runMetadata as Prisma.InputJsonValue,
        subtotal: fmt4(totals.subtotal),
        tax: fmt4(totals.tax),
        total: fmt4(totals.total),
        lines: { create: lines },
      },
    });
  } else if (mode === "next_invoice" && !inTrial) {
    const lines = priced.recurring.map((line, k) => ({
      ...runLineData(line, "proration", itemIds[k], "initial_period"),
      accountId,
      contractId,
    }));
    for (const { kind: _kind, ...data } of lines) await tx.pendingLine.create({ data });
  }
}
