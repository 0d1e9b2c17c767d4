// /admin/contracts: one page of the account's contracts with filters, search and sort, in SQL (the total
// is a count over the same conditions, capped: consoleLists/cappedCount.ts). Filters are the ones the dashboard's figures hand out.
// A page's rows then show what the API says of each contract: its service state by the REST rule
// (serviceStateAt) and its next charge by the billing planner (nextChargeOf, as the contract page), so a
// trial, a discount or a scheduled change reads the same here as in GET …/{id}/ and the upcoming runs.

import { nextChargeOf } from "@/server/domain/billing/nextCharge";
import type { Ctx } from "@/server/domain/context";
import { contractInclude } from "@/server/domain/contracts/contractRows";
import { pastDueGraceStart, serviceStateAt } from "@/server/domain/contracts/serviceState";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { estimatedUsage } from "@/server/domain/usage/contractUsage";
import { Prisma } from "@/server/generated/prisma/client";
import { cappedCount, cappedPage } from "./cappedCount";
import { accountListConditions, asList, rangeConditions } from "./listConditions";
import { serviceStateSql } from "./serviceStateSql";

export interface ContractListFilters {
  state?: string | string[];
  service_state?: string | string[];
  /** customer id, or exact customer reference */
  customer?: string;
  currency?: string;
  attention?: boolean;
  /** true: only contracts that started (a checkout never paid ended without ever starting) */
  started?: boolean;
  created_from?: string;
  /** exclusive lower bounds: the dashboard's 30-day windows are (from, now] */
  created_after?: string;
  created_to?: string;
  ended_from?: string;
  ended_after?: string;
  ended_to?: string;
  next_billing_from?: string;
  next_billing_to?: string;
}
export type ContractSort = "created_desc" | "created_asc" | "next_billing_asc" | "next_billing_desc";
export interface ContractListInput {
  page: number;
  pageSize: number;
  filters?: ContractListFilters;
  search?: string;
  sort?: ContractSort;
}

export function contractWhere(ctx: Ctx, f: ContractListFilters, search: string | undefined, now: Date): Prisma.Sql {
  const parts = accountListConditions(ctx, "c", f);
  if (f.attention !== undefined) parts.push(Prisma.sql`c.billing_attention_required = ${f.attention}`);
  if (f.started === true) parts.push(Prisma.sql`c.ended_reason is distinct from 'unpaid_checkout'`);
  const range = (column: Prisma.Sql, from?: string, to?: string) => parts.push(...rangeConditions(column, from, to));
  if (f.created_after) parts.push(Prisma.sql`c.created_at > ${new Date(f.created_after)}`);
  if (f.ended_after) parts.push(Prisma.sql`c.ended_at > ${new Date(f.ended_after)}`);
  range(Prisma.sql`c.created_at`, f.created_from, f.created_to);
  range(Prisma.sql`c.ended_at`, f.ended_from, f.ended_to);
  range(Prisma.sql`c.next_billing_at`, f.next_billing_from, f.next_billing_to);
  if (f.service_state !== undefined) {
    const states = asList(f.service_state);
    // cheap, index-backed conditions implied by the states asked for, before the per-row rule
    if (!states.includes("inactive"))
      parts.push(Prisma.sql`(c.state = 'active' or (c.state = 'canceled' and c.ended_at > ${now}))`);
    if (states.every((s) => s === "past_due"))
      parts.push(Prisma.sql`c.billing_attention_required and c.past_due_since <= ${pastDueGraceStart(now)}`);
    parts.push(Prisma.sql`${serviceStateSql(now)} in (${Prisma.join(states)})`);
  }
  const s = search?.trim();
  if (s) {
    const id = /^\d{1,9}$/.test(s) ? Number(s) : -1;
    const like = `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    // the matching customers from the trigram indexes, then their contracts from (account_id, customer_id):
    // a set of ids, so the OR with the contract id does not turn into a scan of every contract
    parts.push(
      Prisma.sql`c.id in (select ${id}::int union all select m.id from subscription_contracts m where m.account_id = ${ctx.accountId}
        and m.customer_id in (select id from customers where account_id = ${ctx.accountId} and (reference ilike ${like} or name ilike ${like})))`,
    );
  }
  return Prisma.join(parts, " and ");
}

const ORDER: Record<ContractSort, Prisma.Sql> = {
  created_desc: Prisma.sql`c.created_at desc, c.id desc`,
  created_asc: Prisma.sql`c.created_at asc, c.id asc`,
  next_billing_asc: Prisma.sql`c.next_billing_at asc nulls last, c.id asc`,
  next_billing_desc: Prisma.sql`c.next_billing_at desc nulls last, c.id desc`,
};

interface Row {
  id: number;
  customer_id: number;
  reference: string;
  name: string | null;
  state: string;
  currency: string;
  next_billing_at: Date | null;
  created_at: Date;
  attention: boolean;
}

export async function listContractsForConsole(ctx: Ctx, input: ContractListInput) {
  const now = ctx.clock.now();
  const where = contractWhere(ctx, input.filters ?? {}, input.search, now);
  const n = await cappedCount(ctx, Prisma.sql`select 1 from subscription_contracts c where ${where}`);
  // the page first (index order), then the per-row extras for its rows only
  const rows = await ctx.db.$queryRaw<Row[]>`
    select c.id, c.customer_id, cu.reference, cu.name, c.state, c.currency, c.next_billing_at,
      c.created_at, c.billing_attention_required as attention
    from (select c.* from subscription_contracts c where ${where} order by ${ORDER[input.sort ?? "created_desc"]}
          limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}) c
    join customers cu on cu.id = c.customer_id
    order by ${ORDER[input.sort ?? "created_desc"]}`;
  const ids = rows.map((r) => r.id);
  const [records, pending, catalog] = await Promise.all([
    ctx.db.subscriptionContract.findMany({
      where: { id: { in: ids }, accountId: ctx.accountId },
      include: contractInclude,
    }),
    ctx.db.pendingLine.findMany({
      where: { contractId: { in: ids }, billingRunId: null },
      select: { contractId: true, subtotal: true, tax: true },
    }),
    rows.length ? catalogSnapshot(ctx) : null,
  ]);
  const byId = new Map(records.map((c) => [c.id, c]));
  // metered items at their estimated usage, as the contract page's next charge (one read for the page)
  const usage = catalog ? await estimatedUsage(ctx, catalog, records) : undefined;
  // the rows' state, service state and next charge: the API's own rules on the loaded contracts
  const said = (id: number) => {
    const c = byId.get(id);
    if (!c || !catalog) return { service_state: "inactive", next_charge_amount: null };
    const next = nextChargeOf(
      c,
      catalog,
      pending.filter((l) => l.contractId === id),
      usage,
    );
    return { service_state: serviceStateAt(c, now).state, next_charge_amount: next?.total_amount ?? null };
  };
  return cappedPage(
    n,
    input,
    rows.map((r) => {
      const { service_state, next_charge_amount } = said(r.id);
      return {
        id: r.id,
        customer_id: r.customer_id,
        customer_reference: r.reference,
        customer_name: r.name,
        state: r.state,
        service_state,
        currency: r.currency,
        next_billing_at: r.next_billing_at?.toISOString() ?? null,
        next_charge_amount,
        created_at: r.created_at.toISOString(),
        billing_attention_required: r.attention,
      };
    }),
  );
}
