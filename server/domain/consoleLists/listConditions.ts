// SQL conditions the console's list filters share (contracts and billing runs): a filter given once or
// as a list, the customer named by id or reference, and a column between two optional instants.
import type { Ctx } from "@/server/domain/context";
import { Prisma } from "@/server/generated/prisma/client";

export const asList = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/** `column` holds the account's customer whose id or reference is `customer` (no such customer: nothing). */
function customerCondition(ctx: Ctx, column: Prisma.Sql, customer: string): Prisma.Sql {
  const id = /^\d{1,9}$/.test(customer) ? Number(customer) : -1;
  return Prisma.sql`${column} in (select id from customers where account_id = ${ctx.accountId} and (id = ${id} or reference = ${customer}))`;
}

/** `column` at or after `from` and at or before `to`, each when given (ISO instants). */
export function rangeConditions(column: Prisma.Sql, from?: string, to?: string): Prisma.Sql[] {
  return [
    ...(from ? [Prisma.sql`${column} >= ${new Date(from)}`] : []),
    ...(to ? [Prisma.sql`${column} <= ${new Date(to)}`] : []),
  ];
}

/**
 * The conditions both lists start with: the account's rows, then the state(s), currency and customer
 * when the filter gives them. `alias` is the list's table alias in its SQL (a fixed name, not input).
 */
export function accountListConditions(
  ctx: Ctx,
  alias: "c" | "r",
  filters: { state?: string | string[]; currency?: string; customer?: string },
): Prisma.Sql[] {
  const column = (name: string) => Prisma.raw(`${alias}.${name}`);
  const { state, currency, customer } = filters;
  return [
    Prisma.sql`${column("account_id")} = ${ctx.accountId}`,
    ...(state !== undefined ? [Prisma.sql`${column("state")} in (${Prisma.join(asList(state))})`] : []),
    ...(currency ? [Prisma.sql`${column("currency")} = ${currency}`] : []),
    ...(customer ? [customerCondition(ctx, column("customer_id"), customer)] : []),
  ];
}
