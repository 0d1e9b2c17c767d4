// API keys (spec 5): shown once, stored as SHA-256 hashes with a visible prefix.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { getPgPool, type Db } from "../../db";
import type { Ctx } from "../context";

export type KeyKind = "secret" | "public" | "token";

const PREFIX: Record<KeyKind, string> = { secret: "sk", public: "pk", token: "tok" };

export const hashKey = (raw: string) => createHash("sha256").update(raw, "utf8").digest("hex");
export const keyPrefix = (raw: string) => raw.slice(0, Math.min(raw.length, raw.indexOf("_", 3) + 5));

export function generateKey(kind: KeyKind, mode: string): string {
  const body = randomBytes(24).toString("base64url");
  return kind === "token" ? randomBytes(20).toString("hex") : `${PREFIX[kind]}_${mode}_${body}`;
}

export interface ApiPrincipal { accountId: number; kind: KeyKind; keyId: number; account: { mode: string; testClockAt: Date | null } }

/** Looks a presented key up by hash; the final comparison is constant-time. */
export async function authenticateKey(raw: string, scheme: "api-key" | "token"): Promise<ApiPrincipal | null> {
  if (!raw || raw.length > 200) return null;
  const hash = hashKey(raw);
  // every request authenticates: one plain indexed read (the ORM's overhead would double its cost)
  const { rows } = await getPgPool().query<{ id: number; account_id: number; kind: string; hash: string; revoked_at: Date | null; mode: string; test_clock_at: Date | null }>(
    "select k.id, k.account_id, k.kind, k.hash, k.revoked_at, a.mode, a.test_clock_at from api_keys k join accounts a on a.id = k.account_id where k.hash = $1",
    [hash],
  );
  const row = rows[0];
  if (!row || row.revoked_at) return null;
  if (!timingSafeEqual(Buffer.from(row.hash, "hex"), Buffer.from(hash, "hex"))) return null;
  // the older `Token` credential only authenticates token-kind keys, and `Api-Key` never does
  if ((scheme === "token") !== (row.kind === "token")) return null;
  return { accountId: row.account_id, kind: row.kind as KeyKind, keyId: row.id, account: { mode: row.mode, testClockAt: row.test_clock_at } };
}

/** Creates a key and returns the raw value (the only time it is visible). */
export async function createApiKey(db: Db, accountId: number, kind: KeyKind, name = "", raw?: string): Promise<{ id: number; key: string; prefix: string }> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  const key = raw ?? generateKey(kind, account.mode);
  const row = await db.apiKey.create({ data: { accountId, kind, name, prefix: kind === "token" ? key.slice(0, 6) : keyPrefix(key), hash: hashKey(key) } });
  return { id: row.id, key, prefix: row.prefix };
}

export async function listApiKeys(ctx: Ctx) {
  const rows = await ctx.db.apiKey.findMany({ where: { accountId: ctx.accountId }, orderBy: { id: "asc" } });
  return rows.map((r) => ({ id: r.id, kind: r.kind, name: r.name, prefix: r.prefix, created_at: r.createdAt.toISOString(), revoked_at: r.revokedAt?.toISOString() ?? null }));
}
