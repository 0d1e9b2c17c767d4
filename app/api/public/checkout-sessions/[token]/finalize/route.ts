import { postWidgetFinalize, preflight } from "@/server/http/endpoints/widget";

export const dynamic = "force-dynamic";

export const POST = postWidgetFinalize;
export const OPTIONS = preflight("POST");
