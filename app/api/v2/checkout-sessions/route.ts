import { handle } from "@/server/http/registry";

export const POST = handle("/v2/checkout-sessions/", "POST");
