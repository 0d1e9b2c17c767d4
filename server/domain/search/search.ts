// The console's one search box: customers by reference, name (substring, the trigram indexes) or e-mail
// (substring, or a prefix when the query has an "@");
// contracts and billing runs by id; receipts by number (R-000123) and credit notes by number (CN-000004);
// products by name and prices by reference or their product's name. Every query is the account's own, each
// group at most `limit` results, all groups read side by side.

import type { Ctx } from "@/server/domain/context";
import { formatReceiptNumber } from "@/server/domain/receipts/number";
import { formatCreditNoteNumber } from "@/server/domain/refunds/number";
import { Prisma } from "@/server/generated/prisma/client";

export const SEARCH_GROUPS = [
  "customers",
  "contracts",
  "billing_runs",
  "receipts",
  "credit_notes",
  "products",
  "prices",
] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export interface SearchHit {
  group: SearchGroup;
  /** The record's id; a customer's page is addressed by `key` (its reference), a receipt's by its run's id. */
  id: number;
  key: string;
  title: string;
  detail: string | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
const number = (q: string, prefix: RegExp) => {
  const m = prefix.exec(q);
  return m ? Number(m[1]) : null;
};

/**
 * NOTE: a query with an "@" is the start of an e-mail address: matched as a prefix on the lower(e-mail) index.
 * As a substring it would be read through the trigram index, whose trigrams of a shared domain name
 * ("@gmail.com") match most customers: seconds at a million. Other queries match e-mails anywhere.
 */
const emailMatch = (q: string) =>
  q.includes("@")
    ? Prisma.sql`lower(email) like lower(${escapeLike(q)}) || '%'`
    : Prisma.sql`email ilike ${`%${escapeLike(q)}%`}`;

type Row = { id: number; key: string; title: string; detail: string | null };
const hits = (group: SearchGroup, rows: Row[]): SearchHit[] =>
  rows.map((r) => ({ group, id: r.id, key: String(r.key), title: r.title, detail: r.detail }));

export async function consoleSearch(ctx: Ctx, input: { q: string; limit?: number }): Promise<SearchHit[]> {
  const q = input.q.trim().slice(0, 100);
  if (!q) return [];
  const limit = input.limit ?? 5;
  const a = ctx.accountId;
  const like = `%${escapeLike(q)}%`;
  const id = number(q, /^#?(\d{1,9})$/);
  const receipt = number(q, /^(?:r-?)?0*(\d{1,9})$/i);
  const creditNote = number(q, /^(?:cn-?)?0*(\d{1,9})$/i);
  const db = ctx.db;
  const none = Promise.resolve([] as Row[]);
  const [customers, contracts, runs, receipts, notes, products, prices] = await Promise.all([
    // exact reference or e-mail first (the unique key, the lower(e-mail) index), then any other match
    db.$queryRaw<Row[]>`
      select id, reference as key, coalesce(name, reference) as title, concat_ws(' · ', reference, email) as detail from (
        (select *, 0 as rank from customers where account_id = ${a} and (reference = ${q} or lower(email) = lower(${q})) limit ${limit})
        union all
        (select *, 1 from customers where account_id = ${a}
          and (reference ilike ${like} or name ilike ${like} or ${emailMatch(q)}) limit ${limit * 2})
      ) m order by rank limit ${limit * 2}`,
    id === null
      ? none
      : db.$queryRaw<Row[]>`
      select c.id, c.id::text as key, 'Contract ' || c.id as title, concat_ws(' · ', c.state, c.currency, cu.reference) as detail
      from subscription_contracts c join customers cu on cu.id = c.customer_id where c.account_id = ${a} and c.id = ${id}`,
    id === null
      ? none
      : db.$queryRaw<Row[]>`
      select r.id, r.id::text as key, 'Billing run ' || r.id as title,
        concat_ws(' · ', r.state, r.total::text || ' ' || r.currency, cu.reference) as detail
      from billing_runs r join customers cu on cu.id = r.customer_id where r.account_id = ${a} and r.id = ${id}`,
    receipt === null
      ? none
      : db.$queryRaw<Row[]>`
      select r.receipt_number as id, r.id::text as key, '' as title, concat_ws(' · ', r.total::text || ' ' || r.currency, cu.reference) as detail
      from billing_runs r join customers cu on cu.id = r.customer_id where r.account_id = ${a} and r.receipt_number = ${receipt}`,
    creditNote === null
      ? none
      : db.$queryRaw<Row[]>`
      select n.number as id, n.id::text as key, '' as title, concat_ws(' · ', n.kind, n.total::text || ' ' || n.currency, cu.reference) as detail
      from credit_notes n join customers cu on cu.id = n.customer_id where n.account_id = ${a} and n.number = ${creditNote}`,
    db.$queryRaw<Row[]>`
      select id, id::text as key, name as title, case when active then reference else concat_ws(' · ', reference, 'inactive') end as detail
      from catalog_products where account_id = ${a} and (name ilike ${like} or reference ilike ${like})
      order by active desc, id limit ${limit}`,
    db.$queryRaw<Row[]>`
      select pr.id, pr.product_id::text as key, p.name || coalesce(' · ' || pr.reference, '') as title,
        concat_ws(' · ', pr.currency, case when pr.interval is null then 'one-time' else 'every ' || coalesce(pr.interval_count, 1) || ' ' || pr.interval end,
          case when not pr.active then 'inactive' end) as detail
      from catalog_prices pr join catalog_products p on p.id = pr.product_id
      where pr.account_id = ${a} and (pr.reference ilike ${like} or p.name ilike ${like})
      order by pr.active desc, pr.id limit ${limit}`,
  ]);
  const seen = new Set<number>();
  const uniqueCustomers = customers.filter((c) => !seen.has(c.id) && seen.add(c.id)).slice(0, limit);
  return [
    ...hits("customers", uniqueCustomers),
    ...hits("contracts", contracts),
    ...hits("billing_runs", runs),
    ...hits(
      "receipts",
      receipts.map((r) => ({ ...r, title: `Receipt ${formatReceiptNumber(r.id)}` })),
    ),
    ...hits(
      "credit_notes",
      notes.map((n) => ({ ...n, title: `Credit note ${formatCreditNoteNumber(n.id)}` })),
    ),
    ...hits("products", products),
    ...hits("prices", prices),
  ];
}
