// Customers by reference: list, read, create, update, and the lookups other areas use (find, require).
import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { type ListResult, type PageRequest, type PageWindow, pagedList } from "@/server/domain/list";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CustomerCreateInput, CustomerOut, CustomerPatchInput } from "@/server/schemas/customers";

type CustomerRecord = Prisma.CustomerGetPayload<object>;

export function presentCustomer(customer: CustomerRecord): CustomerOut {
  return {
    id: customer.id,
    reference: customer.reference,
    name: customer.name,
    email: customer.email,
    metadata: (customer.metadata ?? {}) as Record<string, unknown>,
    created_at: iso(customer.createdAt),
    updated_at: iso(customer.updatedAt),
  };
}

export async function listCustomers(
  ctx: Ctx,
  query: { reference?: string; email?: string; page?: PageRequest },
): Promise<ListResult<CustomerOut>> {
  const where: Prisma.CustomerWhereInput = { accountId: ctx.accountId };
  if (query.reference !== undefined) where.reference = query.reference;
  if (query.email !== undefined) where.email = { equals: query.email, mode: "insensitive" };
  const rows = (window: PageWindow) => ctx.db.customer.findMany({ where, orderBy: { id: "asc" }, ...window });
  return pagedList(query.page, () => ctx.db.customer.count({ where }), rows, presentCustomer);
}

/** The customer record by reference, or 404. */
export async function findCustomer(ctx: Ctx, reference: string): Promise<CustomerRecord> {
  const customer = await ctx.db.customer.findUnique({
    where: { accountId_reference: { accountId: ctx.accountId, reference } },
  });
  if (!customer) throw notFound();
  return customer;
}

/** For offer inputs: a missing or unknown customer is a 400 on `customer_reference` (spec 7). */
export async function requireCustomer(ctx: Ctx, reference: string | null | undefined): Promise<CustomerRecord> {
  if (!reference) throw invalid("customer_reference", "This field is required.");
  const customer = await ctx.db.customer.findUnique({
    where: { accountId_reference: { accountId: ctx.accountId, reference } },
  });
  if (!customer) throw invalid("customer_reference", `Customer with reference '${reference}' not found.`);
  return customer;
}

export async function getCustomer(ctx: Ctx, reference: string): Promise<CustomerOut> {
  return presentCustomer(await findCustomer(ctx, reference));
}

export async function createCustomer(ctx: Ctx, input: CustomerCreateInput): Promise<CustomerOut> {
  try {
    const customer = await ctx.db.customer.create({
      data: {
        accountId: ctx.accountId,
        reference: input.reference,
        name: input.name ?? null,
        email: input.email ?? null,
        metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
      },
    });
    return presentCustomer(customer);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002")
      throw invalid("reference", "A customer with this reference already exists.");
    throw error;
  }
}

/** Partial update; `metadata` is shallow-merged and a null value removes a key. */
export async function updateCustomer(ctx: Ctx, reference: string, input: CustomerPatchInput): Promise<CustomerOut> {
  const customer = await findCustomer(ctx, reference);
  let meta: Record<string, unknown> | undefined;
  if (input.metadata) {
    meta = { ...(customer.metadata as Record<string, unknown>) };
    for (const [k, v] of Object.entries(input.metadata)) v === null ? delete meta[k] : (meta[k] = v);
  }
  const updated = await ctx.db.customer.update({
    where: { id: customer.id },
    data: { name: input.name, email: input.email, metadata: meta as Prisma.InputJsonValue | undefined },
  });
  return presentCustomer(updated);
}
