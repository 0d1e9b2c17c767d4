import { postWidgetCheckout, preflight } from "@/server/http/public-sessions";

export const dynamic = "force-dynamic";

export const POST = postWidgetCheckout;
export const OPTIONS = preflight("POST");
