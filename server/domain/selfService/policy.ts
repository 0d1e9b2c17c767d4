// The seller's self-service policy: which actions customers may take on the subscriber page and how
// their plan changes are prorated. No row means the defaults (the migration's column defaults).
import type { Ctx } from "@/server/domain/context";
import { DomainError } from "@/server/domain/errors";
import type { SelfServicePolicyOut, SelfServicePolicyPatch } from "@/server/schemas/selfService";

export const DEFAULT_POLICY: SelfServicePolicyOut = {
  allow_cancel: true,
  allow_change_plan: true,
  allow_pause: false,
  allow_update_card: true,
  customer_proration: "upgrade_now_downgrade_at_renewal",
};

export type SelfServiceAction = "cancel" | "change_plan" | "pause" | "update_card";

export async function getSelfServicePolicy(ctx: Pick<Ctx, "db" | "accountId">): Promise<SelfServicePolicyOut> {
  const row = await ctx.db.selfServicePolicy.findUnique({ where: { accountId: ctx.accountId } });
  if (!row) return { ...DEFAULT_POLICY };
  return {
    allow_cancel: row.allowCancel,
    allow_change_plan: row.allowChangePlan,
    allow_pause: row.allowPause,
    allow_update_card: row.allowUpdateCard,
    customer_proration: row.customerProration as SelfServicePolicyOut["customer_proration"],
  };
}

export async function updateSelfServicePolicy(ctx: Ctx, patch: SelfServicePolicyPatch): Promise<SelfServicePolicyOut> {
  const next = { ...(await getSelfServicePolicy(ctx)), ...patch };
  const data = {
    allowCancel: next.allow_cancel,
    allowChangePlan: next.allow_change_plan,
    allowPause: next.allow_pause,
    allowUpdateCard: next.allow_update_card,
    customerProration: next.customer_proration,
  };
  await ctx.db.selfServicePolicy.upsert({
    where: { accountId: ctx.accountId },
    create: { accountId: ctx.accountId, ...data },
    update: data,
  });
  return next;
}

const FLAG: Record<SelfServiceAction, keyof SelfServicePolicyOut> = {
  cancel: "allow_cancel",
  change_plan: "allow_change_plan",
  pause: "allow_pause",
  update_card: "allow_update_card",
};

/** 403 (spec error shape) when the seller does not let customers take `action` themselves. */
export function requireAllowed(policy: SelfServicePolicyOut, action: SelfServiceAction): void {
  if (!policy[FLAG[action]])
    throw new DomainError("forbidden", "The seller does not allow this change on the subscriber page.");
}
