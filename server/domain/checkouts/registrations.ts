// Payment method registrations (spec 4.7): bound to a checkout and its processor; the customer enters a
// card on the hosted page (public, the registration token is the capability); tokenization completes
// at once (generic form, vendor A, vendor C) or later through the processor's webhook (vendor B).
import { constants, privateDecrypt } from "node:crypto";
import { fixedClock } from "@/server/clock";
import { accountClockOf } from "@/server/domain/accountContext";
import type { Ctx } from "@/server/domain/context";
import { DomainError, invalid, notFound } from "@/server/domain/errors";
import { dec } from "@/server/domain/money";
import { brandOf } from "@/server/domain/payments/methods";
import type { CardDetails } from "@/server/domain/payments/processorEvents";
import { adapterFor } from "@/server/domain/payments/processors";
import { type SandboxWebhookReceiver, sandboxTokenization } from "@/server/domain/payments/sandboxTokenization";
import type { RegistrationOut } from "@/server/schemas/payments";
import { newToken } from "./create";
import { presentRegistration } from "./present";

export const REGISTRATION_TTL_MS = 60 * 60_000;
const include = { checkout: { select: { token: true } } } as const;

/**
 * A new registration at the processor for a checkout (the checkout flow), a contract (the subscriber's
 * "Update card") or the customer alone (a card the seller requested: `{}`), open for `ttlMs` from now.
 */
export function registrationData(
  ctx: Ctx,
  owner: { checkoutId: number } | { contractId: number } | Record<string, never>,
  processorId: number,
  customerId: number,
  ttlMs = REGISTRATION_TTL_MS,
) {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ttlMs);
  return {
    accountId: ctx.accountId,
    token: newToken("pmr"),
    ...owner,
    processorId,
    customerId,
    expiresAt,
    createdAt: now,
  };
}

export async function createRegistration(ctx: Ctx, checkoutToken: string): Promise<RegistrationOut> {
  const checkout = await ctx.db.checkout.findFirst({ where: { token: checkoutToken, accountId: ctx.accountId } });
  if (!checkout) throw notFound();
  // a checkout whose payment failed takes another card: finalize then pays its same initial run again
  const open = checkout.status === "pending" || (checkout.status === "failed" && checkout.contractId !== null);
  if (!open)
    throw invalid(
      "non_field_errors",
      `The checkout is ${checkout.status}; registrations are for pending checkouts and checkouts whose payment failed.`,
    );
  if (!checkout.processorId) throw invalid("account_payment_processor", "The checkout has no payment processor.");
  const processor = await ctx.db.accountPaymentProcessor.findUniqueOrThrow({ where: { id: checkout.processorId } });
  const registration = await ctx.db.paymentMethodRegistration.create({
    data: registrationData(ctx, { checkoutId: checkout.id }, processor.id, checkout.customerId),
    include,
  });
  return presentRegistration(registration, processor.renderMode, ctx.baseUrl ?? "");
}

export async function getRegistration(ctx: Ctx, token: string): Promise<RegistrationOut> {
  const registration = await ctx.db.paymentMethodRegistration.findFirst({
    where: { token, accountId: ctx.accountId },
    include,
  });
  if (!registration) throw notFound();
  const processor = await ctx.db.accountPaymentProcessor.findUniqueOrThrow({ where: { id: registration.processorId } });
  return presentRegistration(registration, processor.renderMode, ctx.baseUrl ?? "");
}

// The hosted page (public) -----------------------------------------------------------------------
/** What a registration's card is for: a checkout's payment, a contract's card update, or a card the seller requested. */
const purposeOf = (r: { checkoutId: number | null; contractId: number | null }): "checkout" | "update" | "request" =>
  r.checkoutId ? "checkout" : r.contractId ? "update" : "request";

/**
 * What the hosted card page needs to render (no secrets). Public: the token is the capability and names
 * the account, so `ctx.accountId` is not used and `ctx.clock` is the base the account's clock runs on.
 */
export async function registrationForPage(ctx: Pick<Ctx, "db" | "clock">, input: { token: string }) {
  const db = ctx.db;
  const registration = await db.paymentMethodRegistration.findUnique({
    where: { token: input.token },
    include: { checkout: true },
  });
  if (!registration) return null;
  const processor = await db.accountPaymentProcessor.findUniqueOrThrow({ where: { id: registration.processorId } });
  const config = processor.config as Record<string, unknown>;
  return {
    token: registration.token,
    status: registration.status,
    expired: registration.expiresAt < (await accountClockOf(db, registration.accountId, ctx.clock)).now(),
    renderMode: processor.renderMode,
    processorName: processor.displayName,
    publicKey: (config.public_key as string) ?? null,
    currency: registration.checkout?.currency ?? "",
    total: registration.checkout?.total.toFixed(4) ?? "0.0000",
    // what became of the payment this card is for: a declined card must not read as "saved" and done
    checkoutStatus:
      registration.checkout?.status === "finalizing" ? "pending" : (registration.checkout?.status ?? null),
    failMessage:
      registration.status === "failed"
        ? registration.failMessage
        : registration.checkout?.status === "failed"
          ? registration.checkout.failMessage
          : null,
    // a card update from the subscriber page (no checkout) charges nothing now and returns to that page
    contractId: registration.contractId,
    /** what the card is for: a checkout's payment, a contract's card update, or a card the seller requested */
    purpose: purposeOf(registration),
    sellerName: (await db.account.findUnique({ where: { id: registration.accountId }, select: { name: true } }))?.name,
    /** where the customer goes back to after a card update from the subscriber page (null for checkouts) */
    returnPath: await subscriberReturnPath(db, registration.contractId),
  };
}

/** The hosted form's and the widget's poll: the registration's and its checkout's state, nothing private. */
export async function registrationState(ctx: Pick<Ctx, "db" | "clock">, input: { token: string }) {
  const page = await registrationForPage(ctx, input);
  if (!page) throw new DomainError("not_found", "Not found.");
  return {
    status: page.status,
    expired: page.expired,
    checkout_status: page.checkoutStatus,
    fail_message: page.failMessage,
  };
}

async function subscriberReturnPath(db: Pick<Ctx, "db">["db"], contractId: number | null): Promise<string | null> {
  if (contractId == null) return null;
  const contract = await db.subscriptionContract.findUnique({
    where: { id: contractId },
    select: { subscriberToken: true },
  });
  return contract ? `/change_contract/${contract.subscriberToken}/` : null;
}

function validCard(card: CardDetails): string {
  const number = String(card.number ?? "").replace(/\s/g, "");
  if (!/^\d{12,19}$/.test(number)) throw invalid("number", "Enter a valid card number.");
  if (!(Number.isInteger(card.exp_month) && card.exp_month >= 1 && card.exp_month <= 12))
    throw invalid("exp_month", "Enter a valid expiry month.");
  if (!(Number.isInteger(card.exp_year) && card.exp_year >= 2000 && card.exp_year <= 2100))
    throw invalid("exp_year", "Enter a valid expiry year.");
  return number;
}

/**
 * A card saved without a payment that follows at once (the subscriber page's "Update card", a checkout with
 * nothing due now) is verified first by a zero-amount authorisation, as real processors do: a declined card
 * is refused (400 on `card`) and nothing on file changes; the registration stays open for another card. A
 * checkout's card is verified by its first payment instead (a card that declines it leaves the file).
 */
async function authorise(
  db: Pick<Ctx, "db">["db"],
  registration: { id: number; processorId: number; checkout: { total: { toString(): string } } | null },
  number: string,
) {
  if (registration.checkout && dec(registration.checkout.total).gt(0)) return;
  const processor = await db.accountPaymentProcessor.findUniqueOrThrow({ where: { id: registration.processorId } });
  const check = await adapterFor(processor.processorType).verify({
    currency: processor.currency,
    paymentMethod: { collectionMethod: "card", token: `tok_sandbox_${number}` },
  });
  if (check.status === "succeeded") return;
  await db.paymentMethodRegistration.update({
    where: { id: registration.id },
    data: { failCode: check.failCode, failMessage: check.failMessage },
  });
  throw new DomainError(
    "validation",
    check.failMessage,
    { card: [`${check.failMessage} It was not saved; try another card.`] },
    check.failCode,
  );
}

/** Stores the card as the registration's payment method; `ctx.clock` is the registration's account's time. */
export async function verifyCard(ctx: Pick<Ctx, "db" | "clock">, input: { registrationId: number; card: CardDetails }) {
  const { db } = ctx;
  const { card } = input;
  const now = ctx.clock.now();
  const number = validCard(card);
  const registration = await db.paymentMethodRegistration.findUniqueOrThrow({
    where: { id: input.registrationId },
    include: { checkout: { select: { total: true } } },
  });
  await authorise(db, registration, number);
  const method = await db.$transaction(async (tx) => {
    const paymentMethod = await tx.paymentMethod.create({
      data: {
        accountId: registration.accountId,
        customerId: registration.customerId,
        processorId: registration.processorId,
        collectionMethod: "card",
        state: "active",
        verified: true,
        cardBrand: brandOf(number),
        cardLast4: number.slice(-4),
        cardExpMonth: card.exp_month,
        cardExpYear: card.exp_year,
        token: `tok_sandbox_${number}`,
      },
    });
    // a new card replaces the customer's other active cards at this processor (spec 4.4)
    await tx.paymentMethod.updateMany({
      where: {
        customerId: registration.customerId,
        processorId: registration.processorId,
        collectionMethod: "card",
        state: "active",
        NOT: { id: paymentMethod.id },
      },
      data: { state: "canceled", canceledAt: now, token: null, setupData: {} },
    });
    await tx.paymentMethodRegistration.update({
      where: { id: registration.id },
      data: { status: "verified", paymentMethodId: paymentMethod.id },
    });
    return paymentMethod;
  });
  return method.id;
}

export interface CardFormInput {
  token: string;
  card?: CardDetails;
  encrypted_card?: string;
}

/**
 * The hosted form's submission: a card (generic, vendor C), an encrypted card (vendor A) or vendor B's
 * drop-in completion (the sandbox processor then confirms by its webhook, sent to `sandboxWebhooks`: the
 * caller's way to the webhook handler, which cannot be imported here as it imports this file for verifyCard).
 * Public like registrationForPage.
 */
export async function submitRegistration(
  ctx: Pick<Ctx, "db" | "clock">,
  body: CardFormInput,
  { sandboxWebhooks }: { sandboxWebhooks: SandboxWebhookReceiver },
): Promise<{ status: string }> {
  const db = ctx.db;
  const registration = await db.paymentMethodRegistration.findUnique({ where: { token: body.token } });
  if (!registration) throw new DomainError("not_found", "Not found.");
  const now = (await accountClockOf(db, registration.accountId, ctx.clock)).now();
  if (registration.expiresAt < now) throw invalid("non_field_errors", "This registration has expired.");
  if (registration.status === "verified") return { status: "verified" };
  const processor = await db.accountPaymentProcessor.findUniqueOrThrow({ where: { id: registration.processorId } });
  let card = body.card;
  if (processor.renderMode === "vendor_a_encrypted_card") {
    if (!body.encrypted_card)
      throw invalid("encrypted_card", "The card must be encrypted in the browser with the processor's public key.");
    try {
      const plain = privateDecrypt(
        {
          key: (processor.config as Record<string, string>).private_key,
          padding: constants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: "sha256",
        },
        Buffer.from(body.encrypted_card, "base64"),
      );
      card = JSON.parse(plain.toString("utf8"));
    } catch {
      throw invalid("encrypted_card", "The encrypted card could not be decrypted.");
    }
  }
  if (!card) throw invalid("card", "Card details are required.");
  if (processor.renderMode === "vendor_b_checkout") {
    // delayed tokenization: the drop-in completed; the processor confirms later by webhook
    validCard(card);
    const session = newToken("vbs");
    await db.paymentMethodRegistration.update({
      where: { id: registration.id },
      data: { status: "processing", processorSession: session },
    });
    sandboxTokenization(sandboxWebhooks, { processor, session, card });
    return { status: "processing" };
  }
  await verifyCard({ db, clock: fixedClock(now) }, { registrationId: registration.id, card });
  return { status: "verified" };
}
