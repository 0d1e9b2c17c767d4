// The console's contract page data: the console read (contractPage/detail: REST contract, a page each of
// runs with attempts, credit transactions and the timeline of events and audited changes, next charge by
// the billing planner) plus the adjustments still waiting for a run, shaped for the page's sections.
// Read-only, scoped by account.

import type { Ctx } from "@/server/domain/context";
import type { ListResult } from "@/server/domain/list";
import { dec, fmt4 } from "@/server/domain/money";
import { versionAt } from "@/server/domain/pricing/amounts";
import type { ContractOut } from "@/server/schemas/contracts";
import { type ContractPages, contractForConsole } from "./detail";
import type { TimelineEntry } from "./timeline";

export interface ContractPage {
  contract: ContractOut;
  nextCharge: { at: string | null; amount: string | null } | null;
  itemExtras: Record<number, { explanation?: string | null; price_version_id?: number | null }>;
  /** the next regular run's lines, as the billing planner prices them */
  upcoming: { product_name: string; quantity: number; line_total_amount: string; description: string }[];
  /** the long tables one page each (newest first, with the count); adjustments wait for one run, so all */
  activity: {
    runs: ListResult<{
      id: number;
      kind: string;
      state: string;
      period_start_at: string;
      period_end_at: string;
      total_amount: string;
      attempts: { id: number; state: string; amount: string; created_at: string; failure_message: string | null }[];
    }>;
    credits: ListResult<{
      id: number;
      kind: string;
      amount: string;
      reason: string;
      created_at: string;
      billing_run_id: number | null;
    }>;
    adjustments: { id: number; description: string; amount: string; created_at: string }[];
    events: ListResult<TimelineEntry>;
  };
}

export type { ContractPages } from "./detail";

export async function loadContractPage(ctx: Ctx, id: number, pages: ContractPages = {}): Promise<ContractPage> {
  const detail = await contractForConsole(ctx, id, pages); // 404 first for a missing or foreign contract
  const priceIds = [...new Set(detail.contract.items.filter((i) => i.status === "active").map((i) => i.price_id))];
  const [pending, versions] = await Promise.all([
    ctx.db.pendingLine.findMany({
      where: { accountId: ctx.accountId, contractId: id, billingRunId: null },
      orderBy: { id: "asc" },
    }),
    ctx.db.priceVersion.findMany({ where: { priceId: { in: priceIds }, price: { accountId: ctx.accountId } } }),
  ]);
  // the price version in effect now (the one the contract's unit_amount comes from, unless overridden)
  const now = ctx.clock.now();
  const versionOf = (priceId: number) => {
    const value = versionAt(
      versions.filter((x) => x.priceId === priceId).map((x) => ({ ...x, unitAmount: dec(x.unitAmount) })),
      now,
    ) as { id?: number } | null;
    return value?.id ?? null;
  };
  const contract = detail.contract;
  const explanation = new Map((detail.next_charge?.lines ?? []).map((l) => [l.product_name, l.description]));
  return {
    contract,
    nextCharge: detail.next_charge ? { at: detail.next_charge.at, amount: detail.next_charge.total_amount } : null,
    itemExtras: Object.fromEntries(
      contract.items
        .filter((i) => i.status === "active")
        .map((item) => [
          item.id,
          {
            explanation: explanation.get(item.product_name) ?? null,
            price_version_id: item.unit_amount_override ? null : versionOf(item.price_id),
          },
        ]),
    ),
    upcoming: detail.next_charge?.lines ?? [],
    activity: {
      runs: {
        ...detail.runs,
        results: detail.runs.results.map((run) => ({
          ...run,
          attempts: run.attempts.map((attempt) => ({
            id: attempt.attempt_no,
            state: attempt.state,
            amount: attempt.amount,
            created_at: attempt.created_at,
            failure_message: attempt.fail_message,
          })),
        })),
      },
      credits: detail.credit_transactions,
      adjustments: pending.map((price) => ({
        id: price.id,
        description: price.description,
        amount: fmt4(price.lineTotal),
        created_at: price.createdAt.toISOString(),
      })),
      events: detail.timeline,
    },
  };
}
