// The cancellation the seller shapes (issue 33, item 4): reasons the customer picks from and an optional
// retention offer (a coupon of the seller's, offered once per contract before the cancel is confirmed and
// applied through the coupons' own rules, coupons/contractDiscount.ts). The outcome (reason, offer accepted or
// declined) is stored on the contract (`cancellation_feedback`) for analytics.

import type { Ctx } from "@/server/domain/context";
import { applyContractDiscount } from "@/server/domain/coupons/contractDiscount";
import { invalid, notFound } from "@/server/domain/errors";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";

export interface CancellationSettingsOut {
  reasons: string[];
  retention_coupon: number | null;
}

export interface CancellationFeedback {
  reason: string | null;
  /** the retention offer: shown and accepted, shown and declined, or none shown */
  offer: "accepted" | "declined" | null;
  coupon_id: number | null;
  at: string;
}

export async function getCancellationSettings(ctx: Ctx): Promise<CancellationSettingsOut> {
  const row = await ctx.db.cancellationSettings.findUnique({ where: { accountId: ctx.accountId } });
  return { reasons: (row?.reasons as string[] | undefined) ?? [], retention_coupon: row?.retentionCouponId ?? null };
}

export async function updateCancellationSettings(
  ctx: Ctx,
  patch: { reasons?: string[]; retention_coupon?: number | null },
): Promise<CancellationSettingsOut> {
  const reasons = patch.reasons?.map((r) => r.trim()).filter(Boolean);
  if (reasons && new Set(reasons.map((r) => r.toLowerCase())).size !== reasons.length)
    throw invalid("reasons", "Each reason only once.");
  if (patch.retention_coupon != null) {
    const coupon = await ctx.db.coupon.findFirst({
      where: { id: patch.retention_coupon, accountId: ctx.accountId, active: true },
    });
    if (!coupon) throw invalid("retention_coupon", "No active coupon of this account has this id.");
  }
  const data = {
    ...(reasons ? { reasons } : {}),
    ...(patch.retention_coupon !== undefined ? { retentionCouponId: patch.retention_coupon } : {}),
  };
  await ctx.db.cancellationSettings.upsert({
    where: { accountId: ctx.accountId },
    create: { accountId: ctx.accountId, ...data },
    update: data,
  });
  return getCancellationSettings(ctx);
}

async function feedbackOf(ctx: Ctx, contractId: number) {
  const c = await ctx.db.subscriptionContract.findFirst({
    where: { id: contractId, accountId: ctx.accountId },
    select: { cancellationFeedback: true, state: true, discount: { select: { id: true } } },
  });
  if (!c) throw notFound();
  return c;
}

/** What the cancel dialog offers for this contract: the reasons and, once, the retention coupon. */
export async function cancellationOptions(ctx: Ctx, contractId: number) {
  const [settings, c] = await Promise.all([getCancellationSettings(ctx), feedbackOf(ctx, contractId)]);
  const shown = (c.cancellationFeedback as CancellationFeedback | null)?.offer != null;
  const coupon =
    settings.retention_coupon && !shown && !c.discount && c.state === "active"
      ? await ctx.db.coupon.findFirst({
          where: { id: settings.retention_coupon, accountId: ctx.accountId, active: true },
          select: { id: true, name: true, kind: true, percentOff: true, duration: true, durationPeriods: true },
        })
      : null;
  return {
    reasons: settings.reasons,
    offer: coupon
      ? {
          coupon_id: coupon.id,
          name: coupon.name,
          percent_off: coupon.percentOff ? coupon.percentOff.toFixed(4) : null,
          duration: coupon.duration,
          duration_periods: coupon.durationPeriods,
        }
      : null,
  };
}

/** A reason must be one of the seller's when the seller set any (else free text, as before). */
export async function checkReason(ctx: Ctx, reason: string | null | undefined): Promise<string | null> {
  const { reasons } = await getCancellationSettings(ctx);
  const r = reason?.trim() || null;
  if (reasons.length && r !== null && !reasons.includes(r)) throw invalid("reason", "Pick one of the reasons offered.");
  return r;
}

async function record(ctx: Ctx, contractId: number, feedback: Omit<CancellationFeedback, "at">) {
  const value: CancellationFeedback = { ...feedback, at: iso(ctx.clock.now()) };
  await ctx.db.subscriptionContract.updateMany({
    where: { id: contractId, accountId: ctx.accountId },
    data: { cancellationFeedback: value as unknown as Prisma.InputJsonValue },
  });
}

/** The customer stays with the retention offer: the coupon is applied (its own rules), the outcome recorded. */
export async function acceptRetentionOffer(ctx: Ctx, contractId: number, reason: string | null | undefined) {
  const r = await checkReason(ctx, reason);
  const { offer } = await cancellationOptions(ctx, contractId);
  if (!offer) throw invalid("non_field_errors", "There is no offer for this subscription.");
  const contract = await applyContractDiscount(ctx, contractId, { coupon: offer.coupon_id });
  await record(ctx, contractId, { reason: r, offer: "accepted", coupon_id: offer.coupon_id });
  return { contract_id: contract.id, coupon_id: offer.coupon_id };
}

/** After a confirmed cancel: the reason and whether an offer was shown and declined. */
export async function recordCancellation(ctx: Ctx, contractId: number, reason: string | null, offerShown: boolean) {
  const [{ retention_coupon }, c] = await Promise.all([getCancellationSettings(ctx), feedbackOf(ctx, contractId)]);
  // an offer answered before (accepted, then cancelled later) stays on record
  const before = c.cancellationFeedback as CancellationFeedback | null;
  await record(ctx, contractId, {
    reason,
    offer: offerShown ? "declined" : (before?.offer ?? null),
    coupon_id: offerShown ? retention_coupon : (before?.coupon_id ?? null),
  });
}
