// The settlement of a chunk's charges on the set-based path (bulk.ts): attempts, run states, contracts' past-due
// flags, events and receipt numbers written by ONE statement, which the server commits on its own.
//
// NOTE: one statement and no explicit transaction, so no JavaScript runs while it holds locks. The account's
// receipt counter row is taken by every settlement of the account: held across client round trips, each waited
// for the worker's event loop (busy planning its other chunk), and with four workers the settlements queued on it.
// Now it is held from the counter's update to the commit, inside the server.
import type Decimal from "decimal.js";
import { rawRows } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { type EventRow, eventRow } from "@/server/domain/events/outbox";
import { fmt4 } from "@/server/domain/money";
import { paymentFailedData } from "@/server/domain/notices/events";
import type { ChargeResult } from "@/server/domain/payments/processors";
import { receiptCounterUpsert } from "@/server/domain/receipts/number";
import { Prisma } from "@/server/generated/prisma/client";
import type { BulkContract } from "./bulkLoad";
import { nextAttemptAfter } from "./dunning";
import { presentRunSummary } from "./present";

/**
 * A chunk's rows as one JSON parameter, read back with json_to_recordset. NOTE: not one array parameter per
 * column (unnest): a driver serializes, checks and escapes every element of an array parameter; one JSON text
 * costs a JSON.stringify. Amounts travel as their exact decimal strings, instants as epoch milliseconds
 * (`epochMs`, read back with `to_timestamp(v.x / 1000)` from a float8 column): JSON.stringify calls a Date's
 * toJSON on its slow path, 2–3 µs each, and a billed contract's rows hold a dozen instants.
 */
export const asJson = (rows: object[]) => JSON.stringify(rows);

/**
 * An instant as a JSON row carries it. `to_timestamp(ms / 1000)` gives it back to the microsecond (float8 holds
 * every microsecond exactly until 2255), and the timestamp(3) columns it is written to keep milliseconds.
 */
export function epochMs(at: Date): number;
export function epochMs(at: Date | null): number | null;
export function epochMs(at: Date | null): number | null {
  return at === null ? null : at.getTime();
}

/**
 * The outbox rows as the final part of a data-modifying WITH (its main statement). NOTE: read with
 * jsonb_to_recordset, unlike the flat rows: json_to_recordset hands a nested payload over as text that jsonb then
 * parses again, 36–41 µs an event against 23 µs parsed once as jsonb (about 560 bytes each, two per billed contract).
 */
export const insertEventsSql = (rows: EventRow[]) => Prisma.sql`
  insert into outbox_events (event_id, account_id, type, payload, created_at)
  select v.e, v.a, v.t, v.p, to_timestamp(v.c / 1000)
  from jsonb_to_recordset(${asJson(rows.map((r) => ({ e: r.eventId, a: r.accountId, t: r.type, p: r.payload, c: epochMs(r.createdAt) })))}::jsonb)
    as v(e text, a int, t text, p jsonb, c float8)`;

/** A run built on the set-based path and what its charge asks for. */
export type BuiltRun = {
  run: Prisma.BillingRunGetPayload<object>;
  contract: BulkContract;
  at: Date;
  charge: { charged: Decimal; processorText: string };
  /**
   * a first attempt is made (not when the charge rounds to nothing). NOTE: its row is written with its outcome,
   * not before the charge: a worker that dies in between leaves the run `processing` without an attempt, which
   * the lease's recovery (execute.ts) charges as attempt 1 with the same idempotency key, as it does for a run
   * claimed by a worker that died before writing its attempt. One insert instead of an insert and an update
   * (six index entries each) per run.
   */
  attempted: boolean;
};

/** A run's charge outcome, and the card it was charged on (refunds and disputes go back to it). */
export type ChargedRun = { b: BuiltRun; r: ChargeResult; methodId: number | null };

type Failed = ChargedRun & { r: Extract<ChargeResult, { status: "failed" }> };

/** The events of the settled runs: succeeded, or failed with the dunning notice (this path only makes first attempts). */
function settlementEvents(accountId: number, ok: ChargedRun[], failed: Failed[]) {
  const summary = (x: ChargedRun, state: string) =>
    presentRunSummary({ ...x.b.run, state, attemptCount: x.b.attempted ? 1 : 0 }, x.b.contract);
  return [
    ...ok.map((x) => eventRow(accountId, "billing_run.succeeded", summary(x, "succeeded"), x.b.at)),
    ...failed.map((x) =>
      eventRow(
        accountId,
        "billing_run.failed",
        { ...summary(x, "failed"), fail_code: x.r.failCode, fail_message: x.r.failMessage },
        x.b.at,
      ),
    ),
    ...failed.map((x) =>
      eventRow(
        accountId,
        "billing_run.payment_failed",
        paymentFailedData(
          summary(x, "failed"),
          x.r,
          { no: 1, amount: fmt4(x.b.charge.charged) },
          nextAttemptAfter(x.b.at, 1),
        ),
        x.b.at,
      ),
    ),
  ];
}

/** Writes the outcomes of a chunk's charges, all or nothing. */
export async function settleInBulk(ctx: Ctx, results: ChargedRun[]): Promise<void> {
  const ok = results.filter((x) => x.r.status === "succeeded");
  const failed = results.filter((x): x is Failed => x.r.status === "failed");
  const pendingExternal = results.filter((x) => x.r.status === "pending_external");
  // the first attempts with their outcomes (a run whose charge rounds to nothing succeeds without one), dated at
  // the run's instant (the account's clock: the receipt's payment date); the card only on a payment
  const attempts = results
    .filter((x) => x.b.attempted)
    .map(({ b, r, methodId }) => ({
      r: b.run.id,
      a: fmt4(b.charge.charged),
      s: r.status,
      t: r.status === "failed" ? r.transactionId || null : r.transactionId,
      pm: r.status === "succeeded" ? methodId : null,
      fc: r.status === "failed" ? r.failCode : null,
      fm: r.status === "failed" ? r.failMessage : null,
      u: epochMs(b.at),
    }));
  // receipts are numbered in issue order: by the runs' instants, then their ids
  const numbered = [...ok].sort((a, b) => a.b.at.getTime() - b.b.at.getTime() || a.b.run.id - b.b.run.id);
  const contractAt = (xs: ChargedRun[]) => asJson(xs.map((x) => ({ id: x.b.contract.id, u: epochMs(x.b.at) })));
  const runAt = (xs: ChargedRun[]) => asJson(xs.map((x) => ({ id: x.b.run.id, u: epochMs(x.b.at) })));
  const events = settlementEvents(ctx.accountId, ok, failed);
  // NOTE: a data-modifying WITH runs every part once on one snapshot; the parts touch different rows. The receipt
  // numbers come from the runs still unnumbered (`due`): the counter grows by exactly the numbers written, so they
  // stay gapless by construction (a run another process settled meanwhile is neither counted nor numbered).
  await rawRows(
    ctx.db,
    Prisma.sql`
    with attempts as (
      insert into billing_attempts (run_id, attempt_no, state, amount, transaction_id, payment_method_id, fail_code, fail_message, created_at, updated_at)
      select v.r, 1, v.s, v.a, v.t, v.pm, v.fc, v.fm, to_timestamp(v.u / 1000), to_timestamp(v.u / 1000)
      from json_to_recordset(${asJson(attempts)}::json) as v(r int, a numeric, s text, t text, pm int, fc text, fm text, u float8)
      returning 1),
    cleared as (
      update subscription_contracts c set billing_attention_required = false, past_due_since = null, updated_at = to_timestamp(v.u / 1000)
      from json_to_recordset(${contractAt(ok)}::json) as v(id int, u float8)
      where c.id = v.id and (c.billing_attention_required or c.past_due_since is not null)
      returning 1),
    retried as (
      update billing_runs r set state = 'failed', attempt_count = 1, next_attempt_at = to_timestamp(v.n / 1000), updated_at = to_timestamp(v.u / 1000)
      from json_to_recordset(${asJson(failed.map((x) => ({ id: x.b.run.id, n: epochMs(nextAttemptAfter(x.b.at, 1)), u: epochMs(x.b.at) })))}::json)
        as v(id int, n float8, u float8)
      where r.id = v.id
      returning 1),
    flagged as (
      update subscription_contracts c set billing_attention_required = true, past_due_since = coalesce(c.past_due_since, to_timestamp(v.u / 1000)), updated_at = to_timestamp(v.u / 1000)
      from json_to_recordset(${contractAt(failed)}::json) as v(id int, u float8)
      where c.id = v.id
      returning 1),
    waiting as (
      update billing_runs r set state = 'pending_external', attempt_count = 1, updated_at = to_timestamp(v.u / 1000)
      from json_to_recordset(${runAt(pendingExternal)}::json) as v(id int, u float8)
      where r.id = v.id
      returning 1),
    due as (
      select v.id, v.n, to_timestamp(v.u / 1000) as u, row_number() over (order by v.i) as k
      from json_to_recordset(${asJson(numbered.map((x, i) => ({ id: x.b.run.id, n: x.b.attempted ? 1 : 0, u: epochMs(x.b.at), i })))}::json)
        as v(id int, n int, u float8, i int)
      join billing_runs r on r.id = v.id and r.receipt_number is null),
    counter as (${receiptCounterUpsert(Prisma.sql`select ${ctx.accountId}, count(*) from due having count(*) > 0`)}),
    settled as (
      update billing_runs r set state = 'succeeded', attempt_count = d.n, next_attempt_at = null, updated_at = d.u,
        receipt_number = c.last_number - (select count(*) from due) + d.k, receipt_issued_at = d.u
      from due d, counter c
      where r.id = d.id
      returning 1)
    ${insertEventsSql(events)}`,
  );
}
