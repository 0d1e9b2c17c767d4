// The console's contract page data: the console read (console/contractDetail: REST contract, runs with
// attempts, credit transactions, events, audit actors, next charge by the billing planner) plus the
// adjustments still waiting for a run, shaped for the page's sections. Read-only, scoped by account.

import { contractForConsole } from "@/server/domain/console/contractDetail";
import type { Ctx } from "@/server/domain/context";
import { dec, fmt4 } from "@/server/domain/money";
import { versionAt } from "@/server/domain/pricing/amounts";
import type { ContractOut } from "@/server/schemas/contracts";

export interface ContractPage {
  contract: ContractOut;
  nextCharge: { at: string | null; amount: string | null } | null;
  itemExtras: Record<number, { explanation?: string | null; price_version_id?: number | null }>;
  /** the next regular run's lines, as the billing planner prices them */
  upcoming: { product_name: string; quantity: number; line_total_amount: string; description: string }[];
  activity: {
    runs: {
      id: number;
      kind: string;
      state: string;
      period_start_at: string;
      period_end_at: string;
      total_amount: string;
      attempts: { id: number; state: string; amount: string; created_at: string; failure_message: string | null }[];
    }[];
    credits: {
      id: number;
      kind: string;
      amount: string;
      reason: string;
      created_at: string;
      billing_run_id: number | null;
    }[];
    adjustments: { id: number; description: string; amount: string; created_at: string }[];
    events: { id: string; type: string; created_at: string; actor: string | null }[];
  };
}

/** "POST /v2/subscription-contracts/{contractId}/cancel/" → "cancel (API)"; "trpc contractActions.cancel" → "cancel (console)" */
function actionName(action: string): string {
  const rest = action.match(/subscription-contracts\/\{contractId\}\/(.*?)\/?$/);
  if (rest) return `${rest[1] ? rest[1].replace(/\//g, " ") : action.split(" ")[0].toLowerCase()} (API)`;
  const trpc = action.match(/^trpc (?:contractActions|contracts)\.(\w+)/);
  return trpc ? `${trpc[1]} (console)` : action;
}

export async function loadContractPage(ctx: Ctx, id: number): Promise<ContractPage> {
  const d = await contractForConsole(ctx, id); // 404 first for a missing or foreign contract
  const priceIds = [...new Set(d.contract.items.filter((i) => i.status === "active").map((i) => i.price_id))];
  const [pending, consoleChanges, versions] = await Promise.all([
    ctx.db.pendingLine.findMany({
      where: { accountId: ctx.accountId, contractId: id, billingRunId: null },
      orderBy: { id: "asc" },
    }),
    // the console's own actions (tRPC contractActions.*) are audited under that router's name
    ctx.db.auditLog.findMany({
      where: { accountId: ctx.accountId, targetType: "contractActions", targetId: String(id) },
      orderBy: { id: "desc" },
      take: 200,
    }),
    ctx.db.priceVersion.findMany({ where: { priceId: { in: priceIds }, price: { accountId: ctx.accountId } } }),
  ]);
  // the price version in effect now (the one the contract's unit_amount comes from, unless overridden)
  const now = ctx.clock.now();
  const versionOf = (priceId: number) => {
    const v = versionAt(
      versions.filter((x) => x.priceId === priceId).map((x) => ({ ...x, unitAmount: dec(x.unitAmount) })),
      now,
    ) as { id?: number } | null;
    return v?.id ?? null;
  };
  const c = d.contract;
  const explanation = new Map((d.next_charge?.lines ?? []).map((l) => [l.product_name, l.description]));
  const events = [
    ...d.timeline.map((e) => ({ id: e.event_id, type: e.type, created_at: e.created_at, actor: null })),
    ...d.changes.map((a, i) => ({
      id: `change-${i}`,
      type: actionName(a.action),
      created_at: a.at,
      actor: a.actor.label || a.actor.type,
    })),
    ...consoleChanges.map((a) => ({
      id: `console-${a.id}`,
      type: actionName(a.action),
      created_at: a.at.toISOString(),
      actor: a.actorLabel || a.actorType,
    })),
  ].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    contract: c,
    nextCharge: d.next_charge ? { at: d.next_charge.at, amount: d.next_charge.total_amount } : null,
    itemExtras: Object.fromEntries(
      c.items
        .filter((i) => i.status === "active")
        .map((i) => [
          i.id,
          {
            explanation: explanation.get(i.product_name) ?? null,
            price_version_id: i.unit_amount_override ? null : versionOf(i.price_id),
          },
        ]),
    ),
    upcoming: d.next_charge?.lines ?? [],
    activity: {
      runs: d.runs.map((r) => ({
        ...r,
        attempts: r.attempts.map((t) => ({
          id: t.attempt_no,
          state: t.state,
          amount: t.amount,
          created_at: t.created_at,
          failure_message: t.fail_message,
        })),
      })),
      credits: d.credit_transactions,
      adjustments: pending.map((p) => ({
        id: p.id,
        description: p.description,
        amount: fmt4(p.lineTotal),
        created_at: p.createdAt.toISOString(),
      })),
      events,
    },
  };
}
