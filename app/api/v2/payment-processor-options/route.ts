import { handle } from "@/server/http/registry";

export const POST = handle("/v2/payment-processor-options/", "POST");
