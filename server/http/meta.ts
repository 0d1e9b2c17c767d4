// Operational routes outside the spec: the OpenAPI document and the health check.
import { getDb } from "../db";
import { log } from "../log";
import { json } from "./response";
import { buildOpenApi } from "./openapi";

let cached: unknown;
export async function openApiResponse(): Promise<Response> {
  cached ??= buildOpenApi();
  return json(cached);
}

export async function healthResponse(): Promise<Response> {
  try {
    await getDb().$queryRaw`select 1`;
    return json({ status: "ok", database: "ok" });
  } catch (e) {
    log.error({ err: e }, "health check failed");
    return json({ status: "error", database: "unreachable" }, 503);
  }
}
