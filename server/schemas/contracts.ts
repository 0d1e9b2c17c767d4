// Zod schemas of subscription contracts: the response, create and patch bodies, the operation bodies and
// proration previews.
import { z } from "zod";
import { createSchema } from "zod-openapi";
import { dateTime, idQuery, input, metadata, money, namedObject, pageQuery, timestamps } from "./common";
import { discountInputFields } from "./coupons";
import { offerFields, quantityInput } from "./offers";
import { pricedLineFields } from "./runShapes";

// Outputs ------------------------------------------------------------------------------------------
export const contractItemResponse = namedObject("ContractItem", {
  id: z.number().int(),
  price_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_amount: money.meta({ description: "Effective unit amount now (override or current price version)" }),
  unit_amount_override: money.nullable(),
  discount_percent: z.string().nullable(),
  start_at: dateTime.nullable(),
  end_at: dateTime.nullable(),
  source: z.string(),
  bundle_item_id: z.number().int().nullable(),
  rule_id: z.number().int().nullable(),
  status: z.enum(["active", "removed"]),
  current_service_period_start_at: dateTime.nullable(),
  current_service_period_end_at: dateTime.nullable(),
  entitled_until: dateTime.nullable(),
  service_active: z.boolean(),
  metadata,
});

export const contractPauseResponse = namedObject("ContractPause", {
  id: z.number().int(),
  start_date: dateTime,
  end_date: dateTime,
  state: z.enum(["scheduled", "active", "completed", "canceled"]),
  reason: z.string().nullable(),
  canceled_at: dateTime.nullable(),
  created_at: dateTime,
});

export const runSummaryResponse = namedObject("BillingRunSummary", {
  id: z.number().int(),
  kind: z.string(),
  state: z.string(),
  period_start_at: dateTime,
  period_end_at: dateTime,
  total_amount: money,
  attempt_count: z.number().int(),
});

export const entitlementSummaryResponse = namedObject("EntitlementSummary", {
  service_active: z.boolean(),
  entitled_until: dateTime.nullable(),
  products: z.array(
    z.object({
      product_id: z.number().int(),
      product_name: z.string(),
      quantity: z.number().int(),
      entitled_until: dateTime.nullable(),
    }),
  ),
});

export const scheduledChangeResponse = z
  .object({
    id: z.number().int(),
    contract_item_id: z.number().int(),
    kind: z
      .enum(["update", "remove"])
      .meta({ description: "update: new price and/or quantity; remove: the item ends" }),
    price_id: z.number().int().nullable(),
    product_name: z.string().nullable().meta({ description: "Product of the new price (null for a removal)" }),
    quantity: z.number().int().nullable(),
    effective_at: dateTime.meta({ description: "The end of the item's current period, before its renewal run" }),
    state: z.enum(["scheduled", "applied", "canceled"]),
    requested_by: z.enum(["subscriber", "seller"]),
    created_at: dateTime,
    applied_at: dateTime.nullable(),
    canceled_at: dateTime.nullable(),
  })
  .meta({
    id: "ScheduledItemChange",
    "x-extension": true,
    description: "Extension: an item change taking effect at the end of the item's current period (no proration)",
  });

export const contractResponse = namedObject("SubscriptionContract", {
  id: z.number().int(),
  customer_id: z.number().int(),
  customer: z.object({
    id: z.number().int(),
    reference: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  customer_reference: z.string(),
  state: z.enum(["inactive", "active", "paused", "canceled", "ended"]),
  currency: z.string(),
  recurring: z.boolean(),
  contract_version: z.number().int(),
  billing_anchor_at: dateTime,
  billing_timezone: z.string(),
  billing_time: z.string(),
  billing_advance_policy: z.enum(["on_run_created", "on_run_succeeded"]),
  next_billing_at: dateTime.nullable(),
  trial_start_at: dateTime.nullable(),
  trial_end_at: dateTime.nullable(),
  trial_end_behavior: z.enum(["cancel", "pause"]).nullable().meta({
    "x-extension": true,
    description: "Extension: what the trial end does without a usable payment method (null: no trial)",
  }),
  cancel_at_period_end: z.boolean(),
  cancel_at: dateTime.nullable(),
  canceled_at: dateTime.nullable(),
  ended_at: dateTime.nullable(),
  ended_reason: z.string().nullable().meta({
    "x-extension": true,
    description:
      "Extension: why the contract ended when not by its own schedule or a cancellation: `unpaid_checkout` (its checkout's first payment was never made; it never activated)",
  }),
  service_active: z.boolean(),
  service_state: z.enum(["active", "inactive", "partial", "past_due"]),
  entitlement_summary: entitlementSummaryResponse,
  billing_attention_required: z.boolean(),
  has_future_pause: z.boolean(),
  paused_until: dateTime.nullable(),
  pauses: z.array(contractPauseResponse),
  current_pauses: z.array(contractPauseResponse),
  future_pauses: z.array(contractPauseResponse),
  past_pauses: z.array(contractPauseResponse),
  items: z.array(contractItemResponse),
  latest_billing_run: runSummaryResponse.nullable(),
  initial_billing_run: runSummaryResponse.nullable(),
  discount: z.record(z.string(), z.unknown()).nullable(),
  delivery_address: z.record(z.string(), z.unknown()).nullable(),
  shipping_selection: z.record(z.string(), z.unknown()).nullable(),
  legacy_subscription_ids: z.array(z.union([z.number(), z.string()])),
  metadata,
  subscriber_page: z.string(),
  ...timestamps,
  // extensions
  input_mode: z.string(),
  bundle_template_id: z.number().int().nullable(),
  bundle_quantity: z.number().int().nullable(),
  initial_billing_mode: z.string(),
  payment_processor_override: z.number().int().nullable(),
  accounting_department: z.string().nullable(),
  accounting_cost_center: z.string().nullable(),
  credit_balance: money.meta({ description: "Extension: unused contract credit" }),
  auto_apply_credit: z.boolean().meta({
    "x-extension": true,
    description: "Extension: whether runs use contract credit automatically (default false, spec 4.6)",
  }),
  scheduled_changes: z.array(scheduledChangeResponse).meta({
    "x-extension": true,
    description:
      "Extension: pending item changes that take effect at the item's period end (a customer's downgrade under the default self-service policy); cancel one with DELETE .../scheduled-changes/{changeId}/",
  }),
  cancellation_feedback: z
    .object({
      reason: z.string().nullable(),
      offer: z.enum(["accepted", "declined"]).nullable(),
      coupon_id: z.number().int().nullable(),
      at: dateTime,
    })
    .nullable()
    .meta({
      "x-extension": true,
      description:
        "Extension: the customer's cancellation on the subscriber page or portal: the reason picked and the retention offer's outcome (accepted: the coupon was applied and the contract kept; declined: shown, then cancelled; null: none shown)",
    }),
});

// Inputs -------------------------------------------------------------------------------------------
const idempotencyKey = z.string({ error: "A string is required." }).min(1).max(255).optional();
const reason = z.string({ error: "A string is required." }).max(1000).optional();
const address = z.record(z.string(), z.unknown(), { error: "A JSON object is required." }).nullable().optional();

export const contractCreateBody = namedObject("ContractCreateRequest", {
  ...offerFields,
  delivery_address: address,
  billing_advance_policy: z
    .enum(["on_run_created", "on_run_succeeded"], { error: "Must be on_run_created or on_run_succeeded." })
    .optional(),
  activate: z
    .boolean({ error: "Must be a boolean." })
    .optional()
    .meta({ description: "Extension: false creates an inactive contract (activate later)" }),
  auto_apply_credit: z.boolean({ error: "Must be a boolean." }).optional().meta({
    "x-extension": true,
    description:
      "Extension: true lets every run use the contract credit automatically (default false: credit is used only by POST /v2/billing-runs/{id}/apply-credit/)",
  }),
  accounting_department: z.string().max(200).nullable().optional(),
  accounting_cost_center: z.string().max(200).nullable().optional(),
  idempotency_key: idempotencyKey,
  ...discountInputFields,
});

export const contractPatchBody = z
  .strictObject(
    {
      metadata: input.metadata.optional(),
      payment_processor_override: input.id.nullable().optional(),
      delivery_address: address,
      accounting_department: z.string({ error: "A string is required." }).max(200).nullable().optional(),
      accounting_cost_center: z.string({ error: "A string is required." }).max(200).nullable().optional(),
    },
    { error: (i) => (i.code === "unrecognized_keys" ? "This field cannot be changed." : undefined) },
  )
  .meta({ id: "ContractPatchRequest" });

export const contractListQuery = z.object({
  state: z
    .enum(["inactive", "active", "paused", "canceled", "ended"], {
      error: "Must be one of inactive, active, paused, canceled, ended.",
    })
    .optional(),
  customer: idQuery,
  customer_reference: z.string().optional(),
  ...pageQuery,
});

const prorationBehavior = z
  .enum(["none", "create_prorations", "always_invoice"], {
    error: "Must be none, create_prorations or always_invoice.",
  })
  .optional();
const settlementBehavior = z
  .enum(["next_invoice", "invoice_now", "credit_balance"], {
    error: "Must be next_invoice, invoice_now or credit_balance.",
  })
  .optional();
const common = {
  proration_behavior: prorationBehavior,
  settlement_behavior: settlementBehavior,
  include_pending_adjustments: z.boolean({ error: "Must be a boolean." }).optional(),
  reason,
  idempotency_key: idempotencyKey,
  preview_token: z.string().max(2000).optional(),
};
const strict = {
  error: (i: { code: string }) => (i.code === "unrecognized_keys" ? "Unknown field for this operation." : undefined),
};

/** What an item change does when the charge it bills now fails (extension, Stripe's payment_behavior). */
export const PAYMENT_BEHAVIORS = ["allow_incomplete", "pending_if_incomplete"] as const;
export type PaymentBehavior = (typeof PAYMENT_BEHAVIORS)[number];
const paymentBehavior = z
  .enum(PAYMENT_BEHAVIORS, { error: "Must be allow_incomplete or pending_if_incomplete." })
  .optional()
  .meta({
    "x-extension": true,
    description:
      "Extension: when the change bills a charge now (settlement_behavior=invoice_now or proration_behavior=always_invoice): allow_incomplete (the default, unless the account's console settings choose otherwise) applies the change and leaves the adjustment run to billing and dunning; pending_if_incomplete charges first and applies the change only when the payment succeeds (a failed payment changes nothing: 400 `payment` with the processor's reason, the run canceled; a payment waiting for the customer's bank, pending_external, applies or drops the change when the processor settles it)",
  });

// the item terms an add and an update both take
const itemTerms = {
  quantity: quantityInput.optional(),
  discount_percent: input.percent.nullable().optional(),
  unit_amount_override: input.money.nullable().optional(),
  effective_at: input.dateTime.optional(),
};
const itemCommon = { ...common, payment_behavior: paymentBehavior };
export const itemAddBody = z.strictObject({ price: input.id, ...itemTerms, ...itemCommon }, strict);
export const itemUpdateBody = z.strictObject(
  { contract_item: input.id, price: input.id.optional(), ...itemTerms, ...itemCommon },
  strict,
);
export const itemRemoveBody = z.strictObject(
  { contract_item: input.id, effective_at: input.dateTime.optional(), ...itemCommon },
  strict,
);
export const cancelBody = z.strictObject(
  {
    cancel_at_period_end: z.boolean({ error: "Must be a boolean." }).optional(),
    cancel_at: input.dateTime.optional(),
    effective_at: input.dateTime.optional(),
    ...common,
  },
  strict,
);
export const restartBody = z.strictObject({ effective_at: input.dateTime.optional(), ...common }, strict);
export const pauseBody = z.strictObject({ start_date: input.dateTime, end_date: input.dateTime, ...common }, strict);
export const resumeBody = z.strictObject({ effective_at: input.dateTime.optional(), ...common }, strict);

export const operationBodies = {
  add_item: itemAddBody,
  update_item: itemUpdateBody,
  remove_item: itemRemoveBody,
  cancel: cancelBody,
  restart: restartBody,
  pause: pauseBody,
  resume: resumeBody,
} as const;
export type Operation = keyof typeof operationBodies;

/**
 * The preview body as the document shows it: one variant per operation, that operation's fields plus
 * `operation` (optional for update_item, the default). Rendered from the operation bodies themselves; the
 * runtime reads `operation` here and the rest with that operation's body (domain/contracts/operations.ts).
 */
let previewVariants: unknown[] | undefined;
const documentPreviewVariants = ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
  previewVariants ??= (Object.keys(operationBodies) as Operation[]).map(
    (operation) =>
      createSchema(
        operationBodies[operation].extend({
          operation:
            operation === "update_item"
              ? z.literal(operation).optional().meta({ default: operation })
              : z.literal(operation),
        }),
        { io: "input" },
      ).schema,
  );
  for (const key of Object.keys(jsonSchema)) if (key !== "description") delete jsonSchema[key];
  jsonSchema.oneOf = previewVariants;
};

export const previewBody = z
  .looseObject({
    operation: z
      .enum(Object.keys(operationBodies) as [Operation, ...Operation[]], { error: "Unknown operation." })
      .optional(),
  })
  .meta({
    id: "ProrationPreviewRequest",
    description: "`operation` (default update_item) and that operation's fields, as its own request takes them",
    override: documentPreviewVariants,
  });

export const prorationLineResponse = namedObject("ProrationLine", {
  ...pricedLineFields,
  line_total_amount: money,
  line_subtotal_amount: money,
  line_tax_amount: money,
  service_period_start_at: dateTime,
  service_period_end_at: dateTime,
  proration_reason: z.string(),
  description: z.string(),
});

export const prorationPreviewResponse = namedObject("ProrationPreview", {
  operation: z.string(),
  contract_id: z.number().int(),
  contract_version: z.number().int(),
  effective_at: dateTime,
  proration_behavior: z.string(),
  settlement_behavior: z.string(),
  include_pending_adjustments: z.boolean(),
  lines: z.array(prorationLineResponse),
  subtotal_amount: money,
  tax_amount: money,
  total_amount: money.meta({ description: "Net of all lines (negative = credit to the customer)" }),
  invoice_now_amount: money,
  next_invoice_amount: money,
  credit_amount: money.meta({ description: "Amount recorded as contract credit" }),
  pending_adjustments_amount: money,
  resulting_state: z.string(),
  preview_token: z.string(),
  expires_at: dateTime,
});

export const itemChangeResponse = namedObject("ContractItemChangeResult", {
  contract: contractResponse,
  contract_item: contractItemResponse.nullable(),
  proration: prorationPreviewResponse.omit({ preview_token: true, expires_at: true }),
  adjustment_billing_run_id: z.number().int().nullable(),
  change_state: z.enum(["applied", "awaiting_payment"]).optional().meta({
    "x-extension": true,
    description:
      "Extension, only with payment_behavior=pending_if_incomplete: applied (paid, or nothing to pay now) or awaiting_payment (the processor waits for the customer, e.g. 3-D Secure: the contract is unchanged until the adjustment run settles; it then applies or drops the change)",
  }),
});

/**
 * An item change whose payment now failed under payment_behavior=pending_if_incomplete: a 400 naming the voided
 * adjustment run (nothing on the contract changed).
 */
export const itemChangePaymentFailedResponse = z
  .object({
    payment: z.array(z.string()).meta({ description: "The processor's reason" }),
    code: z.string().meta({ description: "The fail code (e.g. `card_declined`), `payment_failed` without one" }),
    adjustment_billing_run_id: z.number().int().meta({ description: "The voided run that tried the charge" }),
    contract_id: z.number().int(),
  })
  .meta({
    id: "ItemChangePaymentFailed",
    "x-extension": true,
    description: "Extension: the 400 of an item change charged now whose payment failed (pending_if_incomplete)",
  });

export type ContractOut = z.infer<typeof contractResponse>;
export type ScheduledChangeOut = z.infer<typeof scheduledChangeResponse>;
export type ContractItemOut = z.infer<typeof contractItemResponse>;
export type ContractPauseOut = z.infer<typeof contractPauseResponse>;
export type ContractCreateInput = z.infer<typeof contractCreateBody>;
export type ContractPatchInput = z.infer<typeof contractPatchBody>;
export type ProrationPreviewOut = z.infer<typeof prorationPreviewResponse>;
export type PreviewLineOut = z.infer<typeof prorationLineResponse>;
export type ItemAddInput = z.infer<typeof itemAddBody>;
export type ItemUpdateInput = z.infer<typeof itemUpdateBody>;
export type ItemRemoveInput = z.infer<typeof itemRemoveBody>;
export type CancelInput = z.infer<typeof cancelBody>;
export type RestartInput = z.infer<typeof restartBody>;
export type PauseInput = z.infer<typeof pauseBody>;
export type ResumeInput = z.infer<typeof resumeBody>;
