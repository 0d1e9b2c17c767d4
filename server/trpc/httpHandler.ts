// The console's tRPC endpoint as a route handler (app/api/trpc/[trpc]/route.ts): tRPC's fetch adapter, with
// each request counted in the metrics by its procedure (server/metrics.ts), answered with its request id (a
// span with it when traces are on, server/tracing.ts) and unexpected failures logged.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { log } from "@/server/log";
import { observeRequest } from "@/server/metrics";
import { requestIdOf } from "@/server/requestId";
import { type Span, SpanKind, SpanStatusCode, tracingOn, withSpan } from "@/server/tracing";
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

export function trpcHandler(req: Request): Promise<Response> {
  const requestId = requestIdOf(req.headers);
  if (!tracingOn()) return serve(req, requestId, undefined);
  const route = trpcRouteLabel(req.url);
  const attributes = {
    "http.request.method": req.method,
    "http.route": route,
    "app.route.family": "trpc",
    "request.id": requestId,
  };
  return withSpan(`HTTP ${req.method} ${route}`, attributes, (span) => serve(req, requestId, span), SpanKind.SERVER);
}

async function serve(req: Request, requestId: string, span: Span | undefined): Promise<Response> {
  const started = performance.now();
  let status = 500;
  try {
    const res = await fetchRequestHandler({
      endpoint: "/api/trpc",
      req,
      router: appRouter,
      createContext: (opts) => createTrpcContext({ ...opts, requestId }),
      onError({ error, path }) {
        if (error.code === "INTERNAL_SERVER_ERROR")
          log.error({ err: error.cause ?? error, path, requestId }, "trpc procedure failed");
      },
    });
    status = res.status;
    res.headers.set("x-request-id", requestId);
    return res;
  } finally {
    if (span) {
      span.setAttribute("http.response.status_code", status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    observeRequest(trpcRouteLabel(req.url), req.method, status, (performance.now() - started) / 1000);
  }
}
