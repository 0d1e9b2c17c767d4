// REST routes of revenue analytics (extension): MRR movements, retention and cohorts, and the customers and
// contracts behind a figure; the console's analytics procedures call the same domain functions.
import { analyticsContracts } from "@/server/domain/analytics/contracts";
import { mrrMovements } from "@/server/domain/analytics/movements";
import { retention } from "@/server/domain/analytics/retention";
import { defineEndpoint } from "@/server/http/endpoint";
import {
  analyticsContractsQuery,
  analyticsContractsResponse,
  analyticsQuery,
  mrrMovementsResponse,
  retentionResponse,
} from "@/server/schemas/analytics";

const MONTHS =
  "Months are counted in the account's display time zone on its clock (a test clock included); MRR is each customer's, rounded to four places, so figures add up exactly.";

export const analyticsEndpoints = [
  defineEndpoint({
    method: "GET",
    replica: true,
    path: "/v2/analytics/mrr-movements/",
    summary: "MRR movements per month and currency: new, expansion, contraction, churn, reactivation",
    tags: ["Analytics"],
    extension: true,
    query: analyticsQuery,
    response: mrrMovementsResponse,
    description: `A customer's movement in a month compares their MRR in the currency at the month's start and end: from zero, new (or reactivation if they paid before); to zero, churn; otherwise expansion or contraction. A trial, a pause's time and usage are not MRR; refunds and coupons do not move it. ${MONTHS}`,
    handler: (ctx, { query }) => mrrMovements(ctx, query),
  }),
  defineEndpoint({
    method: "GET",
    replica: true,
    path: "/v2/analytics/retention/",
    summary: "Logo and revenue churn, net revenue retention, ARPA, lifetime value and cohorts per month",
    tags: ["Analytics"],
    extension: true,
    query: analyticsQuery,
    response: retentionResponse,
    description: `Computed from the same movements as /v2/analytics/mrr-movements/. LTV = ARPA / logo churn rate. Cohorts: customers by the month they first paid, with the share still paying and the MRR retained at each later month's end. ${MONTHS}`,
    handler: (ctx, { query }) => retention(ctx, query),
  }),
  defineEndpoint({
    method: "GET",
    replica: true,
    path: "/v2/analytics/contracts/",
    summary: "The customers and contracts behind an analytics figure",
    tags: ["Analytics"],
    extension: true,
    query: analyticsContractsQuery,
    response: analyticsContractsResponse,
    description: `A month's movement of one kind, or (kind=paying) the customers paying at the month's end, optionally of one cohort; largest movements first, at most 500. ${MONTHS}`,
    handler: (ctx, { query }) => analyticsContracts(ctx, query),
  }),
];
