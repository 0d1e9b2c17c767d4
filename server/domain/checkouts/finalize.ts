// POST /v2/checkouts/{token}/finalize/ (spec 4.7 rule 4, 3.2): preflight, then contract + initial run +
// payment. Exactly one finalizer moves a checkout out of `pending` (pending → finalizing is atomic);
// finalizing again returns the outcome already reached and never creates a second contract. A checkout
// whose payment failed is paid again by finalize once the customer registered another card: the same
// contract's same initial run is charged (one checkout, at most one contract and one successful charge).

import { executeRun } from "@/server/domain/billing/execute";
import type { Ctx } from "@/server/domain/context";
import { createContract } from "@/server/domain/contracts/create";
import { DomainError, invalid } from "@/server/domain/errors";
import { dec } from "@/server/domain/money";
import type { Prisma } from "@/server/generated/prisma/client";
import type { ContractCreateInput } from "@/server/schemas/contracts";
import type { CheckoutOut } from "@/server/schemas/payments";
import { getCheckout, loadCheckout } from "./create";
import { dropDeclinedCard } from "./unpaid";

const WAIT_MS = 20_000;

function failedError(view: CheckoutOut): DomainError {
  return new DomainError(
    "validation",
    view.fail_message ?? "The payment failed.",
    { payment: [view.fail_message ?? "The payment attempt failed."] },
    view.fail_code ?? "payment_failed",
    { ...view },
  );
}

async function preflight(ctx: Ctx, checkout: Awaited<ReturnType<typeof loadCheckout>>) {
  const now = ctx.clock.now();
  if (checkout.expiresAt <= now) throw invalid("non_field_errors", "The checkout has expired; create a new one.");
  const customer = await ctx.db.customer.findFirst({ where: { id: checkout.customerId, accountId: ctx.accountId } });
  if (!customer) throw invalid("customer_reference", "The checkout's customer no longer exists.");
  const processor = checkout.processorId
    ? await ctx.db.accountPaymentProcessor.findFirst({
        where: {
          id: checkout.processorId,
          accountId: ctx.accountId,
          active: true,
          currency: checkout.currency,
          collectionMethod: checkout.collectionMethod,
        },
      })
    : null;
  if (!processor)
    throw invalid("account_payment_processor", "The selected payment processor is not valid for this checkout.");
  // decimal.js: isPositive() is true for zero, so compare with 0 explicitly; a trial asks for a method up
  // front unless the seller chose otherwise (trial_requires_payment_method: false)
  const offer = checkout.offerInput as ContractCreateInput;
  const trialNeedsMethod =
    (offer.trial_days != null || offer.trial_end_at != null) && offer.trial_requires_payment_method !== false;
  if (!dec(checkout.total).gt(0) && !trialNeedsMethod) return { customer, method: null };
  const method = await ctx.db.paymentMethod.findFirst({
    where: { customerId: checkout.customerId, processorId: processor.id, state: "active", verified: true },
    orderBy: { id: "desc" },
  });
  if (!method)
    throw invalid("payment_method", "The customer has no verified payment method for the selected processor.");
  return { customer, method };
}

export async function finalizeCheckout(ctx: Ctx, token: string): Promise<CheckoutOut> {
  const checkout = await loadCheckout(ctx, token);
  if (checkout.status === "failed" && checkout.initialBillingRunId !== null) return payAgain(ctx, checkout);
  const claimed = await ctx.db.checkout.updateMany({
    where: { id: checkout.id, status: "pending" },
    data: { status: "finalizing", updatedAt: ctx.clock.now() },
  });
  if (!claimed.count) return settled(ctx, token);
  let contractId: number | null = null;
  try {
    const { method } = await preflight(ctx, checkout);
    const offer = checkout.offerInput as ContractCreateInput;
    const contract = await createContract(
      ctx,
      {
        ...offer,
        initial_billing_mode: "create_initial_run",
        payment_processor_override: checkout.processorId,
        activate: true,
        idempotency_key: undefined,
      },
      {
        awaitingPayment: true,
        shippingSelection: checkout.shippingSelection as Record<string, unknown> | null,
        checkoutId: checkout.id,
      },
    );
    contractId = contract.id;
    const run = contract.initial_billing_run!;
    await ctx.db.checkout.update({
      where: { id: checkout.id },
      data: {
        contractId: contract.id,
        initialBillingRunId: run.id,
        paymentMethodId: method?.id ?? null,
        finalizedAt: ctx.clock.now(),
        metadata: { ...(checkout.metadata as object) } as Prisma.InputJsonValue,
      },
    });
    await executeRun(ctx, run.id);
  } catch (error) {
    // a precondition failed before anything was created: the checkout stays pending (spec 3.2)
    if (contractId === null) await ctx.db.checkout.update({ where: { id: checkout.id }, data: { status: "pending" } });
    throw error;
  }
  return outcomeOf(ctx, token);
}

/**
 * The checkout after its charge: a failed payment is a 400 with the checkout, and a card registered for this
 * checkout that declined leaves the file (a card the customer had before stays: it was not this purchase's).
 */
async function outcomeOf(ctx: Ctx, token: string): Promise<CheckoutOut> {
  const view = await getCheckout(ctx, token);
  if (view.status !== "failed") return view;
  const { id, paymentMethodId } = await loadCheckout(ctx, token);
  const registered = await ctx.db.paymentMethodRegistration.findFirst({
    where: { checkoutId: id, paymentMethodId: paymentMethodId ?? -1 },
    select: { id: true },
  });
  if (registered) await ctx.db.$transaction((tx) => dropDeclinedCard(tx, paymentMethodId, ctx.clock.now()));
  throw failedError(view);
}

/**
 * Finalize of a checkout whose payment failed: with a card registered since (a verified method newer than
 * the one declined), its initial run is charged again; without one, the failure is reported again and
 * nothing is charged. The run stays the checkout's only run, so a seller's "Retry payment" of it cannot
 * charge the customer a second time either.
 */
async function payAgain(ctx: Ctx, checkout: Awaited<ReturnType<typeof loadCheckout>>): Promise<CheckoutOut> {
  const now = ctx.clock.now();
  const runId = checkout.initialBillingRunId!;
  const method = checkout.processorId
    ? await ctx.db.paymentMethod.findFirst({
        where: {
          customerId: checkout.customerId,
          processorId: checkout.processorId,
          state: "active",
          verified: true,
          id: { gt: checkout.paymentMethodId ?? 0 },
        },
        orderBy: { id: "desc" },
      })
    : null;
  if (!method || checkout.expiresAt <= now) throw failedError(await getCheckout(ctx, checkout.token));
  const claimed = await ctx.db.checkout.updateMany({
    where: { id: checkout.id, status: "failed" },
    data: { status: "finalizing", paymentMethodId: method.id, updatedAt: now },
  });
  if (!claimed.count) return settled(ctx, checkout.token);
  // the initial run carries no automatic retry: it becomes due now for this one attempt
  const due = await ctx.db.billingRun.updateMany({
    where: { id: runId, accountId: ctx.accountId, state: "failed" },
    data: { nextAttemptAt: now, updatedAt: now },
  });
  if (!due.count) {
    // voided (the checkout was closed) or paid meanwhile: report what the checkout is
    await ctx.db.checkout.updateMany({ where: { id: checkout.id, status: "finalizing" }, data: { status: "failed" } });
    return outcomeOf(ctx, checkout.token);
  }
  await executeRun(ctx, runId);
  return outcomeOf(ctx, checkout.token);
}

/** A finalize that lost the race (or a repeat): wait for the first to finish, then report its outcome. */
async function settled(ctx: Ctx, token: string): Promise<CheckoutOut> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const checkout = await loadCheckout(ctx, token);
    // the finalizer that held it failed its preflight (back to pending): run the preflight ourselves,
    // so every caller gets the precondition 400 instead of a 200 with a still-pending checkout
    if (checkout.status === "pending") return finalizeCheckout(ctx, token);
    if (checkout.status !== "finalizing" || Date.now() > until) {
      const view = await getCheckout(ctx, token);
      if (view.status === "failed") throw failedError(view);
      if (checkout.status === "expired") throw invalid("non_field_errors", "The checkout has expired.");
      return view;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
