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

export function presentProcessorOption(p: Processor, resolution = "eligible"): ProcessorOptionOut {
  const mode = MODES[p.renderMode] ?? MODES.generic_card_form;
  const config = p.config as Record<string, unknown>;
  const card = p.collectionMethod === "card";
  return {
    account_payment_processor_id: p.id,
    display_name: p.displayName,
    payment_processor: p.processorType.replace(/^sandbox_/, "sandbox-"),
    collection_method: p.collectionMethod,
    resolution_source: resolution,
    supports_initial_charge: p.supportsInitial,
    supports_recurring_charge: p.supportsRecurring,
    render_mode: p.renderMode as ProcessorOptionOut["render_mode"],
    payment_processor_type: p.processorType,
    is_3d_secure: card && mode.is3ds,
    card_collection_in_frontend: card && mode.frontend,
    supports_checkout: true,
    address_required: p.collectionMethod === "invoice",
    registration_mode: card ? mode.registration : "not_required",
    public_registration_config: {
      ...(config.public_key ? { public_key: config.public_key, algorithm: "RSA-OAEP-256" } : {}),
      ...(p.renderMode === "vendor_b_checkout" ? { drop_in: "sandbox", completion: "processor_webhook" } : {}),
      ...(p.renderMode === "vendor_c_checkout" ? { embedded: "sandbox", completion: "synchronous" } : {}),
    },
  };
}

export function presentPaymentMethod(m: Method): PaymentMethodOut {
  const setup = (m.setupData ?? {}) as Record<string, unknown>;
  return {
    id: m.id,
    customer_id: m.customerId,
    customer_reference: m.customer.reference,
    account_payment_processor_id: m.processorId,
    collection_method: m.collectionMethod,
    state: m.state as PaymentMethodOut["state"],
    verified: m.verified,
    card:
      m.collectionMethod === "card"
        ? { brand: m.cardBrand, last4: m.cardLast4, exp_month: m.cardExpMonth, exp_year: m.cardExpYear }
        : null,
    billing_email: (setup.billing_email as string) ?? null,
    billing_reference: (setup.billing_reference as string) ?? null,
    billing_address: (setup.billing_address as Record<string, unknown>) ?? null,
    metadata: m.metadata as Record<string, unknown>,
    created_at: iso(m.createdAt),
    updated_at: iso(m.updatedAt),
    canceled_at: isoN(m.canceledAt),
  };
}
