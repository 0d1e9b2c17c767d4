// The set-based fast path of the billing worker: for a chunk of contracts whose only due work is their
// regular run, build all runs in one transaction and charge them with a handful of statements, instead
// of ~40 queries per contract. Same rules as build.ts/execute.ts; anything unusual (lifecycle changes or
// scheduled item changes due, credit to apply automatically under auto_apply_credit, pending lines,
// ending contracts, on_run_succeeded, retries) is left to the per-contract path, which the caller runs
// afterwards.

import Decimal from "decimal.js";
import { rawRows, rawTransaction } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { eventRow } from "@/server/domain/events/outbox";
import { fmt4, round4 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { adapterFor, type ChargeResult } from "@/server/domain/payments/processors";
import { Prisma } from "@/server/generated/prisma/client";
import { runCharge } from "./amounts";
import { regularKey } from "./build";
import { type BulkContract, lockBulkContracts } from "./bulkLoad";
import { asJson, type BuiltRun, type ChargedRun, epochMs, insertEventsSql, settleInBulk } from "./bulkSettle";
import { runPeriodOf } from "./period";
import { planRegularRun } from "./plan";
import { presentRunSummary } from "./present";
import { readUsage } from "./usageLines";

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
  const built = await rawTransaction(ctx.db, async (tx) => {
    // NOTE: a contract whose regular run exists already, or with pending lines to bill, is left to the
    // per-contract path: not locked here
    const contracts = await lockBulkContracts(ctx, tx, ids, now);
    if (!contracts.length) return [];
    const billable = contracts.filter((c) => simple(c, now));
    // the metered items' usage of every contract of the chunk: one statement over the rollups
    // NOTE: read beside the transaction (on the pool), as committed; the contracts' items are locked in it
    const usage = await readUsage(ctx, catalog, billable, (c) => c.nextBillingAt!);
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
    // NOTE: set-based (json_to_recordset): the runs' insert, then one statement for every write that follows
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
      ps: epochMs(periods[i].periodStartAt),
      pe: epochMs(periods[i].periodEndAt),
      k: regularKey(p.at),
      sa: epochMs(p.at),
      s: fmt4(totals[i].sub),
      t: fmt4(totals[i].tax),
    }));
    const inserted = await tx.rows<{ id: number; contract_id: number }>(Prisma.sql`
      insert into billing_runs (account_id, contract_id, customer_id, kind, state, processing_since, currency, period_start_at, period_end_at, period_key, scheduled_at, subtotal, tax, total, created_at, updated_at)
      select ${ctx.accountId}, v.c, v.cu, 'regular', 'processing', now(), v.cur, to_timestamp(v.ps / 1000), to_timestamp(v.pe / 1000), v.k, to_timestamp(v.sa / 1000), v.s, v.t, v.s + v.t, to_timestamp(v.sa / 1000), to_timestamp(v.sa / 1000)
      from json_to_recordset(${asJson(runRows)}::json) as v(c int, cu int, cur text, ps float8, pe float8, k text, sa float8, s numeric, t numeric)
      returning id, contract_id`);
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
      ss: epochMs(l.servicePeriodStartAt as Date),
      se: epochMs(l.servicePeriodEndAt as Date),
      pr: l.prorationReason ?? null,
      k: l.kind,
      d: l.description,
      uq: l.usageQuantity == null ? null : String(l.usageQuantity),
    }));
    const advanced = plans.flatMap((p) =>
      p.plan.advance.map((a) => ({ id: a.id, s: epochMs(a.startAt), e: epochMs(a.endAt) })),
    );
    const contractRows = plans.map((p) => ({
      id: p.contract.id,
      n: epochMs(p.plan.next),
      u: epochMs(p.at),
    }));
    const created = plans.map(({ contract, at }) =>
      eventRow(ctx.accountId, "billing_run.created", presentRunSummary(runOf.get(contract.id)!, contract), at),
    );
    // the rest in one statement (a data-modifying WITH; its parts touch different tables): a round trip each cost
    // a wait for this worker's event loop while the transaction held the chunk's contracts
    await tx.count(Prisma.sql`
      with lines as (
        insert into billing_run_lines (run_id, contract_item_id, price_id, price_version_id, product_name, quantity, unit_amount, proration_factor, line_total, subtotal, tax, service_period_start_at, service_period_end_at, proration_reason, kind, description, usage_quantity)
        select v.r, v.ci, v.p, v.pv, v.pn, v.q, v.ua, v.pf, v.lt, v.s, v.t, to_timestamp(v.ss / 1000), to_timestamp(v.se / 1000), v.pr, v.k, v.d, v.uq
        from json_to_recordset(${asJson(lineRows)}::json) as v(r int, ci int, p int, pv int, pn text, q int, ua numeric, pf numeric, lt numeric,
          s numeric, t numeric, ss float8, se float8, pr text, k text, d text, uq numeric)
        returning 1),
      items as (
        update contract_items i set period_start_at = to_timestamp(v.s / 1000), period_end_at = to_timestamp(v.e / 1000), updated_at = now()
        from json_to_recordset(${asJson(advanced)}::json) as v(id int, s float8, e float8)
        where i.id = v.id
        returning 1),
      contracts as (
        update subscription_contracts c set next_billing_at = to_timestamp(v.n / 1000), contract_version = c.contract_version + 1, updated_at = to_timestamp(v.u / 1000)
        from json_to_recordset(${asJson(contractRows)}::json) as v(id int, n float8, u float8)
        where c.id = v.id
        returning 1)
      ${insertEventsSql(created)}`);
    return plans.map(({ contract, at }): BuiltRun => {
      const run = runOf.get(contract.id)!;
      // no credit is applied on this path: the processor is asked for the total in the currency's minor units
      const charge = runCharge({ total: run.total, creditApplied: 0, currency: run.currency });
      return { run, contract, at, charge, attempted: charge.charged.gt(0) };
    });
  });
  if (!built.length) return { built: 0, executed: 0, billed: [] };
  const executed = await chargeInBulk(ctx, built);
  return { built: built.length, executed, billed: built.map((b) => b.contract.id) };
}

type ChargeableMethod = {
  id: number;
  customerId: number;
  processorId: number;
  collectionMethod: string;
  token: string | null;
  processorType: string;
  currency: string;
};

async function chargeInBulk(ctx: Ctx, mine: BuiltRun[]): Promise<number> {
  const customers = [...new Set(mine.map((b) => b.contract.customerId))];
  // the eligible cards of the chunk's customers, each customer's in charge order (chargeOrder.ts's CHARGE_ORDER):
  // what the charge needs, the card and its processor's kind and currency, in one statement
  const methods = await rawRows<ChargeableMethod>(
    ctx.db,
    Prisma.sql`
    select pm.id, pm.customer_id "customerId", pm.processor_id "processorId", pm.collection_method "collectionMethod",
      pm.token, p.processor_type "processorType", p.currency
    from payment_methods pm join account_payment_processors p on p.id = pm.processor_id
    where pm.customer_id = any(${customers}::int[]) and pm.state = 'active' and pm.verified
      and p.active and p.supports_recurring_charge
    order by pm.charge_rank desc, pm.id desc`,
  );
  const methodsOf = new Map<number, ChargeableMethod[]>();
  for (const m of methods) {
    const list = methodsOf.get(m.customerId);
    if (list) list.push(m);
    else methodsOf.set(m.customerId, [m]);
  }
  const results: ChargedRun[] = [];
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
    results.push({ b: builtRun, r: chargeResult, methodId: method?.id ?? null });
  }
  await settleInBulk(ctx, results);
  return results.length;
}
