import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const GET = handle("/v2/billable-metrics/{metricId}/", "GET");
export const PATCH = handle("/v2/billable-metrics/{metricId}/", "PATCH");
