// Operational routes outside the spec: the OpenAPI document, the health check and the Prometheus metrics.
import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "@/server/config";
import { getDb } from "@/server/db";
import { RETRY_AFTER_SECONDS } from "@/server/dbUnavailable";
import { log } from "@/server/log";
import { renderMetrics } from "@/server/metrics";
import { buildOpenApi } from "./openapi";
import { json } from "./response";

let cached: unknown;
export async function openApiResponse(): Promise<Response> {
  cached ??= buildOpenApi();
  return json(cached);
}

/** 200 when a query answers within HEALTH_TIMEOUT_MS, else 503 at once (a load balancer must not wait on it). */
export async function healthResponse(): Promise<Response> {
  const { HEALTH_TIMEOUT_MS } = config();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
    });
    await Promise.race([getDb().$queryRaw`select 1`, timeout]);
    return json({ status: "ok", database: "ok" });
  } catch (e) {
    log.warn({ err: e }, "health check failed");
    return json({ status: "error", database: "unreachable" }, 503, {
      "retry-after": String(RETRY_AFTER_SECONDS),
      "cache-control": "no-store",
    });
  } finally {
    clearTimeout(timer);
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /api/metrics for Prometheus: 404 unless METRICS_TOKEN is configured (nothing tells a scanner it exists),
 * 401 without `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time), else the text format.
 */
export async function metricsResponse(req: Request): Promise<Response> {
  const token = config().METRICS_TOKEN;
  if (!token) return json({ detail: "Not found." }, 404);
  const given = /^Bearer (.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(given), digest(token)))
    return json({ detail: "Authentication credentials were not provided or are invalid." }, 401, {
      "www-authenticate": "Bearer",
    });
  const { text, contentType } = await renderMetrics();
  return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
