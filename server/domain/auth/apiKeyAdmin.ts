// API keys managed from the console: create (the raw key is returned once, never stored) and revoke.
import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { createApiKey } from "./apiKeys";
import { forgetKey } from "./keyCache";

/** The console creates secret and public keys; the older `token` credential is API-only legacy. */
export const CONSOLE_KEY_KINDS = ["secret", "public"] as const;
export type ConsoleKeyKind = (typeof CONSOLE_KEY_KINDS)[number];

export async function createAccountApiKey(ctx: Ctx, input: { kind: string; name?: string | null }) {
  if (!(CONSOLE_KEY_KINDS as readonly string[]).includes(input.kind)) throw invalid("kind", "Choose secret or public.");
  const name = (input.name ?? "").trim();
  if (name.length > 100) throw invalid("name", "Ensure this field has no more than 100 characters.");
  const created = await createApiKey(ctx.db, ctx.accountId, input.kind as ConsoleKeyKind, name);
  return { id: created.id, kind: input.kind, name, prefix: created.prefix, key: created.key };
}

/** Revokes one of the account's keys (idempotent: an already revoked key keeps its first revocation time). */
export async function revokeApiKey(ctx: Ctx, id: number) {
  const key = await ctx.db.apiKey.findFirst({ where: { id, accountId: ctx.accountId } });
  if (!key) throw notFound();
  const row = key.revokedAt
    ? key
    : await ctx.db.apiKey.update({ where: { id: key.id }, data: { revokedAt: ctx.clock.now() } });
  // this process answers with the revoked state on its very next request, before the change notification arrives
  forgetKey(key.hash);
  return { id: row.id, prefix: row.prefix, revoked_at: row.revokedAt!.toISOString() };
}
