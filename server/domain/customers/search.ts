// Console reads of customers: search across reference, name and email; a customer addressed by its
// reference or its numeric id; every payment method of a customer (canceled ones too, for the record).

import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { type ListResult, type PageRequest, pagedList, tablePage } from "@/server/domain/list";
import { presentPaymentMethod } from "@/server/domain/payments/present";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CustomerOut } from "@/server/schemas/customers";
import type { PaymentMethodOut } from "@/server/schemas/payments";
import { findCustomer, presentCustomer } from "./customers";

/** The customer list's search: reference, name or email containing `q` (case-insensitive); none → all. */
export function customerSearchWhere(ctx: Ctx, q: string | undefined): Prisma.CustomerWhereInput {
  const where: Prisma.CustomerWhereInput = { accountId: ctx.accountId };
  const term = q?.trim();
  if (term) {
    where.OR = (["reference", "name", "email"] as const).map((f) => ({ [f]: { contains: term, mode: "insensitive" } }));
  }
  return where;
}

/** Customers whose reference, name or email contains `q` (case-insensitive), newest first. */
export async function searchCustomers(
  ctx: Ctx,
  query: { q?: string; page: PageRequest },
): Promise<ListResult<CustomerOut>> {
  const where = customerSearchWhere(ctx, query.q);
  const count = await ctx.db.customer.count({ where });
  // a page past the end (an old link) is an empty page, not an error
  const skip = (query.page.number - 1) * query.page.size;
  const rows =
    skip >= count && skip > 0
      ? []
      : await ctx.db.customer.findMany({
          where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          skip,
          take: query.page.size,
        });
  return { results: rows.map(presentCustomer), count, page: query.page };
}

/** A customer by reference first (as the API addresses them), else by id; another account's → 404. */
export async function findCustomerByKey(ctx: Ctx, key: string): Promise<CustomerOut> {
  const byRef = await ctx.db.customer.findUnique({
    where: { accountId_reference: { accountId: ctx.accountId, reference: key } },
  });
  if (byRef) return presentCustomer(byRef);
  if (!/^[1-9]\d{0,8}$/.test(key)) throw notFound();
  const byId = await ctx.db.customer.findFirst({ where: { id: Number(key), accountId: ctx.accountId } });
  if (!byId) throw notFound();
  return presentCustomer(byId);
}

/**
 * Active and canceled methods (temporary, unconfirmed ones are not the seller's to see), one page: the
 * active ones first, then the rest newest first, with the total.
 */
export async function listCustomerPaymentMethods(
  ctx: Ctx,
  reference: string,
  page: PageRequest = tablePage(1),
): Promise<ListResult<PaymentMethodOut>> {
  const customer = await findCustomer(ctx, reference);
  const where = { accountId: ctx.accountId, customerId: customer.id, state: { not: "temporary" } };
  return pagedList(
    page,
    () => ctx.db.paymentMethod.count({ where }),
    (window) =>
      ctx.db.paymentMethod.findMany({
        where,
        include: { customer: { select: { reference: true } } },
        orderBy: [{ state: "asc" }, { id: "desc" }],
        ...window,
      }),
    presentPaymentMethod,
  );
}
