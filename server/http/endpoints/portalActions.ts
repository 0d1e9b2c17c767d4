// The customer portal's changes (no API key: the portal session cookie, scoped to /portal, is the capability;
// portalGate adds the origin and CSRF checks). Not in the OpenAPI document: only the portal's pages call them.
// Every change is audited as the customer's.
import { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { makeDefaultCard, portalContractAct, removeCard } from "@/server/domain/portal/actions";
import { updateBillingDetails } from "@/server/domain/portal/billingDetails";
import { setCustomerLocale } from "@/server/domain/portal/language";
import type { PortalAccess } from "@/server/domain/portal/sessions";
import { auditPublicChange } from "@/server/http/audit";
import { PUBLIC_BODY_LIMIT } from "@/server/http/body";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { portalGate } from "@/server/http/portal";
import { json } from "@/server/http/response";
import { toRouteHandler } from "@/server/http/route";
import { portalActionBody } from "@/server/schemas/portal";
import { subscriberActionBody } from "@/server/schemas/selfService";

const tags = ["Public"];

/** The session's ctx with the request's logger and origin (the wrapper's ctx has no account). */
const sessionCtx = (access: PortalAccess, ctx: Ctx): Ctx => ({ ...access.ctx, log: ctx.log, baseUrl: ctx.baseUrl });

const audit = (access: PortalAccess, action: string, target: { type: string; id: number }, result: unknown) =>
  auditPublicChange(
    access.ctx,
    { type: "customer", id: access.customerId, label: `customer ${access.customerId} (portal)` },
    action,
    target,
    result,
    null,
  );

const contractAction = defineEndpoint({
  method: "POST",
  path: "/portal/api/contracts/{contractId}/",
  summary: "Customer portal: a contract's action",
  tags,
  auth: "none",
  bodyLimit: PUBLIC_BODY_LIMIT,
  params: z.object({ contractId: intId }),
  body: subscriberActionBody,
  bodyRequired: true,
  handler: async (ctx, { params, body, req }) => {
    const access = await portalGate(req.headers);
    const result = await portalContractAct(sessionCtx(access, ctx), access.customerId, params.contractId, body);
    if (body.action !== "preview_change")
      await audit(
        access,
        `POST /portal/contracts/{contractId}/ ${body.action}`,
        { type: "subscription-contracts", id: params.contractId },
        result,
      );
    return json(result, 200, { "cache-control": "no-store" });
  },
  audit: async () => {},
});

const customerAction = defineEndpoint({
  method: "POST",
  path: "/portal/api/",
  summary: "Customer portal: the customer's own action",
  tags,
  auth: "none",
  bodyLimit: PUBLIC_BODY_LIMIT,
  body: portalActionBody,
  bodyRequired: true,
  handler: async (ctx, { body, req }) => {
    const access = await portalGate(req.headers);
    const c = sessionCtx(access, ctx);
    let result: unknown;
    switch (body.action) {
      case "remove_card":
        result = await removeCard(c, access.customerId, body.payment_method);
        break;
      case "make_default_card":
        result = await makeDefaultCard(c, access.customerId, body.payment_method);
        break;
      case "set_language":
        result = await setCustomerLocale(c, access.customerId, body.locale, access.sessionId);
        break;
      case "update_billing_details": {
        const { action: _action, ...details } = body;
        result = await updateBillingDetails(c, access.customerId, details);
        break;
      }
    }
    await audit(access, `POST /portal/ ${body.action}`, { type: "customers", id: access.customerId }, result);
    return json(result, 200, { "cache-control": "no-store" });
  },
  audit: async () => {},
});

export const postPortalContractAction = toRouteHandler(contractAction);
export const postPortalAction = toRouteHandler(customerAction);
