// Revenue analytics (extension): MRR movements, retention and cohorts, and the contracts behind a figure.
// Definitions: docs/decisions.md "Revenue analytics".
import { z } from "zod";
import { DRILL_KINDS } from "@/server/domain/analytics/contracts";
import { MOVEMENT_KINDS } from "@/server/domain/analytics/customerMonths";
import { MONTH_PATTERN } from "@/server/domain/analytics/range";
import { dateTime, money, namedObject } from "./common";
import { currencyInput } from "./currency";

const MONTH_MESSAGE = "Enter a month as YYYY-MM.";
const month = z.string({ error: MONTH_MESSAGE }).regex(MONTH_PATTERN, MONTH_MESSAGE);

export const analyticsQuery = z.object({
  currency: currencyInput.optional().meta({ description: "Only this currency (default: every currency)" }),
  from: month
    .optional()
    .meta({ description: "First month, YYYY-MM in the account's display time zone (default: 11 months before to)" }),
  to: month
    .optional()
    .meta({ description: "Last month, YYYY-MM (default: the account's current month); at most 36 months" }),
});

const rate = z.string().nullable().meta({
  description: "A fraction with four decimals (0.0500 = 5 %); null when its denominator is zero",
  example: "0.0500",
});

const rangeFields = {
  currency: z.string().nullable(),
  from: z.string().meta({ description: "YYYY-MM" }),
  to: z.string().meta({ description: "YYYY-MM" }),
  time_zone: z.string().meta({ description: "The account's display time zone, in which months are counted" }),
  now: dateTime.meta({ description: "The account's clock when the figures were read" }),
};

const movementResponse = namedObject("MrrMovement", {
  kind: z.enum(MOVEMENT_KINDS),
  amount: money.meta({ description: "Sum of the customers' MRR changes (contraction and churn are negative)" }),
  customers: z.number().int(),
  contracts: z.number().int().meta({ description: "Contracts whose MRR changed in these customers' movements" }),
  contract_ids: z.array(z.number().int()).meta({
    description: "The first 20 of those contracts; all of them from /v2/analytics/contracts/",
  }),
});

export const mrrMovementsResponse = namedObject(
  "MrrMovements",
  {
    ...rangeFields,
    currencies: z.array(
      z.object({
        currency: z.string(),
        months: z.array(
          z.object({
            month: z.string(),
            opening_mrr: money.meta({ description: "MRR at the month's first instant" }),
            movements: z.array(movementResponse),
            net_change: money,
            closing_mrr: money.meta({ description: "opening_mrr + the movements: MRR at the month's end" }),
            opening_customers: z.number().int().meta({ description: "Customers paying at the month's start" }),
            closing_customers: z.number().int(),
          }),
        ),
      }),
    ),
  },
  "Per month: opening MRR, new + expansion + contraction + churn + reactivation, closing MRR (opening + movements = closing exactly).",
);

export const retentionResponse = namedObject("Retention", {
  ...rangeFields,
  currencies: z.array(
    z.object({
      currency: z.string(),
      months: z.array(
        z.object({
          month: z.string(),
          opening_customers: z.number().int(),
          new_customers: z.number().int(),
          reactivated_customers: z.number().int(),
          churned_customers: z.number().int(),
          closing_customers: z.number().int(),
          opening_mrr: money,
          closing_mrr: money,
          logo_churn_rate: rate.meta({ description: "churned customers / opening customers" }),
          revenue_churn_rate: rate.meta({ description: "(churned MRR + contraction MRR) / opening MRR" }),
          net_revenue_retention: rate.meta({
            description: "(opening MRR + expansion − contraction − churn) / opening MRR; new and reactivation excluded",
          }),
          arpa: money.nullable().meta({ description: "closing MRR / closing customers" }),
          ltv: money.nullable().meta({ description: "ARPA / logo churn rate; null without churn" }),
        }),
      ),
      summary: z.object({
        logo_churn_rate: rate.meta({ description: "Σ churned customers / Σ opening customers over the months" }),
        revenue_churn_rate: rate.meta({ description: "Σ (churn + contraction) / Σ opening MRR over the months" }),
        net_revenue_retention: rate.meta({
          description: "Σ (opening + expansion − contraction − churn) / Σ opening MRR",
        }),
        arpa: money.nullable().meta({ description: "The last month's ARPA" }),
        ltv: money.nullable().meta({ description: "arpa / logo_churn_rate of the range" }),
      }),
      cohorts: z.array(
        z.object({
          cohort: z.string().meta({ description: "The month the customers first paid (YYYY-MM)" }),
          customers: z.number().int(),
          mrr: money.meta({ description: "The cohort's MRR at the end of its first month" }),
          cells: z.array(
            z.object({
              months_since: z.number().int(),
              month: z.string(),
              customers: z.number().int().meta({ description: "Cohort customers paying at the month's end" }),
              mrr: money,
              share_paying: rate,
              revenue_retained: rate.meta({ description: "mrr / the cohort's first-month MRR" }),
            }),
          ),
        }),
      ),
    }),
  ),
});

export const analyticsContractsQuery = z.object({
  currency: currencyInput,
  month: month.meta({ description: "YYYY-MM" }),
  kind: z.enum(DRILL_KINDS, { error: `One of ${DRILL_KINDS.join(", ")}.` }).meta({
    description: "A movement of the month, or paying: the customers paying at the month's end",
  }),
  cohort: month.optional().meta({ description: "Only customers who first paid in this month" }),
});

export const analyticsContractsResponse = namedObject("AnalyticsContracts", {
  currency: z.string(),
  month: z.string(),
  kind: z.enum(DRILL_KINDS),
  cohort: z.string().nullable(),
  count: z.number().int().meta({ description: "Customers in the figure (at most 500 are listed)" }),
  results: z.array(
    z.object({
      customer_id: z.number().int(),
      customer_reference: z.string().nullable(),
      customer_name: z.string().nullable(),
      contract_ids: z.array(z.number().int()),
      movement: z.enum(MOVEMENT_KINDS).nullable(),
      opening_mrr: money.nullable(),
      closing_mrr: money,
      amount: money,
    }),
  ),
});
