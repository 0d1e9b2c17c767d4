// Customer payment methods (spec 4.4, 3.3, 5.2).
import type { z } from "zod";
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { findCustomer } from "@/server/domain/customers/customers";
import { invalid, notFound } from "@/server/domain/errors";
import { type ListResult, type PageRequest, type PageWindow, pagedList } from "@/server/domain/list";
import type { Prisma } from "@/server/generated/prisma/client";
import type { PaymentMethodOut, paymentMethodCreateBody, paymentMethodPatchBody } from "@/server/schemas/payments";
import { presentPaymentMethod } from "./present";

type CreateInput = z.infer<typeof paymentMethodCreateBody>;
type PatchInput = z.infer<typeof paymentMethodPatchBody>;
const withCustomer = { customer: { select: { reference: true } } } as const;

export const brandOf = (number: string) =>
  /^4/.test(number) ? "visa" : /^5[1-5]/.test(number) ? "mastercard" : /^3[47]/.test(number) ? "amex" : "card";

export async function listPaymentMethods(
  ctx: Ctx,
  customerReference: string,
  page?: PageRequest,
): Promise<ListResult<PaymentMethodOut>> {
  const customer = await findCustomer(ctx, customerReference);
  const where = { accountId: ctx.accountId, customerId: customer.id, state: "active", verified: true };
  const rows = (window: PageWindow) =>
    ctx.db.paymentMethod.findMany({ where, include: withCustomer, orderBy: { id: "asc" }, ...window });
  return pagedList(page, () => ctx.db.paymentMethod.count({ where }), rows, presentPaymentMethod);
}

async function loadMethod(ctx: Ctx, customerReference: string, id: number) {
  const customer = await findCustomer(ctx, customerReference);
  const method = await ctx.db.paymentMethod.findFirst({
    where: { id, accountId: ctx.accountId, customerId: customer.id },
    include: withCustomer,
  });
  if (!method) throw notFound();
  return method;
}

export async function getPaymentMethod(ctx: Ctx, customerReference: string, id: number): Promise<PaymentMethodOut> {
  return presentPaymentMethod(await loadMethod(ctx, customerReference, id));
}

/** Card import: a new row, other active cards of the processor canceled. Claim/invoice: replaces the matching setup. */
async function activate(
  tx: DbTx,
  method: { id: number; customerId: number; processorId: number; collectionMethod: string },
  now: Date,
) {
  await tx.paymentMethod.updateMany({
    where: {
      customerId: method.customerId,
      processorId: method.processorId,
      collectionMethod: method.collectionMethod,
      state: "active",
      NOT: { id: method.id },
    },
    data: { state: "canceled", canceledAt: now, token: null, setupData: {} },
  });
  await tx.paymentMethod.update({ where: { id: method.id }, data: { state: "active" } });
}

export async function createPaymentMethod(
  ctx: Ctx,
  customerReference: string,
  input: CreateInput,
  opts: { temporary?: boolean } = {},
): Promise<PaymentMethodOut & { confirmation_required?: boolean }> {
  const customer = await findCustomer(ctx, customerReference);
  const processor = await ctx.db.accountPaymentProcessor.findFirst({
    where: { id: input.account_payment_processor, accountId: ctx.accountId, active: true },
  });
  if (!processor) throw invalid("account_payment_processor", "Payment processor not found or inactive.");
  if (processor.collectionMethod !== input.collection_method)
    throw invalid("collection_method", `Processor ${processor.id} collects by ${processor.collectionMethod}.`);
  const card = input.collection_method === "card";
  if (card && !input.card && !input.token)
    throw invalid("card", "Card details or a processor token are required for a card payment method.");
  const number = input.card?.number.replace(/\s/g, "");
  const now = ctx.clock.now();
  const method = await ctx.db.$transaction(async (tx) => {
    const row = await tx.paymentMethod.create({
      data: {
        accountId: ctx.accountId,
        customerId: customer.id,
        processorId: processor.id,
        collectionMethod: input.collection_method,
        state: "temporary",
        verified: !opts.temporary,
        cardBrand: number ? brandOf(number) : card ? "card" : null,
        cardLast4: number?.slice(-4) ?? null,
        cardExpMonth: input.card?.exp_month ?? null,
        cardExpYear: input.card?.exp_year ?? null,
        token: card ? (input.token ?? `tok_sandbox_${number}`) : null,
        setupData: {
          billing_email: input.billing_email ?? null,
          billing_reference: input.billing_reference ?? null,
          billing_address: input.billing_address ?? null,
        } as Prisma.InputJsonValue,
        metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
        createdAt: now,
      },
    });
    if (!opts.temporary) await activate(tx, row, now);
    return tx.paymentMethod.findUniqueOrThrow({ where: { id: row.id }, include: withCustomer });
  });
  return opts.temporary
    ? { ...presentPaymentMethod(method), confirmation_required: true }
    : presentPaymentMethod(method);
}

/** Secret-key confirmation of a temporary method created with the public key (spec 5.2). */
export async function confirmPaymentMethod(ctx: Ctx, customerReference: string, id: number): Promise<PaymentMethodOut> {
  const method = await loadMethod(ctx, customerReference, id);
  if (method.state !== "temporary")
    throw invalid("non_field_errors", "Only a temporary payment method can be confirmed.");
  await ctx.db.$transaction(async (tx) => {
    await tx.paymentMethod.update({ where: { id }, data: { verified: true } });
    await activate(tx, method, ctx.clock.now());
  });
  return getPaymentMethod(ctx, customerReference, id);
}

export async function patchPaymentMethod(
  ctx: Ctx,
  customerReference: string,
  id: number,
  input: PatchInput,
): Promise<PaymentMethodOut> {
  const method = await loadMethod(ctx, customerReference, id);
  if (method.state !== "active") throw invalid("non_field_errors", "Only an active payment method can be changed.");
  if (input.card && method.collectionMethod !== "card") throw invalid("card", "This payment method is not a card.");
  const setup = { ...(method.setupData as Record<string, unknown>) };
  for (const k of ["billing_email", "billing_reference", "billing_address"] as const)
    if (input[k] !== undefined) setup[k] = input[k];
  let meta: Record<string, unknown> | undefined;
  if (input.metadata) {
    meta = { ...(method.metadata as Record<string, unknown>) };
    for (const [k, v] of Object.entries(input.metadata)) v === null ? delete meta[k] : (meta[k] = v);
  }
  await ctx.db.paymentMethod.update({
    where: { id },
    data: {
      cardExpMonth: input.card?.exp_month,
      cardExpYear: input.card?.exp_year,
      setupData: setup as Prisma.InputJsonValue,
      metadata: meta as Prisma.InputJsonValue | undefined,
    },
  });
  return getPaymentMethod(ctx, customerReference, id);
}

/** Soft cancel: clears the stored setup; repeating it changes nothing. */
export async function deletePaymentMethod(ctx: Ctx, customerReference: string, id: number): Promise<void> {
  const method = await loadMethod(ctx, customerReference, id);
  if (method.state === "canceled") return;
  await ctx.db.paymentMethod.update({
    where: { id },
    data: { state: "canceled", canceledAt: ctx.clock.now(), token: null, setupData: {} },
  });
}
