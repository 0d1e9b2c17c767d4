import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const GET = handle("/v2/catalog/prices/", "GET");
export const POST = handle("/v2/catalog/prices/", "POST");
