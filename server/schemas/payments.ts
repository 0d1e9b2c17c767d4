// Zod schemas of payments: processor options, payment methods, checkouts and registrations.
import { z } from "zod";
import { dateTime, idInput, metadata, metadataInput, money, namedObject, timestamps } from "./common";
import { discountInputFields } from "./coupons";
import { offerFields } from "./offers";

export const collectionMethod = z.enum(["card", "claim", "invoice"], { error: "Must be card, claim or invoice." });

export const processorOptionResponse = namedObject("PaymentProcessorOption", {
  account_payment_processor_id: z.number().int(),
  display_name: z.string(),
  payment_processor: z.string(),
  collection_method: z.string(),
  resolution_source: z.string(),
  supports_initial_charge: z.boolean(),
  supports_recurring_charge: z.boolean(),
  render_mode: z.enum(["generic_card_form", "vendor_a_encrypted_card", "vendor_b_checkout", "vendor_c_checkout"]),
  payment_processor_type: z.string(),
  is_3d_secure: z.boolean(),
  card_collection_in_frontend: z.boolean(),
  supports_checkout: z.boolean(),
  address_required: z.boolean(),
  registration_mode: z.string(),
  public_registration_config: z.record(z.string(), z.unknown()),
});

export const processorOptionsBody = z
  .object({ ...offerFields, collection_method: collectionMethod.optional() })
  .meta({ id: "PaymentProcessorOptionsRequest" });
export const processorOptionsResponse = namedObject("PaymentProcessorOptions", {
  currency: z.string(),
  collection_method: z.string().nullable(),
  selected_account_payment_processor_id: z.number().int().nullable(),
  selection_reason: z.string(),
  requires_selection: z.boolean(),
  results: z.array(processorOptionResponse),
});

// The one shape of a card on file wherever the API shows one (a payment method, the personal-data export), so
// both mask it alike and the OpenAPI document publishes it once.
export const maskedCard = z
  .object({
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    exp_month: z.number().int().nullable(),
    exp_year: z.number().int().nullable(),
  })
  .meta({
    id: "MaskedCard",
    description: "Brand, last four digits and expiry; never the number or a processor token.",
  });

export const paymentMethodResponse = z
  .object({
    id: z.number().int(),
    customer_id: z.number().int(),
    customer_reference: z.string(),
    account_payment_processor_id: z.number().int(),
    collection_method: z.string(),
    state: z.enum(["active", "canceled", "temporary"]),
    verified: z.boolean(),
    card: maskedCard.nullable(),
    billing_email: z.string().nullable(),
    billing_reference: z.string().nullable(),
    billing_address: z.record(z.string(), z.unknown()).nullable(),
    metadata,
    ...timestamps,
    canceled_at: dateTime.nullable(),
    confirmation_required: z.boolean().optional().meta({
      description:
        "Only in the answer that created a temporary method with the public key (true): confirm it with the secret key (POST …/confirm/)",
    }),
  })
  .meta({ id: "CustomerPaymentMethod", description: "Sanitized: token data is never returned." });

const cardInput = z.object({
  number: z.string().regex(/^[\d ]{12,23}$/, "Enter a valid card number."),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z
    .string()
    .regex(/^\d{3,4}$/, "Enter a valid CVC.")
    .optional(),
});
const setupFields = {
  billing_email: z.email({ error: "Enter a valid email address." }).nullable().optional(),
  billing_reference: z.string().max(200).nullable().optional(),
  billing_address: z.record(z.string(), z.unknown()).nullable().optional(),
};
export const paymentMethodCreateBody = namedObject("PaymentMethodCreateRequest", {
  account_payment_processor: idInput,
  collection_method: collectionMethod,
  card: cardInput.optional(),
  token: z.string().max(500).optional().meta({ description: "Processor token to import instead of card details" }),
  ...setupFields,
  metadata: metadataInput.optional(),
});
export const paymentMethodPatchBody = z
  .strictObject(
    {
      card: z
        .object({ exp_month: z.number().int().min(1).max(12), exp_year: z.number().int().min(2000).max(2100) })
        .optional(),
      ...setupFields,
      metadata: z.record(z.string(), z.unknown()).optional(),
    },
    { error: (i) => (i.code === "unrecognized_keys" ? "This field cannot be changed." : undefined) },
  )
  .meta({ id: "PaymentMethodPatchRequest" });

export const shippingInput = z.object({
  option: idInput,
  location_id: z.string().max(200).optional(),
  location_name: z.string().max(500).optional(),
  location_address: z.string().max(1000).optional(),
});
export type ShippingInput = z.infer<typeof shippingInput>;

export const checkoutBody = namedObject("CheckoutCreateRequest", {
  ...offerFields,
  collection_method: collectionMethod.optional(),
  account_payment_processor: idInput.optional(),
  shipping: shippingInput.optional(),
  ...discountInputFields,
});

export const checkoutResponse = namedObject("Checkout", {
  id: z.number().int(),
  token: z.string(),
  checkout_url: z.string(),
  status: z.enum(["pending", "pending_external", "succeeded", "failed", "expired"]),
  customer_id: z.number().int(),
  customer_reference: z.string(),
  currency: z.string(),
  subtotal_amount: money,
  tax_amount: money,
  total_amount: money,
  contract_id: z.number().int().nullable(),
  initial_billing_run_id: z.number().int().nullable(),
  account_payment_processor_id: z.number().int().nullable(),
  collection_method: z.string(),
  payment_method_id: z.number().int().nullable(),
  shipping_selection: z.record(z.string(), z.unknown()).nullable(),
  quote_snapshot: z.record(z.string(), z.unknown()),
  fail_code: z.string().nullable(),
  fail_message: z.string().nullable(),
  expires_at: dateTime,
  finalized_at: dateTime.nullable(),
  ...timestamps,
});

/** The optional body of registration create and finalize (spec 4.7): no field is read; none, or `{}`, is sent. */
export const checkoutStepBody = z
  .looseObject({})
  .meta({ id: "CheckoutStepRequest", description: "Optional; no fields are read (an empty object is accepted)" });

/** A finalize whose payment attempt failed (spec 7.4): a 400 carrying the checkout, its payment's message and code. */
export const checkoutPaymentFailedResponse = checkoutResponse
  .extend({
    payment: z.array(z.string()).meta({ description: "The failed attempt's message" }),
    code: z.string().meta({ description: "The fail code (e.g. `card_declined`), `payment_failed` without one" }),
  })
  .meta({
    id: "CheckoutPaymentFailed",
    description:
      "Finalize's 400 after a failed payment attempt: the checkout (status failed; contract_id and initial_billing_run_id when created) with the attempt's message and code",
  });

export const registrationResponse = namedObject("PaymentMethodRegistration", {
  token: z.string(),
  status: z.enum(["pending", "processing", "verified", "failed", "expired"]),
  checkout_token: z.string(),
  account_payment_processor_id: z.number().int(),
  render_mode: z.string(),
  hosted_url: z.string().meta({ description: "Public page where the customer enters the card" }),
  status_url: z.string().meta({ description: "Private API address of this registration (secret key)" }),
  payment_method_id: z.number().int().nullable(),
  fail_code: z.string().nullable(),
  fail_message: z.string().nullable(),
  expires_at: dateTime,
  created_at: dateTime,
});

export type ProcessorOptionOut = z.infer<typeof processorOptionResponse>;
export type PaymentMethodOut = z.infer<typeof paymentMethodResponse>;
export type CheckoutOut = z.infer<typeof checkoutResponse>;
export type RegistrationOut = z.infer<typeof registrationResponse>;
