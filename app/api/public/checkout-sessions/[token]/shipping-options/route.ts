import { getWidgetShippingOptions, preflight } from "@/server/http/endpoints/widget";

export const dynamic = "force-dynamic";

export const GET = getWidgetShippingOptions;
export const OPTIONS = preflight("GET");
