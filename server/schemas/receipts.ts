// The receipt of a succeeded billing run (extension): GET /v2/billing-runs/{id}/receipt/.
import { z } from "zod";
import { dateTime, money, namedObject } from "./common";

export const receiptResponse = namedObject("Receipt", {
  receipt_number: z.string().meta({
    description: "Sequential per account with no gaps (R-000001, R-000002, …), given when the run succeeded",
    example: "R-000042",
  }),
  sequence: z.number().int().meta({ description: "The receipt number as an integer" }),
  billing_run_id: z.number().int(),
  contract_id: z.number().int(),
  issued_at: dateTime.meta({
    description:
      "When the run was settled (its successful payment, or credit), on the account's clock; numbers follow it",
  }),
  currency: z.string(),
  seller: z.object({ name: z.string() }),
  customer: z.object({
    reference: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    billing_address: z.record(z.string(), z.string()).nullable().meta({
      description: "Extension: the billing address the customer gave in the portal, as of the receipt's issue",
    }),
    tax_id: z.string().nullable().meta({ description: "Extension: the customer's tax ID as of the receipt's issue" }),
  }),
  period_start_at: dateTime,
  period_end_at: dateTime,
  lines: z.array(
    z.object({
      product_name: z.string(),
      explanation: z.string().meta({ description: "How the line's amount was computed" }),
      kind: z.string(),
      proration_reason: z.string().nullable(),
      service_period_start_at: dateTime,
      service_period_end_at: dateTime,
      quantity: z.number().int(),
      unit_amount: money,
      discount_amount: money.meta({
        description: "What the item's discount or a coupon took off the line (negative on a credit line)",
      }),
      subtotal_amount: money.meta({ description: "The line net of tax" }),
      tax_rate: z.string().nullable().meta({ description: 'Percentage, e.g. "24"; null when untaxed' }),
      tax_policy: z.enum(["inclusive", "exclusive"]).nullable(),
      tax_amount: money,
      total_amount: money,
    }),
  ),
  subtotal_amount: money,
  discount_amount: money.meta({
    description:
      "Sum of the lines' discounts (already deducted from the lines): only discounts and coupons, never proration",
  }),
  taxes: z.array(
    z.object({ rate: z.string(), policy: z.string(), taxable_amount: money, tax_amount: money }).meta({
      description: "Tax per rate",
    }),
  ),
  tax_amount: money,
  total_amount: money,
  credit_applied_amount: money,
  rounding_adjustment_amount: money.meta({
    description: "As on the billing run: amount due − charged_amount (negative when the charge was rounded up)",
  }),
  rounding_amount: money.meta({
    description:
      "What rounding to the currency's minor unit added to reach the charged amount: charged_amount − amount due (12.2760 charged as 12.28: 0.0040)",
  }),
  charged_amount: money.meta({ description: "What was charged, in the currency's minor unit" }),
  payments: z.array(
    z.object({
      transaction_id: z.string().nullable(),
      paid_at: dateTime,
      amount: money,
      method: z
        .enum(["processor", "bank_transfer", "cash", "cheque", "other"])
        .meta({ description: "processor: charged by the payment processor; else recorded by the seller (mark paid)" }),
      reference: z.string().nullable().meta({ description: "The transfer's reference, cheque number… (mark paid)" }),
    }),
  ),
  credits_used: z.array(z.object({ amount: money, reason: z.string(), applied_at: dateTime })),
  credit_notes: z
    .array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        issued_at: dateTime,
        reason: z.string(),
        total_amount: money,
        refund_amount: money,
        credit_amount: money,
        refunded_amount: money,
      }),
    )
    .meta({ description: "Credit notes correcting this receipt (refunds and credits), in the order issued" }),
});
