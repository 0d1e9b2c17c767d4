// Due work of an account in time order: everything due at one instant is settled before anything due
// later, across all the account's contracts, so receipts (numbered as runs settle) follow their issue
// instants even when one test-clock advance or one worker pass covers many due dates. A pass (the test
// clock's advance, the CLI, a worker's chunk) works in waves: the earliest instant at which its contracts
// have work due, once nothing of the account that bills a run is due or being charged earlier. When
// something is (another chunk's contracts, another process's charge), the pass helps with it, or waits
// while another process finishes it: every process moves through the account's instants in step.
import { fixedClock } from "@/server/clock";
import type { Ctx } from "@/server/domain/context";
import { billRegularRunsInBulk } from "./bulk";
import { type DueSummary, dueContractIds, processContract } from "./due";
import { contractRuns, contractsAmong, noticeMissing, regularRunMissing } from "./dueSql";
import { LEASE_SECONDS } from "./execute";
import { TRIAL_NOTICE_DAYS } from "./trialEnd";

export interface PassOptions {
  /** the contracts this pass is for (a worker's chunk); all of the account's when absent */
  among?: number[];
  /** plain regular runs through the set-based path (bulk.ts) before the per-contract path (the worker) */
  bulk?: boolean;
  /** a contract that throws is logged and left out of this pass instead of ending it (the worker) */
  tolerant?: boolean;
}

/** Contracts helped with at once when the account's earliest work is outside the pass's own contracts. */
const HELP_LIMIT = 200;
/** Contracts of one wave when a pass covers the whole account. */
const WAVE_LIMIT = 10_000;
/** How long a pass waits, without progress, for work another process holds (a charge takes milliseconds). */
const WAIT_MS = 50;
const WAIT_BUDGET_MS = 15_000;

/**
 * The earliest instant (epoch ms) ≤ until at which each contract has something due: the per-contract
 * definition of billing/due.ts's nextDueAt (regular run not built yet, cancellation, pause start or end,
 * scheduled item change, trial milestone, scheduled run, retry, run left by a dead worker), in one query.
 */
async function dueInstants(
  ctx: Ctx,
  until: Date,
  among: number[] | null,
  skip: number[],
): Promise<Map<number, number>> {
  const rows = await ctx.db.$queryRaw<{ id: number; at: number }[]>`
    select id, round(extract(epoch from at) * 1000)::float8 as at from (
      select c.id, least(
        case when c.state in ('active', 'paused') and c.next_billing_at <= ${until} and ${regularRunMissing}
          then c.next_billing_at end,
        case when c.state in ('active', 'paused') and c.cancel_at <= ${until} then c.cancel_at end,
        (select min(case when p.state = 'scheduled' then p.start_at else p.end_at end) from contract_pauses p
          where p.contract_id = c.id and ((p.state = 'scheduled' and p.start_at <= ${until}) or (p.state = 'active' and p.end_at <= ${until}))),
        (select min(s.effective_at) from scheduled_item_changes s
          where s.contract_id = c.id and s.state = 'scheduled' and s.effective_at <= ${until}),
        case when c.state in ('active', 'paused') and c.trial_end_at is not null then (
          select min(x) from (values
            (case when ${noticeMissing("subscription_contract.trial_will_end")}
              then greatest(c.trial_end_at - make_interval(days => ${TRIAL_NOTICE_DAYS}), c.trial_start_at) end),
            (case when ${noticeMissing("subscription_contract.trial_ended")}
              then c.trial_end_at end)) as v(x)
          where x <= ${until}) end,
        (select min(case r.state when 'scheduled' then r.scheduled_at when 'failed' then r.next_attempt_at
                  else least(r.scheduled_at, ${until}) end)
          from ${contractRuns} where ((r.state = 'scheduled' and r.scheduled_at <= ${until})
            or (r.state = 'failed' and r.next_attempt_at <= ${until})
            or (r.state = 'processing' and r.processing_since < now() - make_interval(secs => ${LEASE_SECONDS}))))
      ) as at
      from ${contractsAmong(among)}
      where c.account_id = ${ctx.accountId}
        and c.id <> all(${skip}::int[])
      -- NOTE: offset 0 keeps the subquery whole: the outer filter pushed into it computed every least() twice
      offset 0) due
    where at is not null`;
  return new Map(rows.map((r) => [r.id, r.at]));
}

/**
 * The earliest instant (epoch ms) ≤ until at which anything of the account bills a run: a regular run to
 * build, a scheduled run, a retry, a cancellation that bills pending adjustments, or a run being charged
 * right now (by any process). Trial milestones, pauses and item changes bill nothing by themselves. Each
 * part reads an index in order, so this stays cheap at 100,000 contracts.
 */
async function earliestRunWork(ctx: Ctx, until: Date, skip: number[]): Promise<number | null> {
  const [row] = await ctx.db.$queryRaw<{ at: number | null }[]>`
      select round(extract(epoch from least(
        (select c.next_billing_at from subscription_contracts c
          where c.account_id = ${ctx.accountId} and c.state = 'active' and c.next_billing_at <= ${until}
            and c.id <> all(${skip}::int[]) and ${regularRunMissing}
          order by c.next_billing_at limit 1),
        (select c.next_billing_at from subscription_contracts c
          where c.account_id = ${ctx.accountId} and c.state = 'paused' and c.next_billing_at <= ${until}
            and c.id <> all(${skip}::int[]) and ${regularRunMissing}
          order by c.next_billing_at limit 1),
        (select min(c.cancel_at) from pending_lines p join subscription_contracts c on c.id = p.contract_id
          where p.account_id = ${ctx.accountId} and p.billing_run_id is null and c.state in ('active', 'paused')
            and c.cancel_at <= ${until} and c.id <> all(${skip}::int[])),
        (select min(case r.state when 'scheduled' then r.scheduled_at when 'failed' then r.next_attempt_at
                  else least(coalesce(r.next_attempt_at, r.scheduled_at), ${until}) end)
          from billing_runs r where r.account_id = ${ctx.accountId} and r.state in ('scheduled', 'failed', 'processing')
            and r.contract_id <> all(${skip}::int[])
            and ((r.state = 'scheduled' and r.scheduled_at <= ${until}) or (r.state = 'failed' and r.next_attempt_at <= ${until})
              or r.state = 'processing'))
      )) * 1000)::float8 as at`;
  return row?.at ?? null;
}

const progressOf = (s: DueSummary) => s.runsCreated + s.runsExecuted + s.changes;

/**
 * Processes everything due by `until` for the pass's contracts, in time order across the account.
 * NOTE: a wave is one instant, so a chunk whose contracts are due at many different instants is billed
 * instant by instant (the set-based path then handles a few runs at a time); contracts due at the same
 * instant (the common case: fixed billing days, monthly anchors) still go through it together.
 */
export async function billDueInTimeOrder(
  ctx: Ctx,
  until: Date,
  summary: DueSummary,
  options: PassOptions = {},
): Promise<void> {
  const skip = new Set<number>();
  const schedule = await dueInstants(ctx, until, options.among ?? null, []);
  summary.contracts += options.among ? options.among.length : schedule.size;
  // contracts left out because nothing could be done for them, with the instant they were due then
  const stalled = new Map<number, number>();
  // the account's earliest run work only moves forward (new work is due at or after it), so it is read
  // again only when this pass's next instant lies beyond what was last read
  let barrier = Number.NEGATIVE_INFINITY;
  let heedBarrier = true;
  let waited = 0;
  for (;;) {
    if (!schedule.size) {
      // a contract left out may have moved meanwhile (another process billed one instant of it): look again
      if (!stalled.size) return;
      for (const [id, due] of await dueInstants(ctx, until, options.among ?? null, [...skip]))
        if (stalled.get(id) !== due) {
          schedule.set(id, due);
          stalled.delete(id);
        }
      if (!schedule.size) return;
    }
    let next = Number.POSITIVE_INFINITY;
    for (const at of schedule.values()) if (at < next) next = at;
    if (heedBarrier && next > barrier)
      barrier = (await earliestRunWork(ctx, until, [...skip])) ?? Number.POSITIVE_INFINITY;
    const elsewhere = heedBarrier && barrier < next;
    let at = next;
    let ids: number[];
    if (elsewhere) {
      // earlier work elsewhere in the account: help with it (its contracts may be another chunk's), or
      // wait while another process charges it
      at = barrier;
      ids = [...(await dueInstants(ctx, new Date(barrier), null, [...skip])).keys()].slice(0, HELP_LIMIT);
    } else {
      ids = [...schedule].filter(([, due]) => due === next).map(([id]) => id);
      if (ids.length > WAVE_LIMIT) ids = ids.slice(0, WAVE_LIMIT);
    }
    const before = progressOf(summary);
    if (ids.length) await wave(ctx, new Date(at), ids, summary, options, skip);
    // what this pass knows of its contracts (another pass may have billed some of them meanwhile)
    const mine = options.among ? ids.filter((id) => schedule.has(id)) : ids;
    const fresh = mine.length ? await dueInstants(ctx, until, mine, [...skip]) : new Map<number, number>();
    let moved = progressOf(summary) > before;
    for (const id of mine) {
      const due = fresh.get(id);
      if (due !== schedule.get(id)) moved = true;
      if (due === undefined) schedule.delete(id);
      else schedule.set(id, due);
    }
    for (const id of skip) schedule.delete(id);
    if (moved) {
      waited = 0;
      continue;
    }
    // nothing moved: another process holds these contracts or charges the earlier run, or (own contracts
    // not held by anyone) nothing can be done for them now
    const held = elsewhere ? new Set<number>() : await heldElsewhere(ctx, ids);
    if (!elsewhere)
      for (const id of ids)
        if (!held.has(id) || waited >= WAIT_BUDGET_MS) {
          stalled.set(id, schedule.get(id)!);
          schedule.delete(id);
        }
    if ((elsewhere || held.size) && waited < WAIT_BUDGET_MS) {
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
      waited += WAIT_MS;
      barrier = Number.NEGATIVE_INFINITY;
      continue;
    }
    if (!elsewhere) continue;
    // NOTE: still nothing after the budget (a worker died holding a run: its lease is 120 s): this pass goes
    // on without the order rather than stop the account's billing
    ctx.log?.warn(
      { accountId: ctx.accountId, at: new Date(at).toISOString() },
      "earlier due work did not move within the wait budget; billing on without waiting for it",
    );
    heedBarrier = false;
  }
}

/** Which of the contracts another transaction holds right now (their rows locked): probed without waiting. */
async function heldElsewhere(ctx: Ctx, ids: number[]): Promise<Set<number>> {
  const free = await ctx.db.$queryRaw<{ id: number }[]>`
    select id from subscription_contracts where id = any(${ids}::int[]) for key share skip locked`;
  const unlocked = new Set(free.map((r) => r.id));
  return new Set(ids.filter((id) => !unlocked.has(id)));
}

/** Everything due at `at` for `ids`: their plain regular runs set-based (when asked), then each contract's steps. */
async function wave(ctx: Ctx, at: Date, ids: number[], summary: DueSummary, options: PassOptions, skip: Set<number>) {
  const stepCtx: Ctx = { ...ctx, clock: fixedClock(at) };
  let rest = ids;
  if (options.bulk) {
    try {
      const bulk = await billRegularRunsInBulk(stepCtx, ids);
      summary.runsCreated += bulk.built;
      summary.runsExecuted += bulk.executed;
      const billed = new Set(bulk.billed);
      rest = ids.filter((id) => !billed.has(id));
    } catch (e) {
      if (!options.tolerant) throw e;
      ctx.log?.error({ err: e, accountId: ctx.accountId }, "bulk billing failed; falling back to per-contract billing");
    }
  }
  if (!rest.length) return;
  for (const id of await dueContractIds(ctx, at, rest.length, rest)) {
    try {
      await processContract(ctx, id, at, summary);
    } catch (e) {
      if (!options.tolerant) throw e;
      // one contract's failure must not stop the others; it is retried on the next pass
      ctx.log?.error({ err: e, contractId: id, accountId: ctx.accountId }, "billing a contract failed");
      skip.add(id);
    }
  }
}

/** Bills everything due for the account at ctx.clock.now() (test clock advance, CLI), in time order. */
export async function processAccountDue(ctx: Ctx): Promise<DueSummary> {
  const summary: DueSummary = { contracts: 0, runsCreated: 0, runsExecuted: 0, changes: 0 };
  await billDueInTimeOrder(ctx, ctx.clock.now(), summary);
  return summary;
}
