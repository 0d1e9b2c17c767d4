// A request's id (X-Request-Id), shared by the REST wrapper (server/http/route.ts) and the tRPC handler
// (server/trpc/httpHandler.ts): on its answer, its log lines and its trace spans.
import { randomUUID } from "node:crypto";

/**
 * The caller's X-Request-Id, cut to 100 characters, when it is a plain token (letters, digits, `.`, `_`, `:`, `-`),
 * else a new one. The app server removes the header unless the peer is a proxy TRUST_PROXY names
 * (scripts/lib/appServer.mjs), so only our proxy's id reaches this point.
 */
export function requestIdOf(headers: Headers): string {
  const id = headers.get("x-request-id")?.slice(0, 100);
  return id && /^[\w.:-]+$/.test(id) ? id : randomUUID();
}
