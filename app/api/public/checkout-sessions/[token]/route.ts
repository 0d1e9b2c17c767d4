import { getWidgetSession, preflight } from "@/server/http/public-sessions";

export const dynamic = "force-dynamic";

export const GET = getWidgetSession;
export const OPTIONS = preflight("GET");
