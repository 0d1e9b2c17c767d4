import { postWidgetQuote, preflight } from "@/server/http/endpoints/widget";

export const dynamic = "force-dynamic";

export const POST = postWidgetQuote;
export const OPTIONS = preflight("POST");
