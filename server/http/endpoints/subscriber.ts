// The subscriber page's changes (no API key: the contract's subscriber token in the path is the
// capability; subscriberGate.ts adds the origin, CSRF and wrong-token checks). Not in the OpenAPI
// document: only the page calls it. Every change is audited as made by the subscriber.
import { z } from "zod";
import { subscriberAct } from "@/server/domain/selfService/actions";
import { auditPublicChange } from "@/server/http/audit";
import { PUBLIC_BODY_LIMIT } from "@/server/http/body";
import { defineEndpoint } from "@/server/http/endpoint";
import { json } from "@/server/http/response";
import { toRouteHandler } from "@/server/http/route";
import { gateError, subscriberGate } from "@/server/http/subscriberGate";
import { subscriberActionBody } from "@/server/schemas/selfService";

const subscriberAction = defineEndpoint({
  method: "POST",
  path: "/subscriber/{token}/",
  summary: "Subscriber page action",
  tags: ["Public"],
  auth: "none",
  bodyLimit: PUBLIC_BODY_LIMIT,
  params: z.object({ token: z.string() }),
  body: subscriberActionBody,
  bodyRequired: true,
  handler: async (ctx, { params, body, req }) => {
    const gate = await subscriberGate(req.headers, params.token, ctx.clock, true);
    if (!gate.ok) throw gateError(gate);
    const { ctx: subscriberCtx, contractId } = gate.access;
    const result = await subscriberAct({ ...subscriberCtx, log: ctx.log, baseUrl: ctx.baseUrl }, contractId, body);
    if (body.action !== "preview_change")
      await auditPublicChange(
        subscriberCtx,
        { type: "subscriber", id: contractId, label: `subscriber page of contract ${contractId}` },
        `POST /change_contract/{token}/ ${body.action}`,
        { type: "subscription-contracts", id: contractId },
        result,
        null,
      );
    return json(result, 200, { "cache-control": "no-store" });
  },
  // audited in the handler, with the subscriber's account (the wrapper's ctx has none)
  audit: async () => {},
});

export const postSubscriberAction = toRouteHandler(subscriberAction);
