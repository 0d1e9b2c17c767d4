// The dashboard's figures, one function each, aggregated in SQL per currency. Each figure carries the
// filter of the console list it counts (contracts.list or runs.list accept it as is), so a number links
// to its rows. Windows end at the account's clock ("now").
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { fmt4 } from "@/server/domain/money";
import { type Kept, reusedWhenLarge } from "@/server/domain/reuse";

const DAY = 86_400_000;
export const WINDOW_DAYS = 30;
export const RENEWAL_DAYS = 7;
/** Run states that need someone to look: payment failed (retries pending), retries exhausted, waiting on the processor. */
export const ATTENTION_STATES = ["failed", "exhausted", "pending_external"] as const;

export type ContractFilter = Record<string, string | string[] | boolean>;
export interface CountFigure {
  currency: string;
  count: number;
  filter: ContractFilter;
}
export interface AmountFigure {
  currency: string;
  amount: string;
  count: number;
  filter: ContractFilter;
}

const since = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/**
 * The list filter of each figure without its currency: a figure that counts nothing in a currency links to
 * the same (empty) window, never to an unfiltered list.
 */
export function figureFilters(now: Date) {
  const from = since(now, WINDOW_DAYS).toISOString(),
    to = now.toISOString();
  return {
    active_contracts: { state: "active" },
    new_contracts: { created_after: from, created_to: to, state: ["active", "paused", "canceled", "ended"] },
    // a checkout never paid ends without having started: not churn
    churned_contracts: { state: ["canceled", "ended"], ended_after: from, ended_to: to, started: true },
    billed: {
      scheduled_from: from,
      scheduled_to: to,
      state: ["scheduled", "processing", "succeeded", "failed", "exhausted", "pending_external"],
    },
    collected: { paid_from: from, paid_to: to },
    refunded: { refunded_from: from, refunded_to: to },
    written_off: { state: "written_off" },
    disputed: { disputed: "open" },
  } satisfies Record<string, ContractFilter>;
}

export async function activeContracts(ctx: Ctx): Promise<CountFigure[]> {
  const rows = await ctx.db.$queryRaw<{ currency: string; n: number }[]>`
    select currency, count(*)::int as n from subscription_contracts where account_id = ${ctx.accountId} and state = 'active' group by 1 order by 1`;
  const filter = figureFilters(ctx.clock.now()).active_contracts;
  return rows.map((r) => ({ currency: r.currency, count: r.n, filter: { ...filter, currency: r.currency } }));
}

/** Contracts created in the last 30 days (any state but inactive drafts). */
export async function newContracts(ctx: Ctx): Promise<CountFigure[]> {
  const now = ctx.clock.now(),
    from = since(now, WINDOW_DAYS);
  const rows = await ctx.db.$queryRaw<{ currency: string; n: number }[]>`
    select currency, count(*)::int as n from subscription_contracts
    where account_id = ${ctx.accountId} and created_at > ${from} and created_at <= ${now} and state <> 'inactive' group by 1 order by 1`;
  const filter = figureFilters(now).new_contracts;
  return rows.map((r) => ({ currency: r.currency, count: r.n, filter: { ...filter, currency: r.currency } }));
}

/** Contracts that stopped (canceled or ended) in the last 30 days, after having started. */
export async function churnedContracts(ctx: Ctx): Promise<CountFigure[]> {
  const now = ctx.clock.now(),
    from = since(now, WINDOW_DAYS);
  const rows = await ctx.db.$queryRaw<{ currency: string; n: number }[]>`
    select currency, count(*)::int as n from subscription_contracts
    where account_id = ${ctx.accountId} and state in ('canceled', 'ended') and ended_at > ${from} and ended_at <= ${now}
      and ended_reason is distinct from 'unpaid_checkout' group by 1 order by 1`;
  const filter = figureFilters(now).churned_contracts;
  return rows.map((r) => ({ currency: r.currency, count: r.n, filter: { ...filter, currency: r.currency } }));
}

type SumRow = { currency: string; n: number; amount: string };

/**
 * The money figures, per currency (definitions in docs/decisions.md, "Dashboard"):
 *  - billed: totals of the runs scheduled in the last 30 days (canceled and voided runs aside: never owed);
 *  - collected: payments recorded in the last 30 days (processor or marked paid) less refunds settled in them;
 *  - refunded: refunds settled in the last 30 days (chargebacks of lost disputes included);
 *  - written off: what runs written off and still unpaid were due (all time: they leave when paid);
 *  - disputed: what open disputes hold now.
 */
export async function billedAndCollected(ctx: Ctx) {
  const now = ctx.clock.now(),
    from = since(now, WINDOW_DAYS);
  const [billed, payments, refunded, writtenOff, disputed] = await Promise.all([
    ctx.db.$queryRaw<SumRow[]>`
      select currency, count(*)::int as n, sum(total)::text as amount from billing_runs
      where account_id = ${ctx.accountId} and scheduled_at > ${from} and scheduled_at <= ${now} and state not in ('canceled', 'voided') group by 1 order by 1`,
    // a payment counts when it was recorded as succeeded in the window (its attempt's last change), whatever the
    // run's schedule; the attempt carries its run's account and currency (copied on insert), so its index answers alone
    ctx.db.$queryRaw<SumRow[]>`
      select a.currency, count(*)::int as n, sum(a.amount)::text as amount from billing_attempts a
      where a.account_id = ${ctx.accountId} and a.state = 'succeeded' and a.updated_at > ${from} and a.updated_at <= ${now} group by 1 order by 1`,
    ctx.db.$queryRaw<SumRow[]>`
      select currency, count(*)::int as n, sum(amount)::text as amount from refunds
      where account_id = ${ctx.accountId} and state = 'succeeded' and settled_at > ${from} and settled_at <= ${now} group by 1 order by 1`,
    ctx.db.$queryRaw<SumRow[]>`
      select currency, count(*)::int as n, sum(total - credit_applied)::text as amount from billing_runs
      where account_id = ${ctx.accountId} and state = 'written_off' group by 1 order by 1`,
    ctx.db.$queryRaw<SumRow[]>`
      select currency, count(*)::int as n, sum(amount)::text as amount from disputes
      where account_id = ${ctx.accountId} and state = 'open' group by 1 order by 1`,
  ]);
  const filters = figureFilters(now);
  const figures = (rows: SumRow[], filter: ContractFilter): AmountFigure[] =>
    rows.map((r) => ({
      currency: r.currency,
      count: r.n,
      amount: fmt4(r.amount),
      filter: { ...filter, currency: r.currency },
    }));
  // collected is net of refunds: a currency with only refunds in the window collected a negative amount
  const currencies = [...new Set([...payments, ...refunded].map((r) => r.currency))].sort();
  const collected = currencies.map((currency) => {
    const paid = payments.find((r) => r.currency === currency);
    const back = refunded.find((r) => r.currency === currency);
    return {
      currency,
      count: paid?.n ?? 0,
      amount: fmt4(new Decimal(paid?.amount ?? 0).minus(back?.amount ?? 0)),
      gross_amount: fmt4(paid?.amount ?? 0),
      refunded_amount: fmt4(back?.amount ?? 0),
      filter: { ...filters.collected, currency },
    };
  });
  return {
    billed: figures(billed, filters.billed),
    collected,
    refunded: figures(refunded, filters.refunded),
    written_off: figures(writtenOff, filters.written_off),
    disputed: figures(disputed, filters.disputed),
  };
}

const disputedFilter = (currency: string): ContractFilter => ({ disputed: "open", currency });

export async function runsNeedingAttention(ctx: Ctx): Promise<(CountFigure & { state: string })[]> {
  const rows = await ctx.db.$queryRaw<{ currency: string; state: string; n: number }[]>`
    select currency, state, count(*)::int as n from billing_runs
    where account_id = ${ctx.accountId} and state in ('failed', 'exhausted', 'pending_external') group by 1, 2
    union all
    -- a paid run whose payment the customer's bank disputes: the seller answers the dispute
    select currency, 'disputed' as state, count(distinct run_id)::int as n from disputes
    where account_id = ${ctx.accountId} and state = 'open' group by 1
    order by 1, 2`;
  return rows.map((r) => ({
    currency: r.currency,
    state: r.state,
    count: r.n,
    filter: r.state === "disputed" ? disputedFilter(r.currency) : { state: r.state, currency: r.currency },
  }));
}

/**
 * Active contracts whose next billing falls in the next 7 days, and what those renewals bill: the rule of
 * consoleLists/renewalAmount.ts (which the contract list shows per row), set-based here so that it scales (one join
 * of the due items with their price versions instead of a subquery per contract). The due contracts come
 * from the (account_id, state, next_billing_at, currency, id) index alone, without reading their rows.
 */
export function renewalsDue(ctx: Ctx, reuseFrom = REUSE_FROM_CONTRACTS): Promise<AmountFigure[]> {
  const now = ctx.clock.now();
  return reusedWhenLarge(
    renewalsKept,
    String(ctx.accountId),
    now,
    () => computeRenewalsDue(ctx, now),
    (rows) => rows.reduce((n, r) => n + r.count, 0) >= reuseFrom,
  );
}

/**
 * NOTE: pricing every due item exactly takes 0.5–0.9 s at a million contracts (266,672 items of 216,671
 * contracts in the seed), so an account with 20,000 or more contracts renewing in the window reuses its figure
 * for up to a minute (server/domain/reuse.ts); smaller accounts get it computed on every load.
 */
const REUSE_FROM_CONTRACTS = 20_000;
const renewalsKept = new Map<string, Kept<AmountFigure[]>>();

async function computeRenewalsDue(ctx: Ctx, now: Date): Promise<AmountFigure[]> {
  const to = new Date(now.getTime() + RENEWAL_DAYS * DAY);
  const rows = await ctx.db.$queryRaw<{ currency: string; n: number; amount: string }[]>`
    with due as (
      select c.id, c.currency, c.next_billing_at from subscription_contracts c
      where c.account_id = ${ctx.accountId} and c.state = 'active' and c.next_billing_at >= ${now} and c.next_billing_at < ${to}
    ),
    -- equal due items (same price, amounts, discount and period end) are priced once and counted
    items as (
      select d.currency, ci.price_id, ci.unit_amount_override as override, ci.quantity, ci.discount_percent as discount, ci.period_end_at, count(*) as n
      from due d join contract_items ci on ci.contract_id = d.id
      -- period_end_at < window end is implied by the next condition; stated, it lets the covering index on
      -- (period_end_at, …) answer without reading every item of the account
      where ci.status = 'active' and ci.period_end_at < ${to} and ci.period_end_at <= d.next_billing_at and (ci.end_at is null or ci.end_at > ci.period_end_at)
      group by 1, 2, 3, 4, 5, 6
    ),
    lines as (
      select i.currency, i.price_id, i.n, round(coalesce(i.override, pv.unit_amount, (
          select f.unit_amount from price_versions f where f.price_id = i.price_id
          order by (f.effective_from > i.period_end_at) desc, f.effective_from asc nulls last limit 1), 0)
        * i.quantity * (100 - coalesce(i.discount, 0)) / 100, 4) as line
      from items i
      left join price_versions pv on pv.price_id = i.price_id and (pv.effective_from is null or pv.effective_from <= i.period_end_at) and (pv.effective_to is null or i.period_end_at < pv.effective_to)
    ),
    amounts as (
      select l.currency, (l.line + case when pr.tax_policy = 'exclusive' and tr.percentage is not null then round(l.line * tr.percentage / 100, 4) else 0 end) * l.n as amount
      from lines l join catalog_prices cp on cp.id = l.price_id join catalog_products pr on pr.id = cp.product_id left join tax_rates tr on tr.id = pr.tax_rate_id
      union all
      select d.currency, pl.subtotal + pl.tax from due d join pending_lines pl on pl.contract_id = d.id and pl.billing_run_id is null
    )
    select d.currency, d.n, coalesce(a.amount, 0)::text as amount
    from (select currency, count(*)::int as n from due group by 1) d left join (select currency, sum(amount) as amount from amounts group by 1) a on a.currency = d.currency
    order by 1`;
  return rows.map((r) => ({
    currency: r.currency,
    count: r.n,
    amount: fmt4(new Decimal(r.amount)),
    filter: {
      state: "active",
      next_billing_from: now.toISOString(),
      next_billing_to: to.toISOString(),
      currency: r.currency,
    },
  }));
}

/** Payment attempts per UTC day over the last 30 days (today included): succeeded, failed, pending (processing or waiting on the processor). */
export async function billingOutcomesPerDay(
  ctx: Ctx,
): Promise<{ day: string; succeeded: number; failed: number; pending: number }[]> {
  const now = ctx.clock.now();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (WINDOW_DAYS - 1) * DAY);
  const rows = await ctx.db.$queryRaw<{ day: string; succeeded: number; failed: number; pending: number }[]>`
    select to_char(d, 'YYYY-MM-DD') as day, succeeded, failed, pending from (
      -- grouped on the truncated instant, formatted once per day rather than once per attempt
      select date_trunc('day', a.created_at at time zone 'UTC') as d,
        count(*) filter (where a.state = 'succeeded')::int as succeeded, count(*) filter (where a.state = 'failed')::int as failed,
        count(*) filter (where a.state in ('processing', 'pending_external'))::int as pending
      from billing_attempts a
      where a.account_id = ${ctx.accountId} and a.created_at >= ${first} and a.created_at <= ${now} group by 1) per_day`;
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: WINDOW_DAYS }, (_, i) => {
    const day = new Date(first.getTime() + i * DAY).toISOString().slice(0, 10);
    const r = byDay.get(day);
    return { day, succeeded: r?.succeeded ?? 0, failed: r?.failed ?? 0, pending: r?.pending ?? 0 };
  });
}
