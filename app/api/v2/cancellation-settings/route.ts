import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const GET = handle("/v2/cancellation-settings/", "GET");
export const PATCH = handle("/v2/cancellation-settings/", "PATCH");
