// Processors and payment methods → API shapes (spec 2.8, 4.4). Secrets and tokens never leave here.

import { iso, isoN } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { PaymentMethodOut, ProcessorOptionOut } from "@/server/schemas/payments";

type Processor = Prisma.AccountPaymentProcessorGetPayload<object>;
type Method = Prisma.PaymentMethodGetPayload<{ include: { customer: { select: { reference: true } } } }>;

const MODES: Record<string, { is3ds: boolean; frontend: boolean; registration: string }> = {
  generic_card_form: { is3ds: false, frontend: false, registration: "hosted_card_form" },
  vendor_a_encrypted_card: { is3ds: false, frontend: true, registration: "client_side_encryption" },
  vendor_b_checkout: { is3ds: true, frontend: true, registration: "delayed_tokenization" },
  vendor_c_checkout: { is3ds: true, frontend: true, registration: "delayed_tokenization" },
};

export function presentProcessorOption(processor: Processor, resolution = "eligible"): ProcessorOptionOut {
  const mode = MODES[processor.renderMode] ?? MODES.generic_card_form;
  const config = processor.config as Record<string, unknown>;
  const card = processor.collectionMethod === "card";
  return {
    account_payment_processor_id: processor.id,
    display_name: processor.displayName,
    payment_processor: processor.processorType.replace(/^sandbox_/, "sandbox-"),
    collection_method: processor.collectionMethod,
    resolution_source: resolution,
    supports_initial_charge: processor.supportsInitial,
    supports_recurring_charge: processor.supportsRecurring,
    render_mode: processor.renderMode as ProcessorOptionOut["render_mode"],
    payment_processor_type: processor.processorType,
    is_3d_secure: card && mode.is3ds,
    card_collection_in_frontend: card && mode.frontend,
    supports_checkout: true,
    address_required: processor.collectionMethod === "invoice",
    registration_mode: card ? mode.registration : "not_required",
    public_registration_config: {
      ...(config.public_key ? { public_key: config.public_key, algorithm: "RSA-OAEP-256" } : {}),
      ...(processor.renderMode === "vendor_b_checkout" ? { drop_in: "sandbox", completion: "processor_webhook" } : {}),
      ...(processor.renderMode === "vendor_c_checkout" ? { embedded: "sandbox", completion: "synchronous" } : {}),
    },
  };
}

export function presentPaymentMethod(method: Method): PaymentMethodOut {
  const setup = (method.setupData ?? {}) as Record<string, unknown>;
  return {
    id: method.id,
    customer_id: method.customerId,
    customer_reference: method.customer.reference,
    account_payment_processor_id: method.processorId,
    collection_method: method.collectionMethod,
    state: method.state as PaymentMethodOut["state"],
    verified: method.verified,
    card:
      method.collectionMethod === "card"
        ? {
            brand: method.cardBrand,
            last4: method.cardLast4,
            exp_month: method.cardExpMonth,
            exp_year: method.cardExpYear,
          }
        : null,
    billing_email: (setup.billing_email as string) ?? null,
    billing_reference: (setup.billing_reference as string) ?? null,
    billing_address: (setup.billing_address as Record<string, unknown>) ?? null,
    metadata: method.metadata as Record<string, unknown>,
    created_at: iso(method.createdAt),
    updated_at: iso(method.updatedAt),
    canceled_at: isoN(method.canceledAt),
  };
}
