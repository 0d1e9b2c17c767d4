// What the console's contract page shows besides the REST contract: runs with attempts, credit
// transactions, pending adjustments, the event timeline (with actors from the audit trail), and the
// amount of the next scheduled run. Read-only; every query scoped by account (getContract 404s first).
import type { Ctx } from "../context";
import { fmt4 } from "../money";
import { getContract } from "../contracts/read";
import type { ContractOut } from "../../schemas/contracts";

const iso = (d: Date) => d.toISOString();

export interface ContractPage {
  contract: ContractOut;
  nextCharge: { at: string | null; amount: string | null } | null;
  activity: {
    runs: { id: number; kind: string; state: string; period_start_at: string; period_end_at: string; total_amount: string; attempts: { id: number; state: string; amount: string; created_at: string; failure_message: string | null }[] }[];
    credits: { id: number; kind: string; amount: string; reason: string; created_at: string; billing_run_id: number | null }[];
    adjustments: { id: number; description: string; amount: string; created_at: string }[];
    events: { id: string; type: string; created_at: string; actor: string | null }[];
  };
}

export async function loadContractPage(ctx: Ctx, id: number): Promise<ContractPage> {
  const contract = await getContract(ctx, id);
  const scope = { accountId: ctx.accountId, contractId: id };
  const [runs, credits, pending, outbox, audit] = await Promise.all([
    ctx.db.billingRun.findMany({ where: scope, orderBy: [{ periodStartAt: "desc" }, { id: "desc" }], take: 50, include: { attempts: { orderBy: { attemptNo: "asc" } } } }),
    ctx.db.contractCredit.findMany({ where: scope, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 100 }),
    ctx.db.pendingLine.findMany({ where: { ...scope, billingRunId: null }, orderBy: { id: "asc" } }),
    ctx.db.$queryRaw<{ event_id: string; type: string; created_at: Date }[]>`
      select event_id, type, created_at from outbox_events
      where account_id = ${ctx.accountId} and type like 'subscription_contract.%' and payload->'data'->>'id' = ${String(id)}
      order by id desc limit 100`,
    ctx.db.auditLog.findMany({ where: { accountId: ctx.accountId, targetType: { in: ["subscription-contracts", "contractActions"] }, targetId: String(id) }, orderBy: { id: "desc" }, take: 100 }),
  ]);
  const next = runs.find((r) => r.state === "scheduled");
  const events = [
    ...outbox.map((e) => ({ id: e.event_id, type: e.type, created_at: iso(e.created_at), actor: null })),
    ...audit.map((a) => ({ id: `audit-${a.id}`, type: a.action.replace(/^trpc contractActions\./, "console: ").replace(/^(POST|PATCH|DELETE) \/v2\/subscription-contracts\/\{contractId\}\/?/, "API $1 "), created_at: iso(a.at), actor: a.actorLabel || a.actorType })),
  ].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    contract,
    nextCharge: next ? { at: iso(next.scheduledAt), amount: fmt4(next.total) } : contract.next_billing_at ? { at: contract.next_billing_at, amount: null } : null,
    activity: {
      runs: runs.map((r) => ({
        id: r.id, kind: r.kind, state: r.state, period_start_at: iso(r.periodStartAt), period_end_at: iso(r.periodEndAt), total_amount: fmt4(r.total),
        attempts: r.attempts.map((t) => ({ id: t.id, state: t.state, amount: fmt4(t.amount), created_at: iso(t.createdAt), failure_message: t.failMessage })),
      })),
      credits: credits.map((c) => ({ id: c.id, kind: c.kind, amount: fmt4(c.amount), reason: c.reason, created_at: iso(c.createdAt), billing_run_id: c.billingRunId })),
      adjustments: pending.map((p) => ({ id: p.id, description: p.description, amount: fmt4(p.lineTotal), created_at: iso(p.createdAt) })),
      events,
    },
  };
}
