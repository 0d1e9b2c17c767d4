// The set-based fast path of the billing worker: for a chunk of contracts whose only due work is their
// regular run, build all runs in one transaction and charge them with a handful of statements, instead
// of ~40 queries per contract. Same rules as build.ts/execute.ts; anything unusual (lifecycle changes or
// scheduled item changes due, credit to apply automatically under auto_apply_credit, pending lines,
// ending contracts, on_run_succeeded, retries) is left to the per-contract path, which the caller runs
// afterwards.

import Decimal from "decimal.js";
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { type EventRow, eventRow } from "@/server/domain/events/outbox";
import { fmt4, round4 } from "@/server/domain/money";
import { paymentFailedData } from "@/server/domain/notices/events";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { adapterFor, type ChargeResult } from "@/server/domain/payments/processors";
import { reserveReceiptNumbers } from "@/server/domain/receipts/number";
import type { Prisma } from "@/server/generated/prisma/client";
import { runCharge } from "./amounts";
import { regularKey } from "./build";
import { type BulkContract, lockBulkContracts } from "./bulkLoad";
import { nextAttemptAfter } from "./dunning";
import { runPeriodOf } from "./period";
import { planRegularRun } from "./plan";
import { presentRunSummary } from "./present";
import { readUsage } from "./usageLines";

/**
 * A chunk's rows as one JSON parameter, read back with json_to_recordset. NOTE: not one array parameter per
 * column (unnest): the ORM serializes, checks and re-encodes every element of a raw query's array parameters
 * (a Date's check formats it as local time), and pg escapes each again; one JSON text costs a JSON.stringify.
 * Dates travel as ISO instants, amounts as their exact decimal strings.
 */
const asJson = (rows: object[]) => JSON.stringify(rows);

async function insertEvents(tx: DbTx, rows: EventRow[]) {
  if (!rows.length) return;
  await tx.$executeRaw`
    insert into outbox_events (event_id, account_id, type, payload, created_at)
    select v."eventId", v."accountId", v.type, v.payload, v."createdAt"
    from json_to_recordset(${asJson(rows)}::json) as v("eventId" text, "accountId" int, type text, payload jsonb, "createdAt" timestamptz)`;
}

function simple(contract: BulkContract, now: Date): boolean {
  const at = contract.nextBillingAt;
  if (!at || at > now || contract.state !== "active" || contract.billingAdvancePolicy !== "on_run_created")
    return false;
  if (contract.cancelAt && contract.cancelAt <= at) return false;
  if (contract.pausedNow) return false;
  if (contract.autoApplyCredit && contract.hasCredit) return false;
  // the first run after a trial waits for the trial end (a payment method check) on the per-contract path
  if (contract.trialEndAt && contract.trialEndAt >= at) return false;
  // a scheduled item change due by the run is applied first, on the per-contract path
  if (contract.changeDue) return false;
  // a running discount counts its runs: left to the per-contract path (build.ts), which records that
  if (contract.discountRunning) return false;
  return true;
}

/**
 * Builds and charges the regular runs of the simple contracts among `ids`. Returns runs built and charged, and
 * the contracts billed: they have nothing else due by the instant (that is what made them simple).
 */
export async function billRegularRunsInBulk(
  ctx: Ctx,
  ids: number[],
): Promise<{ built: number; executed: number; billed: number[] }> {
  const now = ctx.clock.now();
  const catalog = await catalogSnapshot(ctx);
  const built = await ctx.db.$transaction(
    async (tx) => {
      // NOTE: a contract whose regular run exists already, or with pending lines to bill, is left to the
      // per-contract path: not locked here
      const contracts = await lockBulkContracts(ctx, tx, ids, now);
      if (!contracts.length) return [];
      const billable = contracts.filter((c) => simple(c, now));
      // the metered items' usage of every contract of the chunk: one statement over the rollups
      const usage = await readUsage({ ...ctx, db: tx as Ctx["db"] }, catalog, billable, (c) => c.nextBillingAt!);
      const plans = billable
        .map((contract) => ({
          contract,
          at: contract.nextBillingAt!,
          plan: planRegularRun(contract, catalog, contract.nextBillingAt!, { usage }),
        }))
        .filter((p) => p.plan.live && p.plan.lines.length);
      if (!plans.length) return [];
      const sum = (lines: Prisma.BillingRunLineCreateWithoutRunInput[], k: "subtotal" | "tax") =>
        lines.reduce((a, l) => a.plus(String(l[k])), new Decimal(0));
      // set-based inserts (json_to_recordset): one statement each whatever the chunk size
      const totals = plans.map(({ plan }) => ({
        sub: round4(sum(plan.lines, "subtotal")),
        tax: round4(sum(plan.lines, "tax")),
      }));
      const periods = plans.map(({ at, plan }) => runPeriodOf(plan.lines, { start: at, end: plan.next ?? at }));
      // NOTE: the runs are born claimed for charging by this pass (as execute.ts's claim would leave them): a
      // worker that dies before settling leaves them to the lease's recovery (their attempts come with the outcome)
      const runRows = plans.map((p, i) => ({
        c: p.contract.id,
        cu: p.contract.customerId,
        cur: p.contract.currency,
        ps: periods[i].periodStartAt,
        pe: periods[i].periodEndAt,
        k: regularKey(p.at),
        sa: p.at,
        s: fmt4(totals[i].sub),
        t: fmt4(totals[i].tax),
      }));
      const inserted = await tx.$queryRaw<{ id: number; contract_id: number }[]>`
      insert into billing_runs (account_id, contract_id, customer_id, kind, state, processing_since, currency, period_start_at, period_end_at, period_key, scheduled_at, subtotal, tax, total, created_at, updated_at)
      select ${ctx.accountId}, v.c, v.cu, 'regular', 'processing', now(), v.cur, v.ps, v.pe, v.k, v.sa, v.s, v.t, v.s + v.t, v.sa, v.sa
      from json_to_recordset(${asJson(runRows)}::json) as v(c int, cu int, cur text, ps timestamptz, pe timestamptz, k text, sa timestamptz, s numeric, t numeric)
      returning id, contract_id`;
      const runIdOf = new Map(inserted.map((r) => [r.contract_id, r.id]));
      const runs = plans.map(
        ({ contract, at }, i): Prisma.BillingRunGetPayload<object> => ({
          id: runIdOf.get(contract.id)!,
          accountId: ctx.accountId,
          contractId: contract.id,
          customerId: contract.customerId,
          kind: "regular",
          state: "scheduled",
          currency: contract.currency,
          ...periods[i],
          periodKey: regularKey(at),
          scheduledAt: at,
          subtotal: totals[i].sub,
          tax: totals[i].tax,
          total: totals[i].sub.plus(totals[i].tax),
          creditApplied: new Decimal(0),
          attemptCount: 0,
          nextAttemptAt: null,
          metadata: {},
          receiptNumber: null,
          receiptIssuedAt: null,
          processingSince: null,
          createdAt: at,
          updatedAt: at,
        }),
      );
      const runOf = new Map(runs.map((r) => [r.contractId, r]));
      const lines = plans.flatMap(({ contract, plan }) =>
        plan.lines.map((l) => ({ ...(l as Prisma.BillingRunLineCreateManyInput), runId: runIdOf.get(contract.id)! })),
      );
      const lineRows = lines.map((l) => ({
        r: l.runId,
        ci: l.contractItemId ?? null,
        p: l.priceId,
        pv: l.priceVersionId ?? null,
        pn: l.productName,
        q: l.quantity,
        ua: String(l.unitAmount),
        pf: String(l.prorationFactor),
        lt: String(l.lineTotal),
        s: String(l.subtotal),
        t: String(l.tax),
        ss: l.servicePeriodStartAt as Date,
        se: l.servicePeriodEndAt as Date,
        pr: l.prorationReason ?? null,
        k: l.kind,
        d: l.description,
        uq: l.usageQuantity == null ? null : String(l.usageQuantity),
      }));
      await tx.$executeRaw`
      insert into billing_run_lines (run_id, contract_item_id, price_id, price_version_id, product_name, quantity, unit_amount, proration_factor, line_total, subtotal, tax, service_period_start_at, service_period_end_at, proration_reason, kind, description, usage_quantity)
      select v.r, v.ci, v.p, v.pv, v.pn, v.q, v.ua, v.pf, v.lt, v.s, v.t, v.ss, v.se, v.pr, v.k, v.d, v.uq
      from json_to_recordset(${asJson(lineRows)}::json) as v(r int, ci int, p int, pv int, pn text, q int, ua numeric, pf numeric, lt numeric,
        s numeric, t numeric, ss timestamptz, se timestamptz, pr text, k text, d text, uq numeric)`;
      const adv = plans.flatMap((p) => p.plan.advance);
      await tx.$executeRaw`
      update contract_items i set period_start_at = v."startAt", period_end_at = v."endAt", updated_at = now()
      from json_to_recordset(${asJson(adv)}::json) as v(id int, "startAt" timestamptz, "endAt" timestamptz)
      where i.id = v.id`;
      await tx.$executeRaw`
      update subscription_contracts c set next_billing_at = v.n, contract_version = c.contract_version + 1, updated_at = v.u
      from json_to_recordset(${asJson(plans.map((p) => ({ id: p.contract.id, n: p.plan.next, u: p.at })))}::json) as v(id int, n timestamptz, u timestamptz)
      where c.id = v.id`;
      await insertEvents(
        tx,
        plans.map(({ contract, at }) =>
          eventRow(ctx.accountId, "billing_run.created", presentRunSummary(runOf.get(contract.id)!, contract), at),
        ),
      );
      return plans.map(({ contract, at }): Built => {
        const run = runOf.get(contract.id)!;
        // no credit is applied on this path: the processor is asked for the total in the currency's minor units
        const charge = runCharge({ total: run.total, creditApplied: 0, currency: run.currency });
        return { run, contract, at, charge, attempted: charge.charged.gt(0) };
      });
    },
    { timeout: 60_000 },
  );
  if (!built.length) return { built: 0, executed: 0, billed: [] };
  const executed = await chargeInBulk(ctx, built);
  return { built: built.length, executed, billed: built.map((b) => b.contract.id) };
}

type Built = {
  run: Prisma.BillingRunGetPayload<object>;
  contract: BulkContract;
  at: Date;
  charge: ReturnType<typeof runCharge>;
  /**
   * a first attempt is made (not when the charge rounds to nothing). NOTE: its row is written with its outcome,
   * not before the charge: a worker that dies in between leaves the run `processing` without an attempt, which
   * the lease's recovery (execute.ts) charges as attempt 1 with the same idempotency key, as it does for a run
   * claimed by a worker that died before writing its attempt. One insert instead of an insert and an update
   * (six index entries each) per run.
   */
  attempted: boolean;
};

type ChargeableMethod = {
  id: number;
  customerId: number;
  processorId: number;
  collectionMethod: string;
  token: string | null;
  processorType: string;
  currency: string;
};

async function chargeInBulk(ctx: Ctx, mine: Built[]): Promise<number> {
  const customers = [...new Set(mine.map((b) => b.contract.customerId))];
  // the eligible cards of the chunk's customers, each customer's in charge order (chargeOrder.ts's CHARGE_ORDER):
  // what the charge needs, the card and its processor's kind and currency, in one statement
  const methods = await ctx.db.$queryRaw<ChargeableMethod[]>`
    select pm.id, pm.customer_id "customerId", pm.processor_id "processorId", pm.collection_method "collectionMethod",
      pm.token, p.processor_type "processorType", p.currency
    from payment_methods pm join account_payment_processors p on p.id = pm.processor_id
    where pm.customer_id = any(${customers}::int[]) and pm.state = 'active' and pm.verified
      and p.active and p.supports_recurring_charge
    order by pm.charge_rank desc, pm.id desc`;
  const methodsOf = new Map<number, ChargeableMethod[]>();
  for (const m of methods) {
    const list = methodsOf.get(m.customerId);
    if (list) list.push(m);
    else methodsOf.set(m.customerId, [m]);
  }
  const results: { b: Built; r: ChargeResult }[] = [];
  /** the card each run was charged on: refunds and disputes go back to it */
  const methodOf = new Map<number, number | null>();
  for (const builtRun of mine) {
    const method = methodsOf
      .get(builtRun.contract.customerId)
      ?.find(
        (x) =>
          x.currency === builtRun.run.currency &&
          (!builtRun.contract.paymentProcessorOverride || x.processorId === builtRun.contract.paymentProcessorOverride),
      );
    const charge = builtRun.charge;
    const chargeResult: ChargeResult = charge.charged.gt(0)
      ? method
        ? await adapterFor(method.processorType).charge({
            amount: charge.processorText,
            currency: builtRun.run.currency,
            idempotencyKey: `run_${builtRun.run.id}_attempt_1`,
            paymentMethod: { collectionMethod: method.collectionMethod, token: method.token },
          })
        : {
            status: "failed",
            transactionId: "",
            failCode: "no_payment_method",
            failMessage: "The customer has no verified payment method for this contract.",
          }
      : { status: "succeeded", transactionId: "" };
    results.push({ b: builtRun, r: chargeResult });
    methodOf.set(builtRun.run.id, method?.id ?? null);
  }
  await ctx.db.$transaction(
    async (tx) => {
      const ok = results.filter((x) => x.r.status === "succeeded");
      const failed = results.filter((x) => x.r.status === "failed") as {
        b: Built;
        r: Extract<ChargeResult, { status: "failed" }>;
      }[];
      const pendingExt = results.filter((x) => x.r.status === "pending_external");
      const arr = <T>(xs: { b: Built; r: ChargeResult }[], f: (x: { b: Built; r: ChargeResult }) => T) => xs.map(f);
      // the first attempts with their outcomes (a run whose charge rounds to nothing succeeds without one), dated
      // at the run's instant (the account's clock: the receipt's payment date); the card only on a payment
      const attemptRows = results
        .filter((x) => x.b.attempted)
        .map(({ b, r }) => ({
          r: b.run.id,
          a: fmt4(b.charge.charged),
          s: r.status,
          t: r.status === "failed" ? r.transactionId || null : r.transactionId,
          pm: r.status === "succeeded" ? (methodOf.get(b.run.id) ?? null) : null,
          fc: r.status === "failed" ? r.failCode : null,
          fm: r.status === "failed" ? r.failMessage : null,
          u: b.at,
        }));
      if (attemptRows.length)
        await tx.$executeRaw`
        insert into billing_attempts (run_id, attempt_no, state, amount, transaction_id, payment_method_id, fail_code, fail_message, created_at, updated_at)
        select v.r, 1, v.s, v.a, v.t, v.pm, v.fc, v.fm, v.u, v.u
        from json_to_recordset(${asJson(attemptRows)}::json) as v(r int, a numeric, s text, t text, pm int, fc text, fm text, u timestamptz)`;
      if (ok.length) {
        // only a contract that needed attention is written (most need none)
        await tx.$executeRaw`update subscription_contracts c set billing_attention_required = false, past_due_since = null, updated_at = v.u
        from json_to_recordset(${asJson(arr(ok, (x) => ({ id: x.b.contract.id, u: x.b.at })))}::json) as v(id int, u timestamptz)
        where c.id = v.id and (c.billing_attention_required or c.past_due_since is not null)`;
      }
      if (failed.length) {
        const retryRows = failed.map((x) => ({ id: x.b.run.id, n: nextAttemptAfter(x.b.at, 1), u: x.b.at }));
        await tx.$executeRaw`update billing_runs r set state = 'failed', attempt_count = 1, next_attempt_at = v.n, updated_at = v.u
        from json_to_recordset(${asJson(retryRows)}::json) as v(id int, n timestamptz, u timestamptz) where r.id = v.id`;
        await tx.$executeRaw`update subscription_contracts c set billing_attention_required = true, past_due_since = coalesce(c.past_due_since, v.u), updated_at = v.u
        from json_to_recordset(${asJson(failed.map((x) => ({ id: x.b.contract.id, u: x.b.at })))}::json) as v(id int, u timestamptz) where c.id = v.id`;
      }
      for (const outcome of pendingExt) {
        await tx.billingRun.update({
          where: { id: outcome.b.run.id },
          data: { state: "pending_external", attemptCount: 1, updatedAt: outcome.b.at },
        });
      }
      const summary = (x: { b: Built }, state: string) => ({
        ...presentRunSummary({ ...x.b.run, state, attemptCount: x.b.attempted ? 1 : 0 }, x.b.contract),
      });
      await insertEvents(tx, [
        ...ok.map((x) => eventRow(ctx.accountId, "billing_run.succeeded", summary(x, "succeeded"), x.b.at)),
        ...failed.map((outcome) =>
          eventRow(
            ctx.accountId,
            "billing_run.failed",
            { ...summary(outcome, "failed"), fail_code: outcome.r.failCode, fail_message: outcome.r.failMessage },
            outcome.b.at,
          ),
        ),
        // the dunning notice: this path only makes first attempts, so a retry always follows
        ...failed.map((x) =>
          eventRow(
            ctx.accountId,
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
      ]);
      if (ok.length) {
        // last: the receipt counter row is held from here to the commit, over one statement that settles the
        // runs and numbers their receipts in issue order (each issued at its run's instant)
        const numbered = [...ok].sort((a, b) => a.b.at.getTime() - b.b.at.getTime() || a.b.run.id - b.b.run.id);
        const first = await reserveReceiptNumbers(tx, ctx.accountId, numbered.length);
        const settled =
          await tx.$executeRaw`update billing_runs r set state = 'succeeded', attempt_count = v.n, next_attempt_at = null,
          updated_at = v.u, receipt_number = v.rn, receipt_issued_at = v.u
        from json_to_recordset(${asJson(numbered.map((x, i) => ({ id: x.b.run.id, n: x.b.attempted ? 1 : 0, u: x.b.at, rn: first + i })))}::json)
          as v(id int, n int, u timestamptz, rn int)
        where r.id = v.id and r.receipt_number is null`;
        // a run numbered twice would leave a gap: refuse (the whole settlement rolls back)
        if (settled !== numbered.length)
          throw new Error(`receipt numbers: ${settled} of ${numbered.length} runs numbered`);
      }
    },
    { timeout: 60_000 },
  );
  return results.length;
}
