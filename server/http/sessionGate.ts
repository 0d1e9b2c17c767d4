// Session-token authentication for browser callers (the embedded checkout widget): the path's token names
// a checkout session (unknown → 404), and the request's Origin must be one of the origins the route allows
// for it (missing or foreign → 403). The service's own origin is always allowed: the widget's page
// (/embed/checkout/<token>, framed on the seller's site) calls these routes from it. A same-origin GET
// carries no Origin header; the browser's Sec-Fetch-Site: same-origin stands for it then. Allowed
// requests get CORS headers for their origin; `preflight` answers the browser's OPTIONS with the same checks.
import { getDb } from "@/server/db";
import type { SessionRow } from "@/server/domain/sessions/sessions";
import { log } from "@/server/log";
import { configuredOrigin, requestOrigin } from "@/server/publicUrl";
import { normalizeOrigin } from "@/server/schemas/sessions";
import { json } from "./response";

export const VARY = { vary: "Origin" };

/** Which origins may call a session-token route, from the session the token names. */
export type AllowedOrigins = (session: SessionRow) => readonly string[];

export const corsHeaders = (origin: string) => ({ "access-control-allow-origin": origin, ...VARY });

type RouteCtx = { params?: Promise<Record<string, string>> | Record<string, string> };
export type Gate = { ok: true; session: SessionRow; origin: string } | { ok: false; response: Response };

async function findSession(token: unknown): Promise<SessionRow | null> {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  return getDb().checkoutSession.findUnique({ where: { token } });
}

/** Token → session, then the origin check; a refusal is a ready response (with `vary: Origin`). */
export async function sessionGate(
  req: Request,
  params: Record<string, string>,
  allowed: AllowedOrigins,
): Promise<Gate> {
  const session = await findSession(params.token);
  if (!session) return { ok: false, response: json({ detail: "Not found." }, 404, VARY) };
  // the service's own pages (any scheme and host it is reached on, compared as the browser sends it)
  const header = req.headers.get("origin");
  const own = [configuredOrigin(), requestOrigin(req)];
  if (header ? own.includes(header) : req.headers.get("sec-fetch-site") === "same-origin")
    return { ok: true, session, origin: header ?? requestOrigin(req) };
  // normalized like the channel's allowed origins; absent or opaque ("null") is no origin
  const origin = normalizeOrigin(header);
  if (!origin)
    return { ok: false, response: json({ detail: "An Origin header from an allowed origin is required." }, 403, VARY) };
  if (!allowed(session).includes(origin))
    return {
      ok: false,
      response: json({ detail: `Origin ${origin} is not allowed for this checkout session.` }, 403, VARY),
    };
  return { ok: true, session, origin };
}

/** OPTIONS: the CORS preflight of a session-token route (same token and origin checks). */
export function preflight(method: string, allowed: AllowedOrigins) {
  return async (req: Request, routeCtx?: RouteCtx): Promise<Response> => {
    try {
      const g = await sessionGate(req, (await routeCtx?.params) ?? {}, allowed);
      if (!g.ok) return g.response;
      return new Response(null, {
        status: 204,
        headers: {
          ...corsHeaders(g.origin),
          "access-control-allow-methods": `${method}, OPTIONS`,
          "access-control-allow-headers": "content-type, x-request-id",
          "access-control-max-age": "600",
        },
      });
    } catch (e) {
      log.error({ err: e }, "checkout session preflight failed");
      return json({ detail: "Internal server error." }, 500, VARY);
    }
  };
}
