import { getWidgetSession, preflight } from "@/server/http/endpoints/widget";

export const dynamic = "force-dynamic";

export const GET = getWidgetSession;
export const OPTIONS = preflight("GET");
