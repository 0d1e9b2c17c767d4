import { handle } from "@/server/http/registry";

export const dynamic = "force-dynamic";

export const POST = handle("/v2/customers/{customerReference}/erase/", "POST");
