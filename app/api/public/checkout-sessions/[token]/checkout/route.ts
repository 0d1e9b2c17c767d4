import { postWidgetCheckout, preflight } from "@/server/http/endpoints/widget";

export const dynamic = "force-dynamic";

export const POST = postWidgetCheckout;
export const OPTIONS = preflight("POST");
