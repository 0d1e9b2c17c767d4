// The subscriber page's capability: the contract's subscriber token (192 random bits, contracts/create.ts)
// names the contract and its account, and yields a ctx acting as that contract's subscriber. A per-page
// CSRF token (an HMAC of the subscriber token) must accompany every change.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { accountClock, type Clock } from "@/server/clock";
import type { Db } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { DomainError } from "@/server/domain/errors";
import { getSecret } from "@/server/secrets";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,64}$/;

export interface SubscriberAccess {
  ctx: Ctx;
  contractId: number;
  token: string;
}

/** The contract of `token` with a ctx acting as its subscriber, or null for an unknown token. */
export async function subscriberAccess(db: Db, token: string, base: Clock): Promise<SubscriberAccess | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const c = await db.subscriptionContract.findUnique({
    where: { subscriberToken: token },
    select: {
      id: true,
      accountId: true,
      subscriberTokenExpiresAt: true,
      account: { select: { mode: true, testClockAt: true } },
    },
  });
  if (!c) return null;
  const clock = accountClock(c.account, base);
  // a link the seller rotated with an expiry: refused once that passes (refusedToken says why)
  if (c.subscriberTokenExpiresAt && c.subscriberTokenExpiresAt <= clock.now()) return null;
  const ctx: Ctx = {
    db,
    accountId: c.accountId,
    clock,
    actor: { type: "subscriber", id: c.id },
  };
  return { ctx, contractId: c.id, token };
}

/**
 * Why a token that opens no page was once good: the seller replaced it (rotation) or its expiry passed; with
 * the seller's name for "ask <seller> for a new one". Null for a token never issued.
 */
export async function refusedToken(
  db: Db,
  token: string,
  base: Clock,
): Promise<{ reason: "replaced" | "expired"; seller: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const account = { select: { name: true, mode: true, testClockAt: true } } as const;
  const live = await db.subscriptionContract.findUnique({
    where: { subscriberToken: token },
    select: { subscriberTokenExpiresAt: true, account },
  });
  if (live?.subscriberTokenExpiresAt && live.subscriberTokenExpiresAt <= accountClock(live.account, base).now())
    return { reason: "expired", seller: live.account.name };
  const retired = await db.retiredSubscriberToken.findUnique({
    where: { tokenHash: createHash("sha256").update(token).digest("hex") },
    select: { contract: { select: { account } } },
  });
  return retired ? { reason: "replaced", seller: retired.contract.account.name } : null;
}

/** The page's CSRF token: derived from the subscriber token with the service's secret (never stored). */
export async function csrfTokenFor(subscriberToken: string): Promise<string> {
  return createHmac("sha256", await getSecret("preview"))
    .update(`subscriber-csrf:${subscriberToken}`)
    .digest("base64url");
}

/** 403 unless `given` is the page's CSRF token. */
export async function requireCsrf(subscriberToken: string, given: string | null | undefined): Promise<void> {
  const expected = Buffer.from(await csrfTokenFor(subscriberToken));
  const actual = Buffer.from(given ?? "");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    throw new DomainError("forbidden", "The page is out of date or the request did not come from it; reload the page.");
}
