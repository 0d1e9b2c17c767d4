// Checkouts whose first payment did not succeed. One checkout (and one embedded session) yields at most one
// contract: after a decline the customer pays the same initial run with another card (finalize again), and
// a checkout that is never paid is closed once it or its session expires: its run is voided (nothing to
// collect, no retry, no billing attention) and its contract ends with the reason `unpaid_checkout`. A card
// registered for the checkout that declined its payment leaves the customer's file at once.
import type { DbTx } from "@/server/db";
import { presentRunSummary } from "@/server/domain/billing/present";
import type { Ctx } from "@/server/domain/context";
import { withVersionBump } from "@/server/domain/contracts/contractRows";
import { emitEvent } from "@/server/domain/events/outbox";
import { lockAccountRow } from "@/server/domain/rowLock";

/** `ended_reason` of a contract whose checkout was never paid (it never activated, so it never counted in MRR). */
export const UNPAID_CHECKOUT = "unpaid_checkout";

/** A card that declined a checkout's first payment leaves the customer's file (a later charge must never pick it). */
export async function dropDeclinedCard(tx: DbTx, paymentMethodId: number | null, now: Date): Promise<void> {
  if (paymentMethodId === null) return;
  await tx.paymentMethod.updateMany({
    where: { id: paymentMethodId, state: "active" },
    data: { state: "canceled", canceledAt: now, token: null, setupData: {} },
  });
}

/**
 * Closes one unpaid checkout, if it still is one: the run voided, the contract ended, the checkout expired.
 * Returns false when there is nothing to close (paid meanwhile, a charge in flight, already closed).
 */
export async function closeUnpaidCheckout(ctx: Ctx, checkoutId: number, why: string): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.$transaction(async (tx) => {
    const [checkout] = await tx.$queryRaw<{ status: string; contract_id: number | null; run_id: number | null }[]>`
      select status, contract_id, initial_billing_run_id as run_id from checkouts
      where id = ${checkoutId} and account_id = ${ctx.accountId} for update`;
    if (checkout?.status !== "failed" || checkout.contract_id === null || checkout.run_id === null) return false;
    await lockAccountRow(tx, "subscription_contracts", checkout.contract_id, ctx.accountId);
    const contract = await tx.subscriptionContract.findFirst({
      where: { id: checkout.contract_id, state: "inactive" },
    });
    if (!contract) return false;
    // conditional on the state, like claimRun: a charge that claimed the run first (processing) wins, and
    // this pass leaves the checkout for the next one
    const [voidedRow] = await tx.$queryRaw<{ id: number }[]>`
      update billing_runs set state = 'voided', next_attempt_at = null, updated_at = ${now},
        metadata = metadata || ${JSON.stringify({ void_reason: why, voided_at: now.toISOString() })}::jsonb
      where id = ${checkout.run_id} and state = 'failed' returning id`;
    if (!voidedRow) return false;
    const voided = await tx.billingRun.findUniqueOrThrow({ where: { id: voidedRow.id } });
    const ended = await tx.subscriptionContract.update({
      where: { id: contract.id },
      data: withVersionBump(now, {
        state: "ended",
        endedAt: now,
        endedReason: UNPAID_CHECKOUT,
        recurring: false,
        nextBillingAt: null,
        billingAttentionRequired: false,
        pastDueSince: null,
      }),
      include: { customer: { select: { reference: true } } },
    });
    await tx.checkout.update({ where: { id: checkoutId }, data: { status: "expired", updatedAt: now } });
    await emitEvent(
      tx,
      ctx.accountId,
      "billing_run.voided",
      { ...presentRunSummary(voided, ended), void_reason: why },
      now,
    );
    await emitEvent(
      tx,
      ctx.accountId,
      "subscription_contract.ended",
      {
        id: ended.id,
        state: ended.state,
        cancel_at_period_end: ended.cancelAtPeriodEnd,
        cancel_at: ended.cancelAt,
        canceled_at: ended.canceledAt,
        ended_at: ended.endedAt,
        ended_reason: UNPAID_CHECKOUT,
      },
      now,
    );
    return true;
  });
}

/**
 * The worker's (and a test clock's) pass: every unpaid checkout of the account whose own time ran out or
 * whose embedded session expired is closed. Returns how many were closed.
 */
export async function closeExpiredUnpaidCheckouts(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db.$queryRaw<{ id: number }[]>`
    select c.id from checkouts c left join checkout_sessions s on s.id = c.checkout_session_id
    where c.account_id = ${ctx.accountId} and c.status = 'failed' and c.contract_id is not null
      and (c.expires_at <= ${now} or s.expires_at <= ${now})
    order by c.id limit 500`;
  let closed = 0;
  for (const { id } of due) if (await closeUnpaidCheckout(ctx, id, "checkout_expired")) closed++;
  return closed;
}
