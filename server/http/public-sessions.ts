// The embedded checkout widget's routes (/api/public/checkout-sessions/{token}/...): no API key — the
// session token is the capability — and only from an origin in the session's snapshot. Allowed
// requests get CORS headers (`access-control-allow-origin: <origin>`, `vary: origin`); OPTIONS answers
// the browser's preflight. Errors: 404 unknown token, 403 missing/foreign origin, 410 expired session,
// 400 validation (the usual `{field: [messages]}` body).
import { randomUUID } from "node:crypto";
import { accountClock } from "../clock";
import { getDb } from "../db";
import type { Ctx } from "../domain/context";
import { DomainError, isDomainError } from "../domain/errors";
import { snapshotOf, type SessionRow } from "../domain/sessions/sessions";
import { originAllowed, widgetCheckout, widgetFinalize, widgetView } from "../domain/sessions/widget";
import { log } from "../log";
import { normalizeOrigin, widgetCheckoutBody } from "../schemas/sessions";
import { auditWidgetChange } from "./audit";
import { PUBLIC_BODY_LIMIT, readJsonObject } from "./body";
import { requestBaseClock } from "../requestClock";
import { errorBody, STATUS } from "./errors";
import { zodFieldErrors } from "../inputChecks";
import { json } from "./response";

type RouteCtx = { params: Promise<{ token: string }> };
type Method = "GET" | "POST";
const VARY = { vary: "Origin" };

const cors = (origin: string) => ({ "access-control-allow-origin": origin, ...VARY });

async function findSession(token: string): Promise<SessionRow | null> {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  return getDb().checkoutSession.findUnique({ where: { token } });
}

/** The request's `Origin`, normalized like the channel's allowed origins; null when absent or opaque. */
const requestOrigin = (req: Request) => normalizeOrigin(req.headers.get("origin"));

type Gate = { ok: true; session: SessionRow; origin: string } | { ok: false; response: Response };

/** Token → session, then the origin check. */
async function gate(req: Request, routeCtx: RouteCtx): Promise<Gate> {
  const { token } = await routeCtx.params;
  const session = await findSession(token);
  if (!session) return { ok: false, response: json({ detail: "Not found." }, 404, VARY) };
  const origin = requestOrigin(req);
  if (!origin) return { ok: false, response: json({ detail: "An Origin header from an allowed origin is required." }, 403, VARY) };
  if (!originAllowed(snapshotOf(session), origin)) return { ok: false, response: json({ detail: `Origin ${origin} is not allowed for this checkout session.` }, 403, VARY) };
  return { ok: true, session, origin };
}

const readJson = (req: Request) => readJsonObject(req, PUBLIC_BODY_LIMIT);

async function run(req: Request, routeCtx: RouteCtx, method: Method, fn: (ctx: Ctx, session: SessionRow) => Promise<unknown>): Promise<Response> {
  const requestId = req.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
  const path = new URL(req.url).pathname;
  let status = 500;
  try {
    const g = await gate(req, routeCtx);
    if (!g.ok) return (status = g.response.status), g.response;
    const headers = { ...cors(g.origin), "x-request-id": requestId, "cache-control": "no-store" };
    try {
      const db = getDb();
      const account = await db.account.findUniqueOrThrow({ where: { id: g.session.accountId } });
      const ctx: Ctx = { db, accountId: account.id, clock: accountClock(account, requestBaseClock()), log: log.child({ requestId }), baseUrl: new URL(req.url).origin };
      const result = await fn(ctx, g.session);
      if (method === "POST") await auditWidgetChange(ctx, g.session.id, path, result, requestId);
      status = 200;
      return json(result, status, headers);
    } catch (e) {
      if (isDomainError(e)) return json(errorBody(e), (status = STATUS[e.kind]), headers);
      log.error({ err: e, requestId, path }, "public checkout session route failed");
      return json({ detail: "Internal server error.", request_id: requestId }, (status = 500), headers);
    }
  } catch (e) {
    log.error({ err: e, requestId, path }, "public checkout session route failed");
    return json({ detail: "Internal server error.", request_id: requestId }, 500, { ...VARY, "x-request-id": requestId });
  } finally {
    log.info({ requestId, method, path, status }, "request");
  }
}

/** GET /api/public/checkout-sessions/{token}/ */
export const getWidgetSession = (req: Request, routeCtx: RouteCtx) => run(req, routeCtx, "GET", (ctx, s) => widgetView(ctx, s));

/** POST /api/public/checkout-sessions/{token}/checkout/ */
export const postWidgetCheckout = (req: Request, routeCtx: RouteCtx) =>
  run(req, routeCtx, "POST", async (ctx, s) => {
    const r = widgetCheckoutBody.safeParse(await readJson(req));
    if (!r.success) throw new DomainError("validation", "Invalid input.", zodFieldErrors(r.error));
    return widgetCheckout(ctx, s, r.data);
  });

/** POST /api/public/checkout-sessions/{token}/finalize/ (an empty or `{}` body) */
export const postWidgetFinalize = (req: Request, routeCtx: RouteCtx) =>
  run(req, routeCtx, "POST", async (ctx, s) => {
    await readJson(req);
    return widgetFinalize(ctx, s);
  });

/** OPTIONS: the CORS preflight of one of the routes above (same token and origin checks). */
export function preflight(method: Method) {
  return async (req: Request, routeCtx: RouteCtx): Promise<Response> => {
    try {
      const g = await gate(req, routeCtx);
      if (!g.ok) return g.response;
      return new Response(null, {
        status: 204,
        headers: {
          ...cors(g.origin),
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
