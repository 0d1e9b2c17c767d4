// What an export kind is: its filters (read from a URL query, the list page's own), its columns and a loader
// that reads one keyset batch at a time, so an export of any size holds one batch in memory.

import type { z } from "zod";
import { utcTypes } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { Prisma } from "@/server/generated/prisma/client";
import { pgPoolFor } from "@/server/replica";
import type { Cell, Column } from "./encode";

export interface Batch<C> {
  rows: Cell[][];
  /** Where the next batch starts; null when this was the last. */
  next: C | null;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every filter and cursor type
export interface ExportKind<F = any, C = any> {
  /** What the export holds, for the document and the console ("Contracts"). */
  title: string;
  /** Which list page's filters it takes and in what order rows come. */
  description: string;
  /** The list page's filters, read from a URL query (schemas/consoleLists.ts `fromQuery`). */
  filters: z.ZodType<F>;
  columns: readonly Column[];
  /** Rows after `cursor` (null: from the start), at most `limit`, in the kind's order. */
  batch(ctx: Ctx, filters: F, cursor: C | null, limit: number): Promise<Batch<C>>;
}

export const defineExportKind = <F, C>(kind: ExportKind<F, C>) => kind;

/** Columns from `[name, type]` pairs, in the order the rows hold them. */
export const columns = (...pairs: [string, Column["type"]][]): Column[] =>
  pairs.map(([name, type]) => ({ name, type }));

/**
 * The common loader: a SQL query whose rows carry the columns by name and an integer `id`, read in id
 * order after the last id of the previous batch (its `where` holds `after(…)`). Straight through the pg pool:
 * the ORM's row mapping cost more than the query on large exports.
 */
export async function idBatch(
  ctx: Ctx,
  cols: readonly Column[],
  limit: number,
  query: (limit: number) => Prisma.Sql,
): Promise<Batch<number>> {
  const sql = query(limit);
  const found = (
    await pgPoolFor(ctx).query<Record<string, Cell>>({ text: sql.text, values: sql.values, types: utcTypes })
  ).rows;
  const rows = found.map((r) => cols.map((c) => r[c.name]));
  return { rows, next: found.length < limit ? null : Number(found[found.length - 1].id) };
}

/** `column > after`, or nothing before the first batch. */
export const after = (column: Prisma.Sql, cursor: number | null) =>
  cursor === null ? Prisma.sql`true` : Prisma.sql`${column} > ${cursor}`;
