// Operational routes outside the spec: the OpenAPI document and the health check.
import { config } from "@/server/config";
import { getDb } from "@/server/db";
import { RETRY_AFTER_SECONDS } from "@/server/dbUnavailable";
import { log } from "@/server/log";
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
