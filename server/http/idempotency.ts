// Idempotent POSTs: `Idempotency-Key` header or `idempotency_key` in the body (spec 4.6). The first
// request executes; a retry with the same key and parameters gets the stored 2xx response; other
// parameters under the same key are a 400; failures release the key.
import { createHash } from "node:crypto";
import { canonicalJson } from "@/server/domain/canonical";
import type { Ctx } from "@/server/domain/context";
import { DomainError } from "@/server/domain/errors";
import { claimKey, completeKey, releaseKey } from "@/server/domain/idempotency/store";
import { json } from "./response";

/** The request's idempotency key, if it names one (most requests don't: they skip the store entirely). */
export function idempotencyKeyOf(headers: Headers, body: unknown): string | null {
  const header = headers.get("idempotency-key");
  const inBody =
    body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>).idempotency_key
      : undefined;
  const key = header ?? (typeof inBody === "string" ? inBody : null);
  if (key !== null && (key.length < 1 || key.length > 255))
    throw new DomainError("validation", "Invalid idempotency key.", {
      idempotency_key: ["Must be 1 to 255 characters."],
    });
  return key;
}

const IGNORED = new Set(["idempotency_key"]);

export async function withIdempotency(
  ctx: Ctx,
  key: string,
  url: URL,
  body: unknown,
  run: () => Promise<Response>,
): Promise<Response> {
  const scope = `POST ${url.pathname.replace(/\/?$/, "/")}`;
  const hash = createHash("sha256").update(canonicalJson(body, IGNORED)).digest("hex");
  const claim = await claimKey(ctx.db, ctx.accountId, scope, key, hash);
  if (claim.kind === "mismatch")
    throw new DomainError("validation", "Idempotency key reused.", {
      idempotency_key: ["This key was already used with different parameters."],
    });
  if (claim.kind === "busy")
    throw new DomainError("conflict", "A request with this idempotency key is still in progress.");
  if (claim.kind === "replay") return json(claim.body, claim.status, { "idempotent-replayed": "true" });
  let res: Response;
  try {
    res = await run();
  } catch (e) {
    await releaseKey(ctx.db, claim.id);
    throw e;
  }
  if (res.status >= 200 && res.status < 300) {
    const text = await res.clone().text();
    await completeKey(ctx.db, claim.id, res.status, text ? JSON.parse(text) : null);
  } else {
    await releaseKey(ctx.db, claim.id);
  }
  return res;
}
