import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { type ListResult, type PageRequest, pageWindow } from "@/server/domain/list";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CustomerCreateInput, CustomerOut, CustomerPatchInput } from "@/server/schemas/customers";

type CustomerRecord = Prisma.CustomerGetPayload<object>;

export function presentCustomer(c: CustomerRecord): CustomerOut {
  return {
    id: c.id,
    reference: c.reference,
    name: c.name,
    email: c.email,
    metadata: (c.metadata ?? {}) as Record<string, unknown>,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}

export async function listCustomers(
  ctx: Ctx,
  q: { reference?: string; email?: string; page?: PageRequest },
): Promise<ListResult<CustomerOut>> {
  const where: Prisma.CustomerWhereInput = { accountId: ctx.accountId };
  if (q.reference !== undefined) where.reference = q.reference;
  if (q.email !== undefined) where.email = { equals: q.email, mode: "insensitive" };
  const count = q.page ? await ctx.db.customer.count({ where }) : 0;
  const rows = await ctx.db.customer.findMany({ where, orderBy: { id: "asc" }, ...pageWindow(q.page, count) });
  return { results: rows.map(presentCustomer), count: q.page ? count : rows.length, page: q.page };
}

/** The customer record by reference, or 404. */
export async function findCustomer(ctx: Ctx, reference: string): Promise<CustomerRecord> {
  const c = await ctx.db.customer.findUnique({
    where: { accountId_reference: { accountId: ctx.accountId, reference } },
  });
  if (!c) throw notFound();
  return c;
}

/** For offer inputs: a missing or unknown customer is a 400 on `customer_reference` (spec 7). */
export async function requireCustomer(ctx: Ctx, reference: string | null | undefined): Promise<CustomerRecord> {
  if (!reference) throw invalid("customer_reference", "This field is required.");
  const c = await ctx.db.customer.findUnique({
    where: { accountId_reference: { accountId: ctx.accountId, reference } },
  });
  if (!c) throw invalid("customer_reference", `Customer with reference '${reference}' not found.`);
  return c;
}

export async function getCustomer(ctx: Ctx, reference: string): Promise<CustomerOut> {
  return presentCustomer(await findCustomer(ctx, reference));
}

export async function createCustomer(ctx: Ctx, input: CustomerCreateInput): Promise<CustomerOut> {
  try {
    const c = await ctx.db.customer.create({
      data: {
        accountId: ctx.accountId,
        reference: input.reference,
        name: input.name ?? null,
        email: input.email ?? null,
        metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
      },
    });
    return presentCustomer(c);
  } catch (e) {
    if ((e as { code?: string }).code === "P2002")
      throw invalid("reference", "A customer with this reference already exists.");
    throw e;
  }
}

/** Partial update; `metadata` is shallow-merged and a null value removes a key. */
export async function updateCustomer(ctx: Ctx, reference: string, input: CustomerPatchInput): Promise<CustomerOut> {
  const c = await findCustomer(ctx, reference);
  let meta: Record<string, unknown> | undefined;
  if (input.metadata) {
    meta = { ...(c.metadata as Record<string, unknown>) };
    for (const [k, v] of Object.entries(input.metadata)) v === null ? delete meta[k] : (meta[k] = v);
  }
  const updated = await ctx.db.customer.update({
    where: { id: c.id },
    data: { name: input.name, email: input.email, metadata: meta as Prisma.InputJsonValue | undefined },
  });
  return presentCustomer(updated);
}
