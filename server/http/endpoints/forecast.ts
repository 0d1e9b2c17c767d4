import { z } from "zod";
import { upcomingRuns } from "@/server/domain/billing/upcoming";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { upcomingQuery, upcomingResponse } from "@/server/schemas/forecast";

export const forecastEndpoints = [
  defineEndpoint({
    method: "GET",
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
];
