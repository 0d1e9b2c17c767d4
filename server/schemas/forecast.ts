// Projections of future billing (extensions): upcoming runs of a contract, the account forecast.
import { z } from "zod";
import { billingRunLineResponse } from "./billing";
import { dateTime, money } from "./common";

export const upcomingQuery = z.object({
  until: z.string().optional().meta({
    description:
      "Project every regular run due up to this date (through the end of the day, UTC) or date-time; at most 24 months ahead. Default: only the next run.",
  }),
});

export const upcomingRunLineResponse = billingRunLineResponse.omit({ id: true }).meta({ id: "UpcomingRunLine" });

export const upcomingRunResponse = z
  .object({
    kind: z.literal("regular"),
    period_key: z.string(),
    scheduled_at: dateTime,
    currency: z.string(),
    period_start_at: dateTime,
    period_end_at: dateTime,
    subtotal_amount: money,
    tax_amount: money,
    total_amount: money,
    credit_applied_amount: money.meta({ description: "Contract credit the run would use (auto_apply_credit only)" }),
    amount_due: money,
    rounding_adjustment_amount: money,
    charged_amount: money,
    next_billing_at: dateTime.nullable().meta({ description: "The contract's next_billing_at after this run" }),
    lines: z.array(upcomingRunLineResponse),
  })
  .meta({ id: "UpcomingRun" });

export const upcomingResponse = z
  .object({
    contract_id: z.number().int(),
    currency: z.string(),
    until: dateTime.nullable(),
    results: z.array(upcomingRunResponse),
  })
  .meta({ id: "UpcomingRuns" });
