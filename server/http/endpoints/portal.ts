// REST routes of the customer portal (extension, issue 33): portal sessions and the rotation of a contract's
// subscriber page link.
import { z } from "zod";
import { getCancellationSettings, updateCancellationSettings } from "@/server/domain/portal/cancellation";
import { createPortalSession } from "@/server/domain/portal/sessions";
import { rotateSubscriberLink } from "@/server/domain/portal/subscriberLink";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import {
  cancellationSettingsPatchBody,
  cancellationSettingsResponse,
  portalSessionCreateBody,
  portalSessionResponse,
  subscriberLinkResponse,
  subscriberLinkRotateBody,
} from "@/server/schemas/portal";

export const portalEndpoints = [
  defineEndpoint({
    method: "POST",
    path: "/v2/portal-sessions/",
    summary: "Create a customer portal session",
    tags: ["Customer portal"],
    extension: true,
    body: portalSessionCreateBody,
    bodyRequired: true,
    response: portalSessionResponse,
    status: 201,
    description: portalSessionCreateBody.description,
    handler: (ctx, { body }) => createPortalSession(ctx, body),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/subscription-contracts/{contractId}/subscriber-page/rotate/",
    summary: "Replace the contract's subscriber page link",
    tags: ["Subscription contracts"],
    extension: true,
    params: z.object({ contractId: intId }),
    body: subscriberLinkRotateBody,
    response: subscriberLinkResponse,
    description:
      "A new `subscriber_page` token; the old link is refused from now on (the page says it was replaced). `expires_in_days` gives the new link an end.",
    handler: (ctx, { params, body }) => rotateSubscriberLink(ctx, params.contractId, body ?? {}),
  }),
];

const cancellationDescription =
  "How customers cancel on the subscriber page and in the portal: the reasons they pick from and a retention offer (a coupon applied through the coupons' own rules if they stay). The outcome is the contract's `cancellation_feedback`.";

export const cancellationEndpoints = [
  defineEndpoint({
    method: "GET",
    path: "/v2/cancellation-settings/",
    summary: "The account's cancellation settings",
    tags: ["Self-service"],
    extension: true,
    response: cancellationSettingsResponse,
    description: cancellationDescription,
    handler: (ctx) => getCancellationSettings(ctx),
  }),
  defineEndpoint({
    method: "PATCH",
    path: "/v2/cancellation-settings/",
    summary: "Change the account's cancellation settings",
    tags: ["Self-service"],
    extension: true,
    body: cancellationSettingsPatchBody,
    bodyRequired: true,
    response: cancellationSettingsResponse,
    description: cancellationDescription,
    handler: (ctx, { body }) => updateCancellationSettings(ctx, body),
  }),
];
