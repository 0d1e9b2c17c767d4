// The aggregates behind the movements, retention and cohort figures, in one query over the customer-months:
// per currency the MRR and paying customers at the start of the range, per month and kind the movements
// (amount, customers, contracts), and per cohort and month the cohort's movements.
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { customerMonthRows, ensureCustomerMonths, type MovementKind } from "./customerMonths";
import { addMonths, type MonthRange, type MonthRangeInput, monthRange } from "./range";

export interface MovementCell {
  amount: Decimal;
  customers: number;
  contracts: number;
  /** the first 20 contract ids, ascending */
  contractIds: number[];
}

export interface CohortMove {
  /** cohort month (first new movement) */
  cohort: string;
  month: string;
  amount: Decimal;
  /** customers that started paying minus those that stopped */
  paying: number;
}

export interface AnalyticsBase {
  range: MonthRange;
  currencies: string[];
  opening: Map<string, { mrr: Decimal; customers: number }>;
  /** key `${currency} ${month} ${kind}` */
  moves: Map<string, MovementCell>;
  cohorts: Map<string, CohortMove[]>;
}

export interface AnalyticsInput extends MonthRangeInput {
  currency?: string;
}

interface Row {
  part: "opening" | "move" | "cohort";
  currency: string;
  month: string | null;
  kind: string | null;
  amount: string;
  customers: number;
  contracts: number;
  contract_ids: number[] | null;
}

export const moveKey = (currency: string, month: string, kind: MovementKind) => `${currency} ${month} ${kind}`;

export async function analyticsBase(ctx: Ctx, input: AnalyticsInput): Promise<AnalyticsBase> {
  const range = await monthRange(ctx, input);
  await ensureCustomerMonths(ctx, range.zone);
  const scope = {
    accountId: ctx.accountId,
    zone: range.zone,
    now: range.now,
    current: range.current,
    currency: input.currency,
  };
  // opening: each customer's closing before the range, summed as the months' changes (closing − opening of
  // a customer-month is the change since its previous one), so no row per customer is sorted
  // the sorts of a large account's months stay in memory (the default 4 MB spills them to disk)
  const [, rows] = await ctx.db.$transaction([
    ctx.db.$executeRaw`set local work_mem = '64MB'`,
    ctx.db.$queryRaw<Row[]>`
    with before as (
      select currency, sum(c - o) as amount, sum((c > 0)::int - (o > 0)::int)::int as customers
      from ${customerMonthRows(scope, { to: addMonths(range.from, -1) })} b group by currency
    ),
    inside as materialized (select * from ${customerMonthRows(scope, { from: range.from, to: range.to })} i),
    ids as (
      select currency, month, kind, (array_agg(cid order by cid))[1:20] as contract_ids, count(*)::int as contracts
      from inside cross join unnest(contract_ids) cid where kind is not null group by 1, 2, 3
    )
    select 'opening' as part, currency, null as month, null as kind, amount::text as amount,
      customers, 0 as contracts, null::int[] as contract_ids
    from before
    union all
    select 'move', m.currency, m.month, m.kind, m.amount, m.customers, i.contracts, i.contract_ids
    from (select currency, month, kind, sum(c - o)::text as amount, count(*)::int as customers
          from inside where kind is not null group by 1, 2, 3) m
    join ids i on i.currency = m.currency and i.month = m.month and i.kind = m.kind
    union all
    select 'cohort', currency, month, cohort, sum(c - o)::text, sum((c > 0)::int - (o > 0)::int)::int, 0, null
    from inside where cohort >= ${range.from} and month >= cohort group by currency, cohort, month`,
  ]);
  const opening = new Map<string, { mrr: Decimal; customers: number }>();
  const moves = new Map<string, MovementCell>();
  const cohorts = new Map<string, CohortMove[]>();
  const currencies = new Set<string>();
  for (const row of rows) {
    currencies.add(row.currency);
    if (row.part === "opening") opening.set(row.currency, { mrr: new Decimal(row.amount), customers: row.customers });
    else if (row.part === "move")
      moves.set(moveKey(row.currency, row.month!, row.kind as MovementKind), {
        amount: new Decimal(row.amount),
        customers: row.customers,
        contracts: row.contracts,
        contractIds: row.contract_ids ?? [],
      });
    else {
      const list = cohorts.get(row.currency) ?? [];
      list.push({ cohort: row.kind!, month: row.month!, amount: new Decimal(row.amount), paying: row.customers });
      cohorts.set(row.currency, list);
    }
  }
  if (input.currency) currencies.add(input.currency);
  return { range, currencies: [...currencies].sort(), opening, moves, cohorts };
}
