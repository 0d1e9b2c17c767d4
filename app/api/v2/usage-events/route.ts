import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const GET = handle("/v2/usage-events/", "GET");
export const POST = handle("/v2/usage-events/", "POST");
