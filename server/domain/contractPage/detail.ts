// A contract's console page: the REST representation (the same read as GET /v2/subscription-contracts/{id}/)
// and what only the console shows: runs with attempts, credit transactions, the event timeline with the
// actors the audit trail recorded (each of the three one page, newest first, with its count), entitlements,
// and what the next regular run will bill, by the billing planner itself (billing/nextCharge.ts, as the
// contract list) so the console never prices differently.
import { nextChargeOf } from "@/server/domain/billing/nextCharge";
import type { Ctx } from "@/server/domain/context";
import { loadContract } from "@/server/domain/contracts/contractRows";
import { getContract } from "@/server/domain/contracts/readAndPatch";
import { customerEntitlements } from "@/server/domain/entitlements/entitlements";
import { pagedList, tablePage } from "@/server/domain/list";
import { fmt4 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { estimatedUsage } from "@/server/domain/usage/contractUsage";
import { contractTimeline } from "./timeline";

/** The page (1-based) of each of the contract page's long tables; a number past the end shows the last page. */
export interface ContractPages {
  runs?: number;
  credits?: number;
  events?: number;
}

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
  return nextChargeOf(c, catalog, pending, await estimatedUsage(ctx, catalog, [c]));
}

export async function contractForConsole(ctx: Ctx, id: number, pages: ContractPages = {}) {
  const contract = await getContract(ctx, id); // 404 for another account's contract, before anything else is read
  const runWhere = { contractId: id, accountId: ctx.accountId };
  const creditWhere = { contractId: id, accountId: ctx.accountId };
  const [runs, credits, timeline, next, entitlements] = await Promise.all([
    pagedList(
      tablePage(pages.runs ?? 1),
      () => ctx.db.billingRun.count({ where: runWhere }),
      (window) =>
        ctx.db.billingRun.findMany({
          where: runWhere,
          orderBy: [{ scheduledAt: "desc" }, { id: "desc" }],
          include: { attempts: { orderBy: { attemptNo: "asc" } } },
          ...window,
        }),
      (r) => ({
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
      }),
    ),
    pagedList(
      tablePage(pages.credits ?? 1),
      () => ctx.db.contractCredit.count({ where: creditWhere }),
      (window) => ctx.db.contractCredit.findMany({ where: creditWhere, orderBy: { id: "desc" }, ...window }),
      (c) => ({
        id: c.id,
        kind: c.kind,
        amount: fmt4(c.amount),
        currency: c.currency,
        reason: c.reason,
        operation: c.operation,
        billing_run_id: c.billingRunId,
        created_at: c.createdAt.toISOString(),
      }),
    ),
    // newest first: the events (account clock) beside the audit trail's changes (real time, with actors)
    contractTimeline(ctx, id, tablePage(pages.events ?? 1)),
    nextCharge(ctx, id),
    customerEntitlements(ctx, { customer_reference: contract.customer_reference }),
  ]);
  return {
    contract,
    subscriber_page: contract.subscriber_page,
    next_charge: next,
    runs,
    credit_transactions: credits,
    timeline,
    // the customer's entitlements that come from this contract
    entitlements: {
      ...entitlements,
      entitlements: entitlements.entitlements.filter((e) => e.contract_ids.includes(id)),
    },
  };
}
