// Tax rates of the account: create, edit, deactivate (active=false; products keep their reference).

import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { type DecimalLike, fmt4 } from "@/server/domain/money";
import type { CatalogListInput, TaxRateInput } from "@/server/schemas/catalogAdmin";
import { catalogPage } from "./adminList";

const present = (row: { id: number; name: string; percentage: DecimalLike; active: boolean; createdAt: Date }) => ({
  id: row.id,
  name: row.name,
  percentage: fmt4(row.percentage),
  active: row.active,
  created_at: row.createdAt.toISOString(),
});

export async function createTaxRate(ctx: Ctx, input: TaxRateInput) {
  return present(
    await ctx.db.taxRate.create({
      data: {
        accountId: ctx.accountId,
        name: input.name,
        percentage: fmt4(input.percentage),
        active: input.active ?? true,
      },
    }),
  );
}

export async function updateTaxRate(ctx: Ctx, id: number, input: Partial<TaxRateInput>) {
  const found = await ctx.db.taxRate.findFirst({ where: { id, accountId: ctx.accountId } });
  if (!found) throw notFound();
  return present(
    await ctx.db.taxRate.update({
      where: { id },
      data: {
        name: input.name,
        percentage: input.percentage === undefined ? undefined : fmt4(input.percentage),
        active: input.active,
      },
    }),
  );
}

/** One page of the account's tax rates for the console list. */
export async function listTaxRatesAdmin(ctx: Ctx, input: CatalogListInput) {
  return catalogPage(ctx, input, present, {
    count: (where) => ctx.db.taxRate.count({ where }),
    rows: (query) => ctx.db.taxRate.findMany(query),
  });
}
