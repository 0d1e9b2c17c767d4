import { postWidgetFinalize, preflight } from "@/server/http/public-sessions";

export const dynamic = "force-dynamic";

export const POST = postWidgetFinalize;
export const OPTIONS = preflight("POST");
