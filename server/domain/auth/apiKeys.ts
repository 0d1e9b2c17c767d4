// API keys (spec 5): shown once, stored as SHA-256 hashes with a visible prefix.
import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { type FoundKey, lookupKey } from "./keyCache";

export type KeyKind = "secret" | "public" | "token";

const PREFIX: Record<KeyKind, string> = { secret: "sk", public: "pk", token: "tok" };

// every request hashes its key: the one-shot hash skips the Hash object (several times cheaper)
export const hashKey = (raw: string) => hash("sha256", raw, "hex");
export const keyPrefix = (raw: string) => raw.slice(0, Math.min(raw.length, raw.indexOf("_", 3) + 5));

export function generateKey(kind: KeyKind, mode: string): string {
  const body = randomBytes(24).toString("base64url");
  return kind === "token" ? randomBytes(20).toString("hex") : `${PREFIX[kind]}_${mode}_${body}`;
}

export interface ApiPrincipal {
  accountId: number;
  kind: KeyKind;
  keyId: number;
  account: { mode: string; testClockAt: Date | null };
  /** the account's catalog version, read with the key (saves pricing a round trip of its own) */
  catalogVersion: bigint;
}

/** Looks a presented key up by hash; the final comparison is constant-time. */
export function authenticateKey(
  raw: string,
  scheme: "api-key" | "token",
): ApiPrincipal | null | Promise<ApiPrincipal | null> {
  if (!raw || raw.length > 200) return null;
  const hash = hashKey(raw);
  const found = lookupKey(hash);
  return found instanceof Promise ? found.then((f) => principalOf(f, hash, scheme)) : principalOf(found, hash, scheme);
}

function principalOf(found: FoundKey, hash: string, scheme: "api-key" | "token"): ApiPrincipal | null {
  if (!found || found.key.revoked) return null;
  const { key, account } = found;
  if (!timingSafeEqual(Buffer.from(key.hash, "hex"), Buffer.from(hash, "hex"))) return null;
  // the older `Token` credential only authenticates token-kind keys, and `Api-Key` never does
  if ((scheme === "token") !== (key.kind === "token")) return null;
  return {
    accountId: key.accountId,
    kind: key.kind as KeyKind,
    keyId: key.id,
    account: { mode: account.mode, testClockAt: account.testClockAt },
    catalogVersion: account.catalogVersion,
  };
}

/** Creates a key and returns the raw value (the only time it is visible). */
export async function createApiKey(
  db: Db,
  accountId: number,
  kind: KeyKind,
  name = "",
  raw?: string,
): Promise<{ id: number; key: string; prefix: string }> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  const key = raw ?? generateKey(kind, account.mode);
  const row = await db.apiKey.create({
    data: { accountId, kind, name, prefix: kind === "token" ? key.slice(0, 6) : keyPrefix(key), hash: hashKey(key) },
  });
  return { id: row.id, key, prefix: row.prefix };
}

export async function listApiKeys(ctx: Ctx) {
  const rows = await ctx.db.apiKey.findMany({ where: { accountId: ctx.accountId }, orderBy: { id: "asc" } });
  return rows.map((key) => ({
    id: key.id,
    kind: key.kind,
    name: key.name,
    prefix: key.prefix,
    created_at: key.createdAt.toISOString(),
    revoked_at: key.revokedAt?.toISOString() ?? null,
  }));
}
