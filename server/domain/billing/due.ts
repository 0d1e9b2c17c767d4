// Everything that comes due for a contract, in time order: scheduled cancellations, pause windows and
// scheduled item changes (applied before the run of the same instant is built), regular runs at
// next_billing_at, scheduled runs and payment retries. With a test clock moved months ahead, each step
// runs with the clock at the instant it came due, so dates are exact. The order across an account's
// contracts is timeOrder.ts's.
import { fixedClock } from "@/server/clock";
import type { Ctx } from "@/server/domain/context";
import { applyDue } from "@/server/domain/contracts/dueChanges";
import { buildDueRun, regularKey } from "./build";
import { contractRuns, contractsAmong, noticeMissing } from "./dueSql";
import { executeRun, LEASE_SECONDS } from "./execute";
import { applyTrialDue, nextTrialDueAt, TRIAL_NOTICE_DAYS } from "./trialEnd";

/** Runs in `processing` untouched since before this (real time) belonged to a worker that died. */
const leaseExpiredBefore = () => new Date(Date.now() - LEASE_SECONDS * 1000);

export interface DueSummary {
  contracts: number;
  runsCreated: number;
  runsExecuted: number;
  changes: number;
}

const MAX_STEPS_PER_CONTRACT = 2_000;

type DueKind = "lifecycle" | "bill" | "run" | "trial";

/** The earliest instant ≤ until at which something is due for the contract (and what), or null. */
async function nextDueAt(ctx: Ctx, contractId: number, until: Date): Promise<{ at: Date; kinds: Set<DueKind> } | null> {
  const contract = await ctx.db.subscriptionContract.findUnique({
    where: { id: contractId },
    select: {
      id: true,
      state: true,
      trialStartAt: true,
      trialEndAt: true,
      nextBillingAt: true,
      cancelAt: true,
      pauses: {
        where: { state: { in: ["scheduled", "active"] } },
        select: { startAt: true, endAt: true, state: true },
      },
      scheduledChanges: { where: { state: "scheduled" }, select: { effectiveAt: true } },
    },
  });
  if (!contract) return null;
  const candidates: [Date, DueKind][] = [];
  if (
    (contract.state === "active" || contract.state === "paused") &&
    contract.nextBillingAt &&
    contract.nextBillingAt <= until
  ) {
    const built = await ctx.db.billingRun.findUnique({
      where: { contractId_periodKey: { contractId, periodKey: regularKey(contract.nextBillingAt) } },
      select: { id: true },
    });
    if (!built) candidates.push([contract.nextBillingAt, "bill"]);
  }
  if ((contract.state === "active" || contract.state === "paused") && contract.cancelAt)
    candidates.push([contract.cancelAt, "lifecycle"]);
  for (const p of contract.pauses) candidates.push([p.state === "scheduled" ? p.startAt : p.endAt, "lifecycle"]);
  const trialAt = await nextTrialDueAt(ctx, contract, until);
  if (trialAt) candidates.push([trialAt, "trial"]);
  // a scheduled item change comes due with the lifecycle, so it is applied before the run of its instant
  for (const change of contract.scheduledChanges) candidates.push([change.effectiveAt, "lifecycle"]);
  // the earliest of: a scheduled run, a retry coming due, a run a dead worker left in processing
  const [scheduled, retry, stale] = await Promise.all([
    ctx.db.billingRun.findFirst({
      where: { contractId, state: "scheduled" },
      orderBy: { scheduledAt: "asc" },
      select: { scheduledAt: true },
    }),
    ctx.db.billingRun.findFirst({
      where: { contractId, state: "failed", nextAttemptAt: { not: null } },
      orderBy: { nextAttemptAt: "asc" },
      select: { nextAttemptAt: true },
    }),
    ctx.db.billingRun.findFirst({
      where: { contractId, state: "processing", processingSince: { lt: leaseExpiredBefore() } },
      orderBy: { scheduledAt: "asc" },
      select: { scheduledAt: true },
    }),
  ]);
  if (scheduled) candidates.push([scheduled.scheduledAt, "run"]);
  if (retry) candidates.push([retry.nextAttemptAt!, "run"]);
  if (stale) candidates.push([stale.scheduledAt < until ? stale.scheduledAt : until, "run"]);
  const due = candidates.filter(([d]) => d <= until).sort((a, b) => +a[0] - +b[0]);
  if (!due.length) return null;
  const at = due[0][0];
  return { at, kinds: new Set(due.filter(([d]) => +d === +at).map(([, kind]) => kind)) };
}

/** Processes one contract up to `until`; returns counts. */
export async function processContract(ctx: Ctx, contractId: number, until: Date, summary: DueSummary): Promise<void> {
  for (let step = 0; step < MAX_STEPS_PER_CONTRACT; step++) {
    const due = await nextDueAt(ctx, contractId, until);
    if (!due) return;
    const { at, kinds } = due;
    const stepCtx: Ctx = { ...ctx, clock: fixedClock(at) };
    const before = summary.runsCreated + summary.runsExecuted + summary.changes;
    // the trial end first: without a payment method it cancels or pauses before the first run bills
    if (kinds.has("trial")) summary.changes += (await applyTrialDue(stepCtx, contractId)).length;
    if (kinds.has("lifecycle")) summary.changes += (await applyDue(stepCtx, contractId)).length;
    const built = kinds.has("bill") ? await buildDueRun(stepCtx, contractId) : null;
    if (built) summary.runsCreated++;
    const runs = await ctx.db.billingRun.findMany({
      where: {
        contractId,
        OR: [
          { state: "scheduled", scheduledAt: { lte: at } },
          { state: "failed", nextAttemptAt: { lte: at } },
          { state: "processing", processingSince: { lt: leaseExpiredBefore() } },
        ],
      },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    for (const r of runs) if (await executeRun(stepCtx, r.id)) summary.runsExecuted++;
    // another worker holds this contract: leave it to that worker
    if (summary.runsCreated + summary.runsExecuted + summary.changes === before) return;
  }
}

/** Contracts of the account with anything due by `until`. */
export async function dueContractIds(ctx: Ctx, until: Date, limit = 10_000, among?: number[]): Promise<number[]> {
  const rows = await ctx.db.$queryRaw<{ id: number }[]>`
    select c.id from ${contractsAmong(among)}
    where c.account_id = ${ctx.accountId} and (
      (c.state in ('active', 'paused') and (c.next_billing_at <= ${until} or c.cancel_at <= ${until}))
      or (c.state in ('active', 'paused') and c.trial_end_at is not null and (
        (c.trial_end_at - make_interval(days => ${TRIAL_NOTICE_DAYS}) <= ${until} and ${noticeMissing("subscription_contract.trial_will_end")})
        or (c.trial_end_at <= ${until} and ${noticeMissing("subscription_contract.trial_ended")})))
      or exists (select 1 from scheduled_item_changes s where s.contract_id = c.id and s.state = 'scheduled' and s.effective_at <= ${until})
      or exists (select 1 from contract_pauses p where p.contract_id = c.id and ((p.state = 'scheduled' and p.start_at <= ${until}) or (p.state = 'active' and p.end_at <= ${until})))
      or exists (select 1 from ${contractRuns} where ((r.state = 'scheduled' and r.scheduled_at <= ${until}) or (r.state = 'failed' and r.next_attempt_at <= ${until})
                 or (r.state = 'processing' and r.processing_since < now() - make_interval(secs => ${LEASE_SECONDS}))))
    )
    order by c.id limit ${limit}`;
  return rows.map((r) => r.id);
}
