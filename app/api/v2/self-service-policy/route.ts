import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const GET = handle("/v2/self-service-policy/", "GET");
export const PATCH = handle("/v2/self-service-policy/", "PATCH");
