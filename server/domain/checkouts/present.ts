// A hosted checkout and a payment-method registration as the API prints them (with the checkout's URL).
import { fmt4 } from "@/server/domain/money";
import { iso, isoN } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CheckoutOut, RegistrationOut } from "@/server/schemas/payments";

type CheckoutRow = Prisma.CheckoutGetPayload<object>;

/** `checkout_url` is the checkout's own API address (spec 1), not a payment page. */
export const checkoutUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, "")}/api/v2/checkouts/${token}/`;

export function presentCheckout(
  checkout: CheckoutRow,
  customerReference: string,
  origin: string,
  now: Date,
): CheckoutOut {
  // a pending checkout past its lifetime can no longer be finalized: it reads as expired
  const status =
    checkout.status === "finalizing"
      ? "pending"
      : checkout.status === "pending" && checkout.expiresAt <= now
        ? "expired"
        : checkout.status;
  return {
    id: checkout.id,
    token: checkout.token,
    checkout_url: checkoutUrl(origin, checkout.token),
    status: status as CheckoutOut["status"],
    customer_id: checkout.customerId,
    customer_reference: customerReference,
    currency: checkout.currency,
    subtotal_amount: fmt4(checkout.subtotal),
    tax_amount: fmt4(checkout.tax),
    total_amount: fmt4(checkout.total),
    contract_id: checkout.contractId,
    initial_billing_run_id: checkout.initialBillingRunId,
    account_payment_processor_id: checkout.processorId,
    collection_method: checkout.collectionMethod,
    payment_method_id: checkout.paymentMethodId,
    shipping_selection: (checkout.shippingSelection as Record<string, unknown> | null) ?? null,
    quote_snapshot: checkout.quoteSnapshot as Record<string, unknown>,
    fail_code: checkout.failCode,
    fail_message: checkout.failMessage,
    expires_at: iso(checkout.expiresAt),
    finalized_at: isoN(checkout.finalizedAt),
    created_at: iso(checkout.createdAt),
    updated_at: iso(checkout.updatedAt),
  };
}

type RegistrationRow = Prisma.PaymentMethodRegistrationGetPayload<{
  include: { checkout: { select: { token: true } } };
}>;

export function presentRegistration(
  registration: RegistrationRow,
  renderMode: string,
  origin: string,
): RegistrationOut {
  const base = origin.replace(/\/+$/, "");
  return {
    token: registration.token,
    status: registration.status as RegistrationOut["status"],
    // a card update from the subscriber page has no checkout
    checkout_token: registration.checkout?.token ?? "",
    account_payment_processor_id: registration.processorId,
    render_mode: renderMode,
    hosted_url: `${base}/pay/registrations/${registration.token}`,
    status_url: `${base}/api/v2/payment-method-registrations/${registration.token}/`,
    payment_method_id: registration.paymentMethodId,
    fail_code: registration.failCode,
    fail_message: registration.failMessage,
    expires_at: iso(registration.expiresAt),
    created_at: iso(registration.createdAt),
  };
}
