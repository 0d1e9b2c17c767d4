// The account forecast's reads: live contracts in id-ordered pages (keyset), each page with its items,
// pauses and pending lines in more queries, read straight through the pg pool (as the catalog
// snapshot is: the ORM's row mapping cost more than the projection itself at 100,000 contracts). The
// next pages are read while the caller projects the current one.

import type { Ctx } from "@/server/domain/context";
import { instantAt } from "@/server/domain/instant";
import { decOf } from "@/server/domain/money";
import type { Prisma } from "@/server/generated/prisma/client";
import { pgPoolFor } from "@/server/replica";
import type { ProjectableContract } from "./draft";

export type ForecastContract = ProjectableContract & { id: number; currency: string; contractVersion: number };
export type PendingRow = Prisma.PendingLineGetPayload<object>;
export interface ForecastPage {
  contracts: ForecastContract[];
  pendingOf: Map<number, PendingRow[]>;
}

// timestamps as epoch milliseconds: timestamp(3) columns hold UTC, whatever the process's time zone
const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8 as ${column.split(".").pop()}`;
const at = (v: number | null) => (v == null ? null : instantAt(v));

const NO_PAGE: ForecastPage = { contracts: [], pendingOf: new Map() };

/** The last id of the page of live contracts after `after` (one index range), null past the end. */
async function pageEnd(ctx: Ctx, after: number, size: number): Promise<number | null> {
  const bound = await pgPoolFor(ctx).query<{ last: number | null }>(
    `select max(id) as last from (select id from subscription_contracts
       where account_id = $1 and state in ('active', 'paused') and id > $2 order by id limit $3) page`,
    [ctx.accountId, after, size],
  );
  return bound.rows[0]?.last ?? null;
}

/** The live contracts with ids in (after, last], with their rows: the six reads go out together. */
async function readPage(ctx: Ctx, after: number, last: number): Promise<ForecastPage> {
  const pool = pgPoolFor(ctx);
  const live = `c.account_id = $1 and c.state in ('active', 'paused') and c.id > $2 and c.id <= $3`;
  const params = [ctx.accountId, after, last];
  const [{ rows }, items, pauses, pendingIds, changes, discountIds] = await Promise.all([
    pool.query(
      `select c.id, c.currency, c.state, c.contract_version, c.billing_timezone, c.billing_time, c.fixed_day,
         ${ms("c.next_billing_at")}, ${ms("c.cancel_at")}, ${ms("c.billing_anchor_at")}
       from subscription_contracts c where ${live} order by c.id`,
      params,
    ),
    pool.query(
      `select i.id, i.contract_id, i.status, i.price_id, i.quantity, i.unit_amount_override::text as override,
         i.discount_percent::text as discount, i.source, i.bundle_item_id, i.rule_id,
         ${ms("i.start_at")}, ${ms("i.end_at")}, ${ms("i.period_start_at")}, ${ms("i.period_end_at")}
       from contract_items i join subscription_contracts c on c.id = i.contract_id
       where ${live} and i.contract_id > $2 and i.contract_id <= $3 order by i.contract_id, i.id`,
      params,
    ),
    pool.query(
      `select p.id, p.contract_id, p.state, ${ms("p.start_at")}, ${ms("p.end_at")}
       from contract_pauses p join subscription_contracts c on c.id = p.contract_id
       where ${live} and p.contract_id > $2 and p.contract_id <= $3 and p.state <> 'canceled' order by p.contract_id, p.id`,
      params,
    ),
    pool.query(
      `select distinct l.contract_id from pending_lines l join subscription_contracts c on c.id = l.contract_id
       where ${live} and l.contract_id > $2 and l.contract_id <= $3 and l.billing_run_id is null`,
      params,
    ),
    pool.query(
      `select s.contract_id, s.contract_item_id, s.kind, s.price_id, s.quantity, ${ms("s.effective_at")}
       from scheduled_item_changes s join subscription_contracts c on c.id = s.contract_id
       where ${live} and s.contract_id > $2 and s.contract_id <= $3 and s.state = 'scheduled'
       order by s.contract_id, s.effective_at, s.id`,
      params,
    ),
    pool.query(
      `select d.contract_id from contract_discounts d
       where d.account_id = $1 and d.contract_id > $2 and d.contract_id <= $3 and d.ended_at is null`,
      params,
    ),
  ]);
  if (!rows.length) return NO_PAGE;
  // pending lines and running discounts are few: read as the worker reads them, for the contracts that have
  // any (an ORM call per page for nothing was half of the reading time at 100,000 contracts)
  const [pending, discounts] = await Promise.all([
    pendingIds.rows.length
      ? ctx.db.pendingLine.findMany({
          where: { contractId: { in: pendingIds.rows.map((r) => r.contract_id as number) }, billingRunId: null },
          orderBy: { id: "asc" },
        })
      : [],
    discountIds.rows.length
      ? ctx.db.contractDiscount.findMany({
          where: {
            accountId: ctx.accountId,
            contractId: { in: discountIds.rows.map((r) => r.contract_id as number) },
            endedAt: null,
          },
          include: { coupon: true, promotionCode: true },
        })
      : [],
  ]);
  const byContract = new Map<number, ForecastContract>();
  const contracts = rows.map((r) => {
    const c: ForecastContract = {
      id: r.id,
      currency: r.currency,
      state: r.state,
      contractVersion: r.contract_version,
      billingTimezone: r.billing_timezone,
      billingTime: r.billing_time,
      fixedDay: r.fixed_day,
      nextBillingAt: at(r.next_billing_at),
      cancelAt: at(r.cancel_at),
      billingAnchorAt: at(r.billing_anchor_at)!,
      items: [],
      pauses: [],
      scheduledChanges: [],
    };
    byContract.set(c.id, c);
    return c;
  });
  for (const i of items.rows)
    byContract.get(i.contract_id)!.items.push({
      id: i.id,
      contractId: i.contract_id,
      status: i.status,
      priceId: i.price_id,
      quantity: i.quantity,
      // interned decimals: equal amounts are one object, so the pricing memo's keys hit
      unitAmountOverride: i.override == null ? null : decOf(i.override),
      discountPercent: i.discount == null ? null : decOf(i.discount),
      source: i.source,
      bundleItemId: i.bundle_item_id,
      ruleId: i.rule_id,
      metadata: {},
      startAt: at(i.start_at),
      endAt: at(i.end_at),
      periodStartAt: at(i.period_start_at),
      periodEndAt: at(i.period_end_at),
    });
  for (const p of pauses.rows)
    byContract.get(p.contract_id)!.pauses.push({
      id: p.id,
      contractId: p.contract_id,
      state: p.state,
      startAt: at(p.start_at)!,
      endAt: at(p.end_at)!,
    });
  for (const change of changes.rows)
    byContract.get(change.contract_id)!.scheduledChanges!.push({
      contractItemId: change.contract_item_id,
      kind: change.kind,
      priceId: change.price_id,
      quantity: change.quantity,
      effectiveAt: at(change.effective_at)!,
    });
  for (const discount of discounts) {
    const contract = byContract.get(discount.contractId);
    if (contract) contract.discount = discount;
  }
  const pendingOf = new Map<number, PendingRow[]>();
  for (const p of pending) pendingOf.set(p.contractId, [...(pendingOf.get(p.contractId) ?? []), p]);
  return { contracts, pendingOf };
}

/** Pages read ahead of the one being projected: at a million contracts one was not enough to keep it busy. */
const AHEAD = 3;

/** The account's live contracts, page by page (the next pages read ahead). */
export async function* forecastPages(ctx: Ctx, size = 2_000): AsyncGenerator<ForecastPage> {
  // each page's bound needs only the previous bound, so the bounds run ahead and each page's rows follow its own
  const after = (previous: Promise<number | null>) => {
    const last = previous.then((a) => (a == null ? null : pageEnd(ctx, a, size)));
    const page = Promise.all([previous, last]).then(([a, l]) =>
      a == null || l == null ? NO_PAGE : readPage(ctx, a, l),
    );
    // a failure surfaces at the page's await, not as an unhandled rejection meanwhile
    last.catch(() => {});
    page.catch(() => {});
    return { last, page };
  };
  const queue = [after(Promise.resolve(0))];
  for (;;) {
    while (queue.length < AHEAD) queue.push(after(queue[queue.length - 1].last));
    const page = await queue.shift()!.page;
    if (!page.contracts.length) return;
    yield page;
  }
}
