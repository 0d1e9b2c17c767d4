// REST routes of revenue forecasts: the account's forecast and one contract's upcoming runs.
import { z } from "zod";
import { forecastAccount } from "@/server/domain/billing/forecast";
import { upcomingRuns } from "@/server/domain/billing/upcoming";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { forecastQuery, forecastResponse, upcomingQuery, upcomingResponse } from "@/server/schemas/forecast";

export const forecastEndpoints = [
  defineEndpoint({
    method: "GET",
    replica: true,
    path: "/v2/subscription-contracts/{contractId}/upcoming/",
    summary: "Upcoming regular runs of a contract, as the billing worker would create them",
    tags: ["Billing runs"],
    extension: true,
    params: z.object({ contractId: intId }),
    query: upcomingQuery,
    response: upcomingResponse,
    description:
      "Computed by the billing worker's own run building from the contract as it is now (scheduled price versions, pauses, cancel at period end, item end dates, pending lines, automatic credit), assuming every run succeeds. Nothing is written. The first result equals the run the worker creates if nothing changes.",
    handler: (ctx, { params, query }) => upcomingRuns(ctx, params.contractId, query),
  }),

  defineEndpoint({
    method: "GET",
    replica: true,
    path: "/v2/forecast/",
    summary: "Billed amount per month and currency for the coming months, from every live contract",
    tags: ["Billing runs"],
    extension: true,
    query: forecastQuery,
    response: forecastResponse,
    description:
      "Sums the upcoming runs (the same computation as /v2/subscription-contracts/{id}/upcoming/) of every active or paused contract by the UTC month they are due, from the start of the current month; runs already due and not yet billed count in the first month. Lists, per month, contracts that end, renew (periods longer than 45 days) or first pay another amount than before (a price change is a change of amount).",
    handler: (ctx, { query }) => forecastAccount(ctx, query),
  }),
];
