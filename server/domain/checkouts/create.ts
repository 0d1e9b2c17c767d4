// POST /v2/checkouts/ and GET /v2/checkouts/{token}/ (spec 2.7, 2.10, 4.7).

import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { resolveDiscount } from "@/server/domain/coupons/apply";
import { invalid, notFound } from "@/server/domain/errors";
import { type CompiledOffer, compileOffer } from "@/server/domain/offers/compile";
import { eligibleProcessors } from "@/server/domain/payments/options";
import type { PricedOffer } from "@/server/domain/pricing/engine";
import { quoteWithDiscount } from "@/server/domain/quotes/discounted";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CheckoutOut, checkoutBody } from "@/server/schemas/payments";
import { presentCheckout } from "./present";
import { shippingSnapshot } from "./shipping";

export type CheckoutInput = z.infer<typeof checkoutBody>;
/** Checkout tokens live 24 hours (documented in docs/decisions.md). */
export const CHECKOUT_TTL_MS = 24 * 3_600_000;

export const newToken = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

export async function chooseProcessor(
  ctx: Ctx,
  compiled: CompiledOffer,
  priced: PricedOffer,
  collectionMethod: string,
  requested?: number,
) {
  const eligible = await eligibleProcessors(ctx, {
    currency: compiled.offer.currency,
    collectionMethod,
    initialAmount: priced.firstRun.total.gt(0),
    recurring: priced.recurring.length > 0,
  });
  if (requested != null) {
    const processor = eligible.find((e) => e.id === requested);
    if (!processor)
      throw invalid(
        "account_payment_processor",
        `Processor ${requested} is not valid for this offer (currency ${compiled.offer.currency}, ${collectionMethod}).`,
      );
    return processor;
  }
  if (eligible.length === 1) return eligible[0];
  if (!eligible.length)
    throw invalid(
      "account_payment_processor",
      `No payment processor is configured for ${compiled.offer.currency} ${collectionMethod} payments.`,
    );
  throw invalid(
    "account_payment_processor",
    "Several processors are eligible; choose one with account_payment_processor.",
  );
}

export async function createCheckout(
  ctx: Ctx,
  input: CheckoutInput,
  opts: { checkoutSessionId?: number } = {},
): Promise<CheckoutOut> {
  if (input.initial_billing_mode && input.initial_billing_mode !== "create_initial_run") {
    throw invalid("initial_billing_mode", "A checkout always bills an initial run (create_initial_run).");
  }
  const compiled = await compileOffer(ctx, input, { requireCustomer: true });
  // priced like its quote; the code is redeemed once, when finalize creates the contract
  const discount = await resolveDiscount(ctx, ctx.db, input, compiled.offer.currency);
  const { priced, quote } = quoteWithDiscount(compiled, discount, input.metadata ?? {});
  const collectionMethod = input.collection_method ?? "card";
  const processor = await chooseProcessor(ctx, compiled, priced, collectionMethod, input.account_payment_processor);
  const shipping = await shippingSnapshot(ctx, compiled, priced.firstRun.total, input.shipping);
  const now = ctx.clock.now();
  const checkout = await ctx.db.checkout.create({
    data: {
      accountId: ctx.accountId,
      token: newToken("chk"),
      customerId: compiled.customer!.id,
      currency: compiled.offer.currency,
      collectionMethod,
      processorId: processor.id,
      offerInput: input as Prisma.InputJsonValue,
      // NOTE: the quote is JSON (strings, numbers, nested objects) but its line metadata is typed `unknown`,
      // which Prisma's InputJsonValue cannot accept without an assertion
      quoteSnapshot: quote as unknown as Prisma.InputJsonValue,
      subtotal: quote.subtotal_amount,
      tax: quote.tax_amount,
      total: quote.total_amount,
      shippingSelection: (shipping ?? undefined) as Prisma.InputJsonValue | undefined,
      metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
      checkoutSessionId: opts.checkoutSessionId ?? null,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      createdAt: now,
      updatedAt: now,
    },
  });
  return presentCheckout(checkout, compiled.customer!.reference, ctx.baseUrl ?? "", now);
}

export async function loadCheckout(ctx: Ctx, token: string) {
  const checkout = await ctx.db.checkout.findFirst({ where: { token, accountId: ctx.accountId } });
  if (!checkout) throw notFound();
  return checkout;
}

export async function getCheckout(ctx: Ctx, token: string): Promise<CheckoutOut> {
  const checkout = await loadCheckout(ctx, token);
  const customer = await ctx.db.customer.findUniqueOrThrow({
    where: { id: checkout.customerId },
    select: { reference: true },
  });
  return presentCheckout(checkout, customer.reference, ctx.baseUrl ?? "", ctx.clock.now());
}
