// A customer's personal data on request: everything held about them as one JSON document (export), and its
// erasure. Erasing replaces what identifies the person (name, e-mail addresses, postal addresses, phone and tax
// numbers, metadata values, card details) with `erased-<id>` or nothing, detaches their payment methods, and
// scrubs the stored copies elsewhere (event payloads webhooks deliver, checkouts, sessions, idempotency replies,
// audit details, notice recipients) of their name and e-mail addresses; receipts and runs keep their numbers and
// amounts, so the seller's books still add up. The REST wrapper and tRPC record the audit entry.
import type { Ctx } from "@/server/domain/context";
import { iso, isoN } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import { findCustomer, presentCustomer } from "./customers";

type Tx = Prisma.TransactionClient;

/** The replacement of an erased value: names the customer's id, says nothing of the person. */
export const erasedMark = (customerId: number) => `erased-${customerId}`;

/** A masked card: brand, last four digits and expiry; never the processor's token. */
function maskedMethod(m: Prisma.PaymentMethodGetPayload<object>) {
  return {
    id: m.id,
    collection_method: m.collectionMethod,
    state: m.state,
    card: m.cardLast4
      ? { brand: m.cardBrand, last4: m.cardLast4, exp_month: m.cardExpMonth, exp_year: m.cardExpYear }
      : null,
    billing_details: m.setupData,
    metadata: m.metadata,
    created_at: iso(m.createdAt),
    canceled_at: isoN(m.canceledAt),
  };
}

/** Everything held about the customer named by `reference`, as one JSON document. */
export async function exportPersonalData(ctx: Ctx, reference: string) {
  const customer = await findCustomer(ctx, reference);
  const own = { accountId: ctx.accountId, customerId: customer.id };
  const [contracts, runs, methods, events, audit] = await Promise.all([
    ctx.db.subscriptionContract.findMany({ where: own, orderBy: { id: "asc" } }),
    ctx.db.billingRun.findMany({ where: own, orderBy: { id: "asc" } }),
    ctx.db.paymentMethod.findMany({ where: own, orderBy: { id: "asc" } }),
    mentioning(ctx, "outbox_events", "payload", customer),
    mentioning(ctx, "audit_log", "details", customer),
  ]);
  const run = (r: (typeof runs)[number]) => ({
    id: r.id,
    contract_id: r.contractId,
    kind: r.kind,
    state: r.state,
    currency: r.currency,
    total: r.total.toFixed(4),
    period_start_at: iso(r.periodStartAt),
    period_end_at: iso(r.periodEndAt),
    receipt_number: r.receiptNumber,
    receipt_issued_at: isoN(r.receiptIssuedAt),
  });
  return {
    exported_at: iso(ctx.clock.now()),
    customer: presentCustomer(customer),
    subscription_contracts: contracts.map((c) => ({
      id: c.id,
      state: c.state,
      currency: c.currency,
      delivery_address: c.deliveryAddress,
      metadata: c.metadata,
      created_at: iso(c.createdAt),
    })),
    billing_runs: runs.map(run),
    receipts: runs.filter((r) => r.receiptNumber !== null).map(run),
    payment_methods: methods.map(maskedMethod),
    events: events.map((e) => ({ id: e.event_id, type: e.type, created_at: iso(e.created_at), data: e.payload })),
    audit_entries: audit.map((a) => ({ id: a.id, at: iso(a.at), action: a.action, actor: a.actor_label })),
  };
}

interface Mention {
  id: number;
  event_id?: string;
  type?: string;
  created_at: Date;
  at: Date;
  action?: string;
  actor_label?: string;
  payload?: unknown;
}

/** Rows of the account whose JSON column names the customer (reference, name or e-mail), newest last. */
function mentioning(ctx: Ctx, table: "outbox_events" | "audit_log", column: "payload" | "details", c: Who) {
  const needles = [c.reference, c.name, c.email].filter((n): n is string => !!n).map((n) => `%${likeEscape(n)}%`);
  return ctx.db.$queryRawUnsafe<Mention[]>(
    `select * from ${table} where account_id = $1 and (${column}::text ilike any($2::text[])
       ${table === "audit_log" ? "or target_id = $3" : ""}) order by id limit 10000`,
    ctx.accountId,
    needles,
    ...(table === "audit_log" ? [c.reference] : []),
  );
}

interface Who {
  id: number;
  reference: string;
  name: string | null;
  email: string | null;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
/** A PostgreSQL regular expression matching any of `words` as a whole word (ARE: \m and \M are word boundaries). */
const wordsPattern = (words: string[]) => `\\m(${words.map(regexEscape).join("|")})\\M`;
const regexEscape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** JSON text's string values equal to one of `values` (quotes included), as a PostgreSQL regular expression. */
const jsonValuesPattern = (values: string[]) =>
  `"(${values.map((v) => regexEscape(JSON.stringify(v).slice(1, -1))).join("|")})"`;

/** The string values of JSON documents (addresses, metadata, billing details), nested ones included. */
function stringLeaves(...docs: unknown[]): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  docs.forEach(walk);
  return out;
}

/** Object values replaced by the mark (keys kept), nested objects and arrays included. */
function erasedValues(value: unknown, mark: string): unknown {
  if (Array.isArray(value)) return value.map((v) => erasedValues(v, mark));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, erasedValues(v, mark)]));
  return value === null ? null : mark;
}

/** E-mail addresses found in a payment method's billing details. */
function billingEmails(setup: unknown): string[] {
  const text = JSON.stringify(setup ?? {});
  return [...text.matchAll(/[^\s"@,;<>]+@[^\s"@,;<>]+\.[^\s"@,;<>]+/g)].map((m) => m[0]);
}

/**
 * Erases the customer's personal data (see the file's comment); runs again without harm. Returns what changed:
 * counts per kind of record.
 */
export async function erasePersonalData(ctx: Ctx, reference: string) {
  const customer = await findCustomer(ctx, reference);
  const mark = erasedMark(customer.id);
  const now = ctx.clock.now();
  return ctx.db.$transaction(
    async (tx) => {
      const methods = await tx.paymentMethod.findMany({ where: { customerId: customer.id } });
      // what identifies the person wherever a copy was stored: name and e-mail addresses (whole words only, so
      // another customer's "Annabel" keeps her name when "Anna" is erased)
      const contracts = await tx.subscriptionContract.findMany({
        where: { customerId: customer.id },
        select: { id: true, metadata: true, deliveryAddress: true },
      });
      // the customer's other details (addresses, phone and tax numbers, metadata): as whole JSON string values,
      // only in stored documents that name the customer's reference
      const details = stringLeaves(
        customer.metadata,
        ...methods.flatMap((m) => [m.setupData, m.metadata]),
        ...contracts.flatMap((c) => [c.deliveryAddress, c.metadata]),
      ).filter((v) => v.trim().length > 1 && v !== mark);
      const needles = [
        ...new Set(
          [customer.name, customer.email, ...methods.flatMap((m) => billingEmails(m.setupData))].filter(
            (n): n is string => !!n && n !== mark && n.trim().length > 1,
          ),
        ),
      ];
      await tx.customer.update({
        where: { id: customer.id },
        data: {
          name: mark,
          email: null,
          metadata: erasedValues(customer.metadata, mark) as Prisma.InputJsonValue,
        },
      });
      for (const m of methods)
        await tx.paymentMethod.update({
          where: { id: m.id },
          data: {
            state: m.state === "active" ? "canceled" : m.state,
            canceledAt: m.canceledAt ?? now,
            cardLast4: null,
            cardExpMonth: null,
            cardExpYear: null,
            token: null,
            setupData: {},
            metadata: erasedValues(m.metadata, mark) as Prisma.InputJsonValue,
          },
        });
      for (const c of contracts)
        await tx.subscriptionContract.update({
          where: { id: c.id },
          data: {
            metadata: erasedValues(c.metadata, mark) as Prisma.InputJsonValue,
            ...(c.deliveryAddress
              ? { deliveryAddress: erasedValues(c.deliveryAddress, mark) as Prisma.InputJsonValue }
              : {}),
          },
        });
      const scrubbed =
        (await scrubCopies(tx, ctx.accountId, needles, mark)) +
        (await scrubDetails(tx, ctx.accountId, customer.reference, [...new Set(details)], mark));
      return { customer_id: customer.id, payment_methods: methods.length, contracts: contracts.length, scrubbed };
      // one column at a time over the account's rows: longer than an API call's transaction may usually take
    },
    { timeout: 120_000 },
  );
}

/**
 * Tables that hold the seller's own records, never a customer's copy: left alone even when a value matches (a
 * console user with the customer's e-mail keeps signing in; a namesake customer keeps their name).
 */
const SELLERS_OWN = new Set(["customers", "users", "api_keys", "webhook_endpoints", "sales_channels", "app_secrets"]);

/**
 * Every text and JSON column of the account's rows (tables with account_id; notice e-mails through their event)
 * with each needle as a whole word replaced by the mark. JSON is rewritten as text: the needle is matched in its
 * JSON-escaped form, and the mark needs no escaping. Returns the rows changed.
 */
async function scrubCopies(tx: Tx, accountId: number, needles: string[], mark: string): Promise<number> {
  if (!needles.length) return 0;
  const columns = await copyColumns(tx);
  const plain = wordsPattern(needles);
  const json = wordsPattern(needles.map((n) => JSON.stringify(n).slice(1, -1)));
  let changed = 0;
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const isJson = type === "json" || type === "jsonb";
    const value = isJson
      ? `regexp_replace("${column}"::text, $2, $3, 'gi')::${type}`
      : `regexp_replace("${column}", $2, $3, 'gi')`;
    changed += await tx.$executeRawUnsafe(
      `update "${table}" set "${column}" = ${value} where account_id = $1 and "${column}"::text ~* $2`,
      accountId,
      isJson ? json : plain,
      mark,
    );
  }
  changed += await tx.$executeRawUnsafe(
    `update notice_mails n set recipient = null from outbox_events e
     where e.id = n.outbox_event_id and e.account_id = $1 and n.recipient ~* $2`,
    accountId,
    plain,
  );
  return changed;
}

/** Text and JSON columns of the tables with rows per account, less the seller's own (SELLERS_OWN). */
async function copyColumns(tx: Tx) {
  const columns = await tx.$queryRaw<{ table_name: string; column_name: string; data_type: string }[]>`
    select c.table_name, c.column_name, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json')
      and exists (select 1 from information_schema.columns a where a.table_schema = 'public'
                  and a.table_name = c.table_name and a.column_name = 'account_id')
    order by c.table_name, c.column_name`;
  return columns.filter((c) => !SELLERS_OWN.has(c.table_name));
}

/**
 * JSON string values equal to one of the customer's details replaced by the mark, in the account's stored
 * documents that name the customer's reference (an event's contract, a checkout's snapshot).
 */
async function scrubDetails(tx: Tx, accountId: number, reference: string, details: string[], mark: string) {
  if (!details.length) return 0;
  let changed = 0;
  for (const { table_name: table, column_name: column, data_type: type } of await copyColumns(tx)) {
    if (type !== "json" && type !== "jsonb") continue;
    changed += await tx.$executeRawUnsafe(
      `update "${table}" set "${column}" = regexp_replace("${column}"::text, $2, $3, 'g')::${type}
       where account_id = $1 and "${column}"::text ~ $4 and "${column}"::text ~ $2`,
      accountId,
      jsonValuesPattern(details),
      `"${mark}"`,
      wordsPattern([JSON.stringify(reference).slice(1, -1)]),
    );
  }
  return changed;
}
