// The embedded checkout widget's routes (/api/public/checkout-sessions/{token}/...): no API key — the
// session token is the capability — and only from an origin in the session's snapshot (sessionGate.ts).
// Errors: 404 unknown token, 403 missing/foreign origin, 410 expired session, 400 validation, 429 too many
// refused promotion codes (server/auth/promotionCodeThrottle.ts).
import { throttlePromotionCode } from "@/server/auth/promotionCodeThrottle";
import type { Ctx } from "@/server/domain/context";
import { type SessionRow, snapshotOf } from "@/server/domain/sessions/sessions";
import { widgetView } from "@/server/domain/sessions/widget";
import { widgetCheckout } from "@/server/domain/sessions/widgetCheckout";
import { widgetQuote } from "@/server/domain/sessions/widgetDiscount";
import { widgetFinalize } from "@/server/domain/sessions/widgetFinalize";
import { widgetShippingOptions } from "@/server/domain/sessions/widgetShipping";
import { auditWidgetChange } from "@/server/http/audit";
import { PUBLIC_BODY_LIMIT } from "@/server/http/body";
import { defineEndpoint, type EndpointDef } from "@/server/http/endpoint";
import { toRouteHandler } from "@/server/http/route";
import { preflight as sessionPreflight } from "@/server/http/sessionGate";
import { widgetCheckoutBody, widgetQuoteBody } from "@/server/schemas/sessions";

/** Origins are compared exactly as normalized on the channel (scheme, lower-case host, non-default port). */
const snapshotOrigins = (s: SessionRow) => snapshotOf(s).allowed_origins;

const SESSION_PATH = "/public/checkout-sessions/{token}/";

/** A widget route below the session's path (`checkout/`; "" for the session itself). */
const widgetRoute = <B>(
  method: "GET" | "POST",
  below: string,
  def: Pick<EndpointDef<unknown, unknown, B>, "summary" | "body"> & {
    run: (ctx: Ctx, session: SessionRow, body: B) => Promise<unknown>;
    /** The promotion code the body tries, if any: such requests go through the code throttle. */
    promotionCode?: (body: B) => string | undefined;
  },
) =>
  toRouteHandler(
    defineEndpoint<unknown, unknown, B>({
      method,
      path: `${SESSION_PATH}${below}`,
      summary: def.summary,
      body: def.body,
      tags: ["Public"],
      auth: "session",
      cors: snapshotOrigins,
      bodyLimit: PUBLIC_BODY_LIMIT,
      handler: (ctx, { session, body, req }) =>
        def.promotionCode?.(body)
          ? throttlePromotionCode(session!.id, req.headers, () => def.run(ctx, session!, body))
          : def.run(ctx, session!, body),
      audit: (ctx, { session, url }, result, requestId) =>
        auditWidgetChange(ctx, session!.id, url.pathname, result, requestId),
    }),
  );

/** GET /api/public/checkout-sessions/{token}/ */
export const getWidgetSession = widgetRoute("GET", "", { summary: "Widget: the session", run: widgetView });

/** GET /api/public/checkout-sessions/{token}/shipping-options/ (extension: the spec has no public list) */
export const getWidgetShippingOptions = widgetRoute("GET", "shipping-options/", {
  summary: "Widget: the shipping options",
  run: widgetShippingOptions,
});

/** POST /api/public/checkout-sessions/{token}/checkout/ */
export const postWidgetCheckout = widgetRoute("POST", "checkout/", {
  summary: "Widget: create the checkout",
  body: widgetCheckoutBody,
  run: widgetCheckout,
  promotionCode: (body) => body.promotion_code,
});

/** POST /api/public/checkout-sessions/{token}/quote/ (extension: the offer priced with a promotion code) */
export const postWidgetQuote = widgetRoute("POST", "quote/", {
  summary: "Widget: price the offer with a promotion code",
  body: widgetQuoteBody,
  run: widgetQuote,
  promotionCode: (body) => body.promotion_code,
});

/** POST /api/public/checkout-sessions/{token}/finalize/ (an empty or `{}` body) */
export const postWidgetFinalize = widgetRoute("POST", "finalize/", {
  summary: "Widget: finalize",
  run: widgetFinalize,
});

/** OPTIONS: the CORS preflight of one of the routes above. */
export const preflight = (method: "GET" | "POST") => sessionPreflight(method, snapshotOrigins);
