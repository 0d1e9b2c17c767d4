// Every REST operation of the service. Route files bind to entries here; the OpenAPI document is built from it.

import type { EndpointDef, Method } from "./endpoint";
import { analyticsEndpoints } from "./endpoints/analytics";
import { billingEndpoints } from "./endpoints/billing";
import { bundleEndpoints } from "./endpoints/bundles";
import { catalogEndpoints } from "./endpoints/catalog";
import { contractEndpoints } from "./endpoints/contracts";
import { couponEndpoints } from "./endpoints/coupons";
import { customerEndpoints } from "./endpoints/customers";
import { exportEndpoints } from "./endpoints/exports";
import { forecastEndpoints } from "./endpoints/forecast";
import { paymentEndpoints } from "./endpoints/payments";
import { cancellationEndpoints, portalEndpoints } from "./endpoints/portal";
import { quoteEndpoints } from "./endpoints/quotes";
import { receiptEndpoints } from "./endpoints/receipts";
import { refundEndpoints } from "./endpoints/refunds";
import { selfServiceEndpoints } from "./endpoints/selfService";
import { sessionEndpoints } from "./endpoints/sessions";
import { simulateEndpoints } from "./endpoints/simulate";
import { usageEndpoints } from "./endpoints/usage";
import { toRouteHandler } from "./route";

export const endpoints: EndpointDef[] = [
  ...catalogEndpoints,
  ...bundleEndpoints,
  ...customerEndpoints,
  ...quoteEndpoints,
  ...contractEndpoints,
  ...billingEndpoints,
  ...refundEndpoints,
  ...receiptEndpoints,
  ...paymentEndpoints,
  ...sessionEndpoints,
  ...selfServiceEndpoints,
  ...forecastEndpoints,
  ...simulateEndpoints,
  ...couponEndpoints,
  ...usageEndpoints,
  ...analyticsEndpoints,
  ...exportEndpoints,
  ...portalEndpoints,
  ...cancellationEndpoints,
];

/** The Next.js handler for one operation; throws at load time if the registry lacks it. */
export function handle(path: string, method: Method) {
  const def = endpoints.find((e) => e.path === path && e.method === method);
  if (!def) throw new Error(`No endpoint ${method} ${path} in server/http/registry.ts`);
  return toRouteHandler(def);
}
