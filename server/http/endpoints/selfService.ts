// The seller's self-service policy (extension): what customers may do on the subscriber page.
import { getSelfServicePolicy, updateSelfServicePolicy } from "@/server/domain/selfService/policy";
import { defineEndpoint } from "@/server/http/endpoint";
import { selfServicePolicyPatchBody, selfServicePolicyResponse } from "@/server/schemas/selfService";

const tags = ["Self-service"];
const description =
  "What customers may do themselves on the subscriber page (`subscriber_page` of a contract), and how their plan changes are prorated. An upgrade raises the amount of a billing period; anything else is a downgrade. The page refuses disabled actions with 403.";

export const selfServiceEndpoints = [
  defineEndpoint({
    method: "GET",
    path: "/v2/self-service-policy/",
    summary: "The account's self-service policy",
    tags,
    extension: true,
    response: selfServicePolicyResponse,
    description,
    handler: (ctx) => getSelfServicePolicy(ctx),
  }),
  defineEndpoint({
    method: "PATCH",
    path: "/v2/self-service-policy/",
    summary: "Change the account's self-service policy",
    tags,
    extension: true,
    body: selfServicePolicyPatchBody,
    bodyRequired: true,
    response: selfServicePolicyResponse,
    description,
    handler: (ctx, { body }) => updateSelfServicePolicy(ctx, body),
  }),
];
