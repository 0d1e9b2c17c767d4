import { metricsResponse } from "@/server/http/meta";

export const dynamic = "force-dynamic";
export const GET = metricsResponse;
