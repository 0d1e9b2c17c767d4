import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const GET = handle("/v2/billable-metrics/", "GET");
export const POST = handle("/v2/billable-metrics/", "POST");
