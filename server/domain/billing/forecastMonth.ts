// One cell of the account forecast explained (console /admin/forecast): the contracts and projected runs
// that make a month's billed amount in a currency, with their lines' explanations. The same projection
// as forecastAccount (projectRuns over the contract as it is now), so the runs add up to the cell.
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { invalid } from "@/server/domain/errors";
import { fmt4 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { iso } from "@/server/domain/time";
import { projectRuns } from "./draft";
import { monthsAfter, presentDraftLine } from "./upcoming";

const BATCH = 2_000;
/** Runs listed (of the first contracts by id, then sorted by date); the count and total cover every run. */
const LISTED = 50;

export async function forecastMonth(ctx: Ctx, input: { month: string; currency: string }) {
  const now = ctx.clock.now();
  const current = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const start = new Date(`${input.month}-01T00:00:00.000Z`);
  if (
    !/^\d{4}-\d{2}$/.test(input.month) ||
    Number.isNaN(+start) ||
    start < current ||
    start >= monthsAfter(current, 24)
  )
    throw invalid("month", "A month (YYYY-MM) of the next 24 is required.");
  const until = new Date(+monthsAfter(start, 1) - 1);
  // as in the forecast, runs already due and not yet billed count in the current month
  const from = +start === +current ? new Date(0) : start;
  const catalog = await catalogSnapshot(ctx);
  const runs: ReturnType<typeof listed>[] = [];
  let count = 0;
  let total = new Decimal(0);
  const listed = (c: { id: number; customerId: number }, r: ReturnType<typeof projectRuns>[number]) => ({
    contract_id: c.id,
    customer_id: c.customerId,
    scheduled_at: iso(r.at),
    total_amount: fmt4(r.total),
    lines: r.lines.map(presentDraftLine),
  });
  for (let after = 0; ; ) {
    const batch = await ctx.db.subscriptionContract.findMany({
      where: {
        accountId: ctx.accountId,
        currency: input.currency,
        state: { in: ["active", "paused"] },
        id: { gt: after },
      },
      orderBy: { id: "asc" },
      take: BATCH,
      include: { items: { orderBy: { id: "asc" } }, pauses: { where: { state: { not: "canceled" } } } },
    });
    if (!batch.length) break;
    after = batch[batch.length - 1].id;
    const pending = await ctx.db.pendingLine.findMany({
      where: { contractId: { in: batch.map((c) => c.id) }, billingRunId: null },
      orderBy: { id: "asc" },
    });
    for (const c of batch) {
      const mine = pending.filter((p) => p.contractId === c.id);
      for (const r of projectRuns(c, catalog, mine, until)) {
        if (r.at < from) continue;
        count++;
        total = total.plus(r.total);
        if (runs.length < LISTED) runs.push(listed(c, r));
      }
    }
  }
  runs.sort((a, b) => a.scheduled_at.localeCompare(b.scheduled_at) || a.contract_id - b.contract_id);
  return { month: input.month, currency: input.currency, runs_count: count, billed_amount: fmt4(total), runs };
}
