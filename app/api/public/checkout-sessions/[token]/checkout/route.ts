import { postWidgetCheckout, preflight } from "@/server/http/public-sessions";

export const POST = postWidgetCheckout;
export const OPTIONS = preflight("POST");
