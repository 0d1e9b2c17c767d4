// The console's tRPC endpoint as a route handler (app/api/trpc/[trpc]/route.ts): tRPC's fetch adapter, with
// each request counted in the metrics by its procedure (server/metrics.ts) and unexpected failures logged.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { log } from "@/server/log";
import { observeRequest } from "@/server/metrics";
import { createTrpcContext } from "./init";
import { appRouter } from "./root";

const PREFIX = "/api/trpc/";

/**
 * The metrics' route label: `/trpc/<procedure>` for a procedure of the router, `/trpc/(batch)` for a batch of
 * several, `/trpc/(unknown)` otherwise (a label per invented name would grow without bound).
 */
export function trpcRouteLabel(url: string): string {
  const { pathname } = new URL(url);
  const path = pathname.startsWith(PREFIX) ? decodeURIComponent(pathname.slice(PREFIX.length)) : "";
  if (path.includes(",")) return "/trpc/(batch)";
  return Object.hasOwn(appRouter._def.procedures, path) ? `/trpc/${path}` : "/trpc/(unknown)";
}

export async function trpcHandler(req: Request): Promise<Response> {
  const started = performance.now();
  let status = 500;
  try {
    const res = await fetchRequestHandler({
      endpoint: "/api/trpc",
      req,
      router: appRouter,
      createContext: createTrpcContext,
      onError({ error, path }) {
        if (error.code === "INTERNAL_SERVER_ERROR")
          log.error({ err: error.cause ?? error, path }, "trpc procedure failed");
      },
    });
    status = res.status;
    return res;
  } finally {
    observeRequest(trpcRouteLabel(req.url), req.method, status, (performance.now() - started) / 1000);
  }
}
