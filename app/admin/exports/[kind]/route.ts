import { consoleExportEndpoint } from "@/server/http/endpoints/exports";
import { toRouteHandler } from "@/server/http/route";

export const dynamic = "force-dynamic";

// The console's "Export CSV" download: the list's filters in the query, streamed (see the endpoint).
export const GET = toRouteHandler(consoleExportEndpoint);
