import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const GET = handle("/v2/customers/{customerReference}/", "GET");
export const PATCH = handle("/v2/customers/{customerReference}/", "PATCH");
