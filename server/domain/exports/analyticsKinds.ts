// Export kind of revenue analytics: the MRR movements of the analytics page's range and currency, one row per
// customer, month and currency that moved (the drill-down's rows), so a spreadsheet's sums per month and kind
// are the page's figures.
import type { z } from "zod";
import { customerMonthRows, ensureCustomerMonths, readAfter } from "@/server/domain/analytics/customerMonths";
import { monthRange } from "@/server/domain/analytics/range";
import { fmt4 } from "@/server/domain/money";
import { Prisma } from "@/server/generated/prisma/client";
import { analyticsQuery } from "@/server/schemas/analytics";
import { fromQuery } from "@/server/schemas/consoleLists";
import type { Cell } from "./encode";
import { columns, defineExportKind } from "./kind";

const movementFilters = fromQuery(analyticsQuery);
type MovementFilters = z.infer<typeof movementFilters>;

const movementColumns = columns(
  ["month", "text"],
  ["currency", "text"],
  ["kind", "text"],
  ["customer_id", "int"],
  ["customer_reference", "text"],
  ["customer_name", "text"],
  ["opening_mrr", "money"],
  ["closing_mrr", "money"],
  ["amount", "money"],
  ["contract_ids", "json"],
);

/** Where the next batch starts: the last row's month, currency and customer. */
type MovementCursor = [string, string, number];

interface MovementRow {
  month: string;
  currency: string;
  kind: string;
  customer_id: number;
  reference: string | null;
  name: string | null;
  o: string;
  c: string;
  amount: string;
  contract_ids: number[];
}

export const mrrMovementsExport = defineExportKind({
  title: "MRR movements",
  description:
    "The analytics page's range (`from`, `to`: YYYY-MM in the account's display time zone; default the 12 months to now) and `currency`; one row per customer, month and currency whose MRR moved, by month, currency and customer. `amount` is closing − opening: the sums per month and kind are the page's movements.",
  filters: movementFilters,
  columns: movementColumns,
  async batch(ctx, f: MovementFilters, cursor: MovementCursor | null, limit) {
    const range = await monthRange(ctx, f);
    const scope = {
      accountId: ctx.accountId,
      zone: range.zone,
      now: range.now,
      current: range.current,
      currency: f.currency,
    };
    const { db } = readAfter(ctx, await ensureCustomerMonths(ctx, scope));
    const rows = customerMonthRows(scope, { from: range.from, to: range.to }, Prisma.sql`and kind is not null`);
    const after = cursor
      ? Prisma.sql`where (r.month, r.currency, r.customer_id) > (${cursor[0]}, ${cursor[1]}, ${cursor[2]}::int)`
      : Prisma.empty;
    const found = await db.$queryRaw<MovementRow[]>`
      select r.month, r.currency, r.kind, r.customer_id, cu.reference, cu.name, r.o::text, r.c::text,
             (r.c - r.o)::text as amount, r.contract_ids
      from ${rows} r join customers cu on cu.id = r.customer_id
      ${after}
      order by r.month, r.currency, r.customer_id limit ${limit}`;
    const out = found.map((r): Cell[] => [
      r.month,
      r.currency,
      r.kind,
      r.customer_id,
      r.reference,
      r.name,
      fmt4(r.o),
      fmt4(r.c),
      fmt4(r.amount),
      r.contract_ids,
    ]);
    const last = found[found.length - 1];
    return { rows: out, next: found.length < limit ? null : [last.month, last.currency, last.customer_id] };
  },
});
