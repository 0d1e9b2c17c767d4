// One page of a console catalog list (tax rates, shipping options, billing schedules): the account's rows
// whose name contains the search (case-insensitive), filtered by active, oldest first, with the total.
import type { Ctx } from "@/server/domain/context";
import type { CatalogListInput } from "@/server/schemas/catalogAdmin";

export interface CatalogPage<T> {
  count: number;
  results: T[];
}

/** The `where` for a catalog list: the account, the active filter ("all" = both) and the name search. */
export function catalogListWhere(ctx: Ctx, input: CatalogListInput) {
  return {
    accountId: ctx.accountId,
    ...(input.active === "all" ? {} : { active: input.active === "true" }),
    ...(input.q ? { name: { contains: input.q, mode: "insensitive" as const } } : {}),
  };
}

/** skip/take of the page asked for (a page past the end is an empty page, as old links may point there). */
export const catalogListWindow = (input: CatalogListInput) => ({
  skip: (input.page - 1) * input.pageSize,
  take: input.pageSize,
});

/** What a catalog list reads: the rows of the page asked for, oldest first. */
export type CatalogPageQuery = ReturnType<typeof catalogListWindow> & {
  where: ReturnType<typeof catalogListWhere>;
  orderBy: { id: "asc" };
};

/** The page and the total: `read` counts and finds the model's rows for the query it is given. */
export async function catalogPage<Row, Out>(
  ctx: Ctx,
  input: CatalogListInput,
  present: (row: Row) => Out,
  read: {
    count: (where: CatalogPageQuery["where"]) => Promise<number>;
    rows: (query: CatalogPageQuery) => Promise<Row[]>;
  },
): Promise<CatalogPage<Out>> {
  const where = catalogListWhere(ctx, input);
  const [count, rows] = await Promise.all([
    read.count(where),
    read.rows({ where, orderBy: { id: "asc" }, ...catalogListWindow(input) }),
  ]);
  return { count, results: rows.map(present) };
}
