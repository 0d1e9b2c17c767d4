// The aggregates behind the movements, retention and cohort figures, in one query over the customer-months'
// stored figures and the current month's rows:
// per currency the MRR and paying customers at the start of the range, per month and kind the movements
// (amount, customers, contracts), and per cohort and month the cohort's movements.
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { type Kept, reusedWhenLarge } from "@/server/domain/reuse";
import { Prisma } from "@/server/generated/prisma/client";
import { currentMonthCte, ensureCustomerMonths, ensureMonthSums, type MovementKind, readAfter } from "./customerMonths";
import { type MonthRange, type MonthRangeInput, monthRange } from "./range";

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
  /** the current month's customer rows read (0 when the range ends before it) */
  currentRows: number;
}

export interface AnalyticsInput extends MonthRangeInput {
  currency?: string;
}

interface Row {
  part: "size" | "opening" | "move" | "cohort";
  currency: string;
  month: string | null;
  kind: string | null;
  amount: string;
  customers: number;
  contracts: number;
  contract_ids: number[] | null;
}

export const moveKey = (currency: string, month: string, kind: MovementKind) => `${currency} ${month} ${kind}`;

/**
 * NOTE: the current month is aggregated from its customer rows on each read, 150–350 ms for the 52,000 rows of
 * a million contracts; an account with 20,000 or more rows in the current month reuses an answer for up to a
 * minute (server/domain/reuse.ts; the answer's \`now\` says when it was computed). Smaller accounts read live.
 */
const REUSE_FROM_ROWS = 20_000;
const basesKept = new Map<string, Kept<AnalyticsBase>>();

export async function analyticsBase(ctx: Ctx, input: AnalyticsInput, reuseFrom = REUSE_FROM_ROWS) {
  const range = await monthRange(ctx, input);
  const key = [ctx.accountId, range.zone, range.current, range.from, range.to, input.currency ?? ""].join(" ");
  return reusedWhenLarge(
    basesKept,
    key,
    range.now,
    () => readBase(ctx, input, range),
    (base) => base.currentRows >= reuseFrom,
  );
}

async function readBase(ctx: Ctx, input: AnalyticsInput, range: MonthRange): Promise<AnalyticsBase> {
  const scope = {
    accountId: ctx.accountId,
    zone: range.zone,
    now: range.now,
    current: range.current,
    currency: input.currency,
  };
  const sums = Prisma.sql`customer_month_mrr_sums where account_id = ${ctx.accountId} and month < ${range.current}
    ${input.currency ? Prisma.sql`and currency = ${input.currency}` : Prisma.empty}`;
  const inRange = Prisma.sql`month >= ${range.from} and month <= ${range.to}`;
  // cur holds the current month only: its movements and cohorts count when the range has it (no month filter
  // on cur then, so the planner counts its rows right and aggregates them by hashing)
  const currentInRange = range.from <= range.current && range.current <= range.to;
  const currentMoves = Prisma.sql`
    select 'move', m.currency, m.month, m.kind, m.amount, m.customers, m.contracts, f.ids
    from (
      select currency, month, kind, sum(c - o)::text as amount, count(*)::int as customers,
        sum(cardinality(contract_ids))::int as contracts
      from cur where kind is not null group by currency, month, kind) m
    join firsts f on f.currency = m.currency and f.kind = m.kind
    union all`;
  const currentCohorts = Prisma.sql`
    union all
    select 'cohort', currency, month, cohort, sum(c - o)::text, sum((c > 0)::int - (o > 0)::int)::int, 0, null
    from cur where cohort >= ${range.from} and month >= cohort group by currency, cohort, month`;
  // the months before the current one from their stored figures, the current one (up to now) from its rows;
  // the opening is the sum of the months' changes before the range
  const read = (db: Ctx["db"]) => db.$queryRaw<Row[]>`
    with ${currentMonthCte(scope, range.current <= range.to)},
    -- per currency and kind of the current month, its 20 smallest contract ids: they are among the 20 rows with
    -- the smallest first ids (a contract is in one row), ranked in one pass over cur
    firsts as materialized (
      select currency, kind, (array_agg(x order by x))[1:20] as ids from (
        select currency, kind, unnest(contract_ids) as x from (
          select currency, kind, contract_ids, row_number() over (partition by currency, kind order by contract_ids[1]) as rank
          from cur where kind is not null) ranked
        where rank <= 20) picked
      group by currency, kind)
    select 'size' as part, '' as currency, null as month, null as kind, '0' as amount, count(*)::int as customers,
      0 as contracts, null::int[] as contract_ids
    from cur
    union all
    select 'opening', currency, null, null, sum(amount)::text,
      sum(customers)::int, 0, null
    from (
      select currency, amount, customers from ${sums} and part = 'change' and month < ${range.from}
      union all
      select currency, c - o, (c > 0)::int - (o > 0)::int from cur where month < ${range.from}
    ) b group by currency
    union all
    select 'move', currency, month, key, amount::text, customers, contracts, contract_ids
    from ${sums} and part = 'move' and ${inRange}
    union all
    ${currentInRange ? currentMoves : Prisma.empty}
    select 'cohort', currency, month, key, amount::text, customers, 0, null
    from ${sums} and part = 'cohort' and key >= ${range.from} and ${inRange}
    ${currentInRange ? currentCohorts : Prisma.empty}`;
  // a change to a past month committed after the figures were summed drops them: the read and the check that
  // every past month has figures share one snapshot, and a read that missed some sums again
  let rows: Row[] = [];
  for (let attempt = 1; ; attempt++) {
    const built = await ensureCustomerMonths(ctx, scope);
    const summed = await ensureMonthSums(ctx, scope);
    const { db } = readAfter(ctx, built || summed);
    const [[{ missing }], answer] = await db.$transaction(
      [
        db.$queryRaw<{ missing: boolean }[]>`
          select customer_month_mrr_unsummed(${ctx.accountId}::int, ${range.current}) is not null as missing`,
        read(db),
      ],
      { isolationLevel: "RepeatableRead" },
    );
    rows = answer;
    if (!missing || attempt === 3) break;
  }
  const opening = new Map<string, { mrr: Decimal; customers: number }>();
  const moves = new Map<string, MovementCell>();
  const cohorts = new Map<string, CohortMove[]>();
  const currencies = new Set<string>();
  let currentRows = 0;
  for (const row of rows) {
    if (row.part === "size") {
      currentRows = row.customers;
      continue;
    }
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
  return { range, currencies: [...currencies].sort(), opening, moves, cohorts, currentRows };
}
