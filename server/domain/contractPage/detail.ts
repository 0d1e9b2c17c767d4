// A contract's console page: the REST representation (the same read as GET /v2/subscription-contracts/{id}/)
// and what only the console shows: runs with attempts, credit transactions, the event timeline with the
// actors the audit trail recorded, entitlements, and what the next regular run will bill, by the billing
// planner itself (billing/nextCharge.ts, as the contract list) so the console never prices differently.
import { nextChargeOf } from "@/server/domain/billing/nextCharge";
import type { Ctx } from "@/server/domain/context";
import { loadContract } from "@/server/domain/contracts/contractRows";
import { getContract } from "@/server/domain/contracts/readAndPatch";
import { customerEntitlements } from "@/server/domain/entitlements/entitlements";
import { fmt4 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";

const TIMELINE_LIMIT = 200;

async function nextCharge(ctx: Ctx, id: number) {
  const c = await loadContract(ctx.db, ctx.accountId, id);
  if ((c.state !== "active" && c.state !== "paused") || !c.nextBillingAt) return null;
  const [catalog, pending] = await Promise.all([
    catalogSnapshot(ctx),
    ctx.db.pendingLine.findMany({
      where: { contractId: id, billingRunId: null },
      select: { subtotal: true, tax: true },
    }),
  ]);
  return nextChargeOf(c, catalog, pending);
}

export async function contractForConsole(ctx: Ctx, id: number) {
  const contract = await getContract(ctx, id); // 404 for another account's contract, before anything else is read
  const idText = String(id);
  const [runs, credits, events, audit, next, entitlements] = await Promise.all([
    ctx.db.billingRun.findMany({
      where: { contractId: id, accountId: ctx.accountId },
      orderBy: [{ scheduledAt: "desc" }, { id: "desc" }],
      include: { attempts: { orderBy: { attemptNo: "asc" } } },
    }),
    ctx.db.contractCredit.findMany({ where: { contractId: id, accountId: ctx.accountId }, orderBy: { id: "desc" } }),
    ctx.db.$queryRaw<{ id: number; event_id: string; type: string; created_at: Date }[]>`
      select id, event_id, type, created_at from outbox_events
      where account_id = ${ctx.accountId} and ((type like 'subscription_contract.%' and payload->'data'->>'id' = ${idText}) or payload->'data'->>'contract_id' = ${idText})
      order by id desc limit ${TIMELINE_LIMIT}`,
    ctx.db.auditLog.findMany({
      where: {
        accountId: ctx.accountId,
        targetId: idText,
        targetType: { in: ["subscription-contracts", "contracts"] },
      },
      orderBy: { id: "desc" },
      take: TIMELINE_LIMIT,
    }),
    nextCharge(ctx, id),
    customerEntitlements(ctx, { customer_reference: contract.customer_reference }),
  ]);
  return {
    contract,
    subscriber_page: contract.subscriber_page,
    next_charge: next,
    runs: runs.map((r) => ({
      id: r.id,
      kind: r.kind,
      state: r.state,
      currency: r.currency,
      period_start_at: r.periodStartAt.toISOString(),
      period_end_at: r.periodEndAt.toISOString(),
      scheduled_at: r.scheduledAt.toISOString(),
      total_amount: fmt4(r.total),
      credit_applied_amount: fmt4(r.creditApplied),
      next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
      attempts: r.attempts.map((a) => ({
        attempt_no: a.attemptNo,
        state: a.state,
        amount: fmt4(a.amount),
        transaction_id: a.transactionId,
        fail_code: a.failCode,
        fail_message: a.failMessage,
        created_at: a.createdAt.toISOString(),
      })),
    })),
    credit_transactions: credits.map((c) => ({
      id: c.id,
      kind: c.kind,
      amount: fmt4(c.amount),
      currency: c.currency,
      reason: c.reason,
      operation: c.operation,
      billing_run_id: c.billingRunId,
      created_at: c.createdAt.toISOString(),
    })),
    // newest first; the audit trail (real time, with actors) beside the events (account clock) of the same changes
    timeline: events.map((e) => ({ event_id: e.event_id, type: e.type, created_at: e.created_at.toISOString() })),
    changes: audit.map((a) => ({
      at: a.at.toISOString(),
      action: a.action,
      actor: { type: a.actorType, id: a.actorId, label: a.actorLabel },
    })),
    // the customer's entitlements that come from this contract
    entitlements: {
      ...entitlements,
      entitlements: entitlements.entitlements.filter((e) => e.contract_ids.includes(id)),
    },
  };
}
