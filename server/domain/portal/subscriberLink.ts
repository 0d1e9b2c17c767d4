// Rotating a contract's subscriber page link (issue 33): the seller replaces the token (the old one is kept as
// its SHA-256 only, so the page can say "this link was replaced" instead of "not found") and may give the new
// one an expiry in days. The contract's subscriber_page then names the new token.
import { randomBytes } from "node:crypto";
import type { Ctx } from "@/server/domain/context";
import { subscriberPage, subscriberUrl } from "@/server/domain/contracts/subscriberPageAddress";
import { notFound } from "@/server/domain/errors";
import { iso } from "@/server/domain/time";
import { hashToken } from "./sessions";

export interface RotateInput {
  /** the new link stops working this many days from now; absent: it never expires */
  expires_in_days?: number | null;
}

export async function rotateSubscriberLink(ctx: Ctx, contractId: number, input: RotateInput = {}) {
  const now = ctx.clock.now();
  const token = randomBytes(24).toString("base64url");
  const expiresAt = input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * 86_400_000) : null;
  await ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ subscriber_token: string }[]>`
      select subscriber_token from subscription_contracts
      where id = ${contractId} and account_id = ${ctx.accountId} for update`;
    const old = rows[0];
    if (!old) throw notFound();
    await tx.retiredSubscriberToken.create({
      data: { tokenHash: hashToken(old.subscriber_token), contractId, retiredAt: now },
    });
    await tx.subscriptionContract.update({
      where: { id: contractId },
      data: { subscriberToken: token, subscriberTokenExpiresAt: expiresAt },
    });
  });
  return {
    contract_id: contractId,
    subscriber_page: subscriberPage(await subscriberUrl(ctx), token),
    subscriber_page_expires_at: expiresAt ? iso(expiresAt) : null,
    rotated_at: iso(now),
  };
}
