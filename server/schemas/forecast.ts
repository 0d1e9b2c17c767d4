// Projections of future billing (extensions): upcoming runs of a contract, the account forecast.
import { z } from "zod";
import { billingRunLineResponse } from "./billing";
import { dateTime, money, namedObject } from "./common";
import { runTotalsFields } from "./runShapes";

export const upcomingQuery = z.object({
  until: z.string().optional().meta({
    description:
      "Project every regular run due up to this date (through the end of the day, UTC) or date-time; at most 24 months ahead. Default: only the next run.",
  }),
});

export const upcomingRunLineResponse = billingRunLineResponse.omit({ id: true }).meta({ id: "UpcomingRunLine" });

export const upcomingRunResponse = namedObject("UpcomingRun", {
  kind: z.literal("regular"),
  period_key: z.string(),
  scheduled_at: dateTime,
  ...runTotalsFields,
  credit_applied_amount: money.meta({ description: "Contract credit the run would use (auto_apply_credit only)" }),
  amount_due: money,
  rounding_adjustment_amount: money,
  charged_amount: money,
  next_billing_at: dateTime.nullable().meta({ description: "The contract's next_billing_at after this run" }),
  lines: z.array(upcomingRunLineResponse),
});

export const upcomingResponse = namedObject("UpcomingRuns", {
  contract_id: z.number().int(),
  currency: z.string(),
  until: dateTime.nullable(),
  results: z.array(upcomingRunResponse),
});

export const forecastQuery = z.object({
  months: z.coerce
    .number({ error: "A valid integer is required." })
    .int("A valid integer is required.")
    .min(1, "Ensure this value is greater than or equal to 1.")
    .max(24, "Ensure this value is less than or equal to 24.")
    .optional()
    .meta({ description: "Months ahead, from the start of the current month (default 12, at most 24)" }),
});

const contractsOfMonth = z.object({
  count: z.number().int(),
  contract_ids: z.array(z.number().int()).meta({ description: "The first 20 contract ids" }),
});

export const forecastResponse = namedObject("AccountForecast", {
  from: dateTime,
  until: dateTime,
  contracts: z.number().int().meta({ description: "Live (active or paused) contracts forecast" }),
  months: z.array(z.string()).meta({ description: "YYYY-MM, UTC" }),
  currencies: z.array(
    z.object({
      currency: z.string(),
      months: z.array(
        z.object({
          month: z.string(),
          billed_amount: money.meta({ description: "Total of the regular runs projected in the month" }),
          runs: z.number().int(),
          ending: contractsOfMonth,
          renewing: contractsOfMonth.meta({ description: "Runs billing a period longer than 45 days" }),
          price_changes: contractsOfMonth.meta({
            description:
              "Runs where a line first pays another amount (a new version at the same amount, or an item's unit_amount_override, is no change)",
          }),
        }),
      ),
    }),
  ),
});
