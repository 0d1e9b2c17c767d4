// Idempotent POSTs: `Idempotency-Key` header or `idempotency_key` in the body (spec 4.6). The first
// request executes; a retry with the same key and parameters gets the stored 2xx response; other
// parameters under the same key are a 400; failures release the key. Routes whose effect is one
// transaction (`fencedResponse`) store the response inside it (domain/idempotency/fence.ts), so a crash can
// never leave an effect without its key's outcome; the others store it once the handler returns.
import { createHash } from "node:crypto";
import { canonicalJson } from "@/server/domain/canonical";
import type { Ctx } from "@/server/domain/context";
import { DomainError } from "@/server/domain/errors";
import type { IdempotencyFence } from "@/server/domain/idempotency/fence";
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

/** How a fenced route answers what its domain function committed (EndpointDef.fencedResponse). */
export interface FencedRoute {
  status: number;
  present(committed: unknown): unknown;
}

export async function withIdempotency(
  ctx: Ctx,
  key: string,
  url: URL,
  body: unknown,
  run: () => Promise<Response>,
  fenced?: FencedRoute,
): Promise<Response> {
  const scope = `POST ${url.pathname.replace(/\/?$/, "/")}`;
  const hash = createHash("sha256").update(canonicalJson(body, IGNORED)).digest("hex");
  const claim = await claimKey(ctx.db, ctx.accountId, scope, key, hash);
  if (claim.kind === "mismatch")
    throw new DomainError("validation", "Idempotency key reused.", {
      idempotency_key: ["This key was already used with different parameters."],
    });
  if (claim.kind === "busy")
    throw new DomainError("conflict", "A request with this idempotency key is still in progress; retry shortly.");
  if (claim.kind === "replay") return json(claim.body, claim.status, { "idempotent-replayed": "true" });
  if (claim.takenOver) ctx.log?.info({ scope, recordId: claim.id }, "idempotency key of a dead request taken over");
  const fence: IdempotencyFence | undefined = fenced && {
    recordId: claim.id,
    owner: claim.owner,
    status: fenced.status,
    present: fenced.present,
    stored: false,
  };
  ctx.idempotency = fence;
  // a key left pending (the database went away meanwhile) is taken over by the next retry: never worse than an error
  const release = () =>
    releaseKey(ctx.db, claim.id, claim.owner).catch((e) => ctx.log?.warn({ err: e }, "idempotency key not released"));
  try {
    let res: Response;
    try {
      res = await run();
    } catch (e) {
      await release();
      throw e;
    }
    if (res.status < 200 || res.status >= 300) await release();
    else if (!fence?.stored) {
      const text = await res.clone().text();
      await completeKey(ctx.db, claim.id, claim.owner, res.status, text ? JSON.parse(text) : null);
    }
    return res;
  } finally {
    await claim.hold.release();
  }
}
