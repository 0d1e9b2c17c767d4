// REST route that simulates scheduling a price version on the contracts of that price.
import { z } from "zod";
import { simulatePriceVersion } from "@/server/domain/billing/simulate";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { priceSimulationResponse, priceVersionBody } from "@/server/schemas/simulate";

export const simulateEndpoints = [
  defineEndpoint({
    method: "POST",
    path: "/v2/catalog/prices/{priceId}/versions/simulate/",
    summary: "Simulate scheduling a price version on the contracts of the price",
    tags: ["Catalog"],
    extension: true,
    readOnly: true,
    params: z.object({ priceId: intId }),
    body: priceVersionBody,
    bodyRequired: true,
    response: priceSimulationResponse,
    description:
      "Projects every active or paused contract on the price twice with the billing worker's own run building (as upcoming runs are), with the price's versions as they are and as scheduling this version would leave them, and compares the runs: affected contracts, the first run each pays the new amount, the change of the billed amount over the next 12 months and of the MRR at effective_from. Nothing is written.",
    handler: (ctx, { params, body }) => simulatePriceVersion(ctx, params.priceId, body),
  }),
];
