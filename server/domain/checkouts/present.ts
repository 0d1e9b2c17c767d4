import { fmt4 } from "@/server/domain/money";
import { iso, isoN } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CheckoutOut, RegistrationOut } from "@/server/schemas/payments";

type CheckoutRow = Prisma.CheckoutGetPayload<object>;

/** `checkout_url` is the checkout's own API address (spec 1), not a payment page. */
export const checkoutUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, "")}/api/v2/checkouts/${token}/`;

export function presentCheckout(c: CheckoutRow, customerReference: string, origin: string, now: Date): CheckoutOut {
  // a pending checkout past its lifetime can no longer be finalized: it reads as expired
  const status =
    c.status === "finalizing" ? "pending" : c.status === "pending" && c.expiresAt <= now ? "expired" : c.status;
  return {
    id: c.id,
    token: c.token,
    checkout_url: checkoutUrl(origin, c.token),
    status: status as CheckoutOut["status"],
    customer_id: c.customerId,
    customer_reference: customerReference,
    currency: c.currency,
    subtotal_amount: fmt4(c.subtotal),
    tax_amount: fmt4(c.tax),
    total_amount: fmt4(c.total),
    contract_id: c.contractId,
    initial_billing_run_id: c.initialBillingRunId,
    account_payment_processor_id: c.processorId,
    collection_method: c.collectionMethod,
    payment_method_id: c.paymentMethodId,
    shipping_selection: (c.shippingSelection as Record<string, unknown> | null) ?? null,
    quote_snapshot: c.quoteSnapshot as Record<string, unknown>,
    fail_code: c.failCode,
    fail_message: c.failMessage,
    expires_at: iso(c.expiresAt),
    finalized_at: isoN(c.finalizedAt),
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}

type RegistrationRow = Prisma.PaymentMethodRegistrationGetPayload<{
  include: { checkout: { select: { token: true } } };
}>;

export function presentRegistration(r: RegistrationRow, renderMode: string, origin: string): RegistrationOut {
  const base = origin.replace(/\/+$/, "");
  return {
    token: r.token,
    status: r.status as RegistrationOut["status"],
    // a card update from the subscriber page has no checkout
    checkout_token: r.checkout?.token ?? "",
    account_payment_processor_id: r.processorId,
    render_mode: renderMode,
    hosted_url: `${base}/pay/registrations/${r.token}`,
    status_url: `${base}/api/v2/payment-method-registrations/${r.token}/`,
    payment_method_id: r.paymentMethodId,
    fail_code: r.failCode,
    fail_message: r.failMessage,
    expires_at: iso(r.expiresAt),
    created_at: iso(r.createdAt),
  };
}
