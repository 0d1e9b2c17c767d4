// The customers and contracts behind an analytics figure: a month's movement of one kind, or the customers
// paying at a month's end (of one cohort, for a cohort cell). Each row is a customer with the contracts
// whose MRR made the figure (for "paying", the contracts of the customer's last change up to then).
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { fmt4 } from "@/server/domain/money";
import { Prisma } from "@/server/generated/prisma/client";
import {
  customerMonthRows,
  ensureCustomerMonths,
  MOVEMENT_KINDS,
  type MovementKind,
  readAfter,
} from "./customerMonths";
import { monthRange } from "./range";

export const DRILL_KINDS = [...MOVEMENT_KINDS, "paying"] as const;
export type DrillKind = (typeof DRILL_KINDS)[number];

export interface DrillInput {
  currency: string;
  month: string;
  kind: DrillKind;
  /** only customers of this cohort (the month they first paid) */
  cohort?: string;
}

/** At most this many customers in one answer (count says how many there are). */
const LIMIT = 500;

interface Row {
  customer_id: number;
  reference: string | null;
  name: string | null;
  contract_ids: number[];
  o: string;
  c: string;
  kind: string | null;
  count: number;
}

export async function analyticsContracts(ctx: Ctx, input: DrillInput) {
  const range = await monthRange(ctx, { from: input.month, to: input.month });
  const scope = {
    accountId: ctx.accountId,
    zone: range.zone,
    now: range.now,
    current: range.current,
    currency: input.currency,
  };
  const { db } = readAfter(ctx, await ensureCustomerMonths(ctx, scope));
  const cohort = input.cohort ? Prisma.sql`and cohort = ${input.cohort}` : Prisma.empty;
  const pick =
    input.kind === "paying"
      ? Prisma.sql`select * from (
          select distinct on (customer_id) * from ${customerMonthRows(scope, { to: input.month }, cohort)} r
          order by customer_id, month desc) last where c > 0`
      : Prisma.sql`select * from ${customerMonthRows(scope, { from: input.month, to: input.month }, Prisma.sql`and kind = ${input.kind} ${cohort}`)} r`;
  // the page of customers first, then their names: a cohort holds tens of thousands at a million contracts
  const rows = await db.$queryRaw<Row[]>`
    with picked as (${pick}),
    page as (select p.*, count(*) over ()::int as count from picked p order by abs(p.c - p.o) desc, p.customer_id limit ${LIMIT})
    select p.customer_id, cu.reference, cu.name, p.contract_ids, p.o::text, p.c::text, p.kind, p.count
    from page p join customers cu on cu.id = p.customer_id
    order by abs(p.c - p.o) desc, p.customer_id`;
  return {
    currency: input.currency,
    month: input.month,
    kind: input.kind,
    cohort: input.cohort ?? null,
    count: rows[0]?.count ?? 0,
    results: rows.map((r) => ({
      customer_id: r.customer_id,
      customer_reference: r.reference,
      customer_name: r.name,
      contract_ids: r.contract_ids,
      movement: (input.kind === "paying" ? null : (r.kind as MovementKind)) ?? null,
      opening_mrr: input.kind === "paying" ? null : fmt4(r.o),
      closing_mrr: fmt4(r.c),
      /** the movement, or for "paying" the customer's MRR at the month's end */
      amount: fmt4(input.kind === "paying" ? r.c : new Decimal(r.c).minus(r.o)),
    })),
  };
}
