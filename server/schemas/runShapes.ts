// Field groups that several response schemas carry in the same order: what a charged line says of its
// price, and a billing run's header (who, what state, the money over its service period). Spread into
// z.object({...}) where they stand, so the OpenAPI document keeps its property order.
import { z } from "zod";
import { dateTime, money } from "./common";
import { RUN_STATES } from "./runStates";

/** A line's price as billed: billing run lines and proration preview lines. */
export const pricedLineFields = {
  contract_item_id: z.number().int().nullable(),
  price_id: z.number().int(),
  price_version_id: z.number().int().nullable(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_amount: money,
  proration_factor: z.string(),
};

/** The money of a run over its service period: runs, their events and projected runs. */
export const runTotalsFields = {
  currency: z.string(),
  period_start_at: dateTime,
  period_end_at: dateTime,
  subtotal_amount: money,
  tax_amount: money,
  total_amount: money,
};

/** A billing run's header up to its totals: the run resource and the billing_run.* event data. */
export const runHeaderFields = <Kind extends z.ZodType>(kind: Kind) => ({
  id: z.number().int(),
  contract_id: z.number().int(),
  customer_id: z.number().int(),
  customer_reference: z.string().nullable(),
  kind,
  state: z.enum(RUN_STATES),
  ...runTotalsFields,
  attempt_count: z.number().int(),
});
