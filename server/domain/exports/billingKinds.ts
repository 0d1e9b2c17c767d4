// Export kinds of money: billing runs, their lines, receipts and credit notes, with the billing run list's
// filters (credit notes: the credit note list's), in id order. Amounts are the stored four-digit decimals as text.
import { runWhere } from "@/server/domain/consoleLists/runList";
import { formatReceiptNumber } from "@/server/domain/receipts/number";
import { formatCreditNoteNumber } from "@/server/domain/refunds/number";
import { Prisma } from "@/server/generated/prisma/client";
import { creditNoteListFilters, fromQuery, runListFilters } from "@/server/schemas/consoleLists";
import { after, columns, defineExportKind, idBatch } from "./kind";

const runFilters = fromQuery(runListFilters);

const runColumns = columns(
  ["id", "int"],
  ["contract_id", "int"],
  ["customer_id", "int"],
  ["customer_reference", "text"],
  ["kind", "text"],
  ["state", "text"],
  ["currency", "text"],
  ["subtotal", "money"],
  ["tax", "money"],
  ["total", "money"],
  ["credit_applied", "money"],
  ["period_start_at", "instant"],
  ["period_end_at", "instant"],
  ["scheduled_at", "instant"],
  ["attempt_count", "int"],
  ["next_attempt_at", "instant"],
  ["receipt_number", "text"],
  ["created_at", "instant"],
);

/** A receipt number column read as the documents print it. */
const withReceiptNumbers = <T extends { rows: unknown[][] }>(batch: T, index: number) => {
  for (const row of batch.rows) if (typeof row[index] === "number") row[index] = formatReceiptNumber(row[index]);
  return batch;
};

export const billingRunsExport = defineExportKind({
  title: "Billing runs",
  description: "The billing run list's filters; one row per run, oldest first.",
  filters: runFilters,
  columns: runColumns,
  batch: async (ctx, f, cursor: number | null, limit) =>
    withReceiptNumbers(
      await idBatch(
        ctx,
        runColumns,
        limit,
        (n) => Prisma.sql`
      select r.id, r.contract_id, r.customer_id, cu.reference as customer_reference, r.kind, r.state, r.currency,
        r.subtotal::text as subtotal, r.tax::text as tax, r.total::text as total, r.credit_applied::text as credit_applied,
        r.period_start_at, r.period_end_at, r.scheduled_at, r.attempt_count, r.next_attempt_at, r.receipt_number, r.created_at
      from billing_runs r join customers cu on cu.id = r.customer_id
      where ${runWhere(ctx, f)} and ${after(Prisma.sql`r.id`, cursor)}
      order by r.id limit ${n}`,
      ),
      runColumns.findIndex((c) => c.name === "receipt_number"),
    ),
});

const lineColumns = columns(
  ["id", "int"],
  ["billing_run_id", "int"],
  ["contract_id", "int"],
  ["customer_reference", "text"],
  ["run_state", "text"],
  ["currency", "text"],
  ["kind", "text"],
  ["description", "text"],
  ["product_name", "text"],
  ["price_id", "int"],
  ["quantity", "int"],
  ["unit_amount", "money"],
  ["proration_factor", "text"],
  ["subtotal", "money"],
  ["tax", "money"],
  ["line_total", "money"],
  ["service_period_start_at", "instant"],
  ["service_period_end_at", "instant"],
);

export const billingRunLinesExport = defineExportKind({
  title: "Billing run lines",
  description: "The lines of the runs the billing run list's filters select, with their run; oldest first.",
  filters: runFilters,
  columns: lineColumns,
  batch: (ctx, f, cursor: number | null, limit) =>
    idBatch(
      ctx,
      lineColumns,
      limit,
      (n) => Prisma.sql`
      select l.id, l.run_id as billing_run_id, r.contract_id, cu.reference as customer_reference, r.state as run_state,
        r.currency, l.kind, l.description, l.product_name, l.price_id, l.quantity, l.unit_amount::text as unit_amount,
        l.proration_factor::text as proration_factor, l.subtotal::text as subtotal, l.tax::text as tax,
        l.line_total::text as line_total, l.service_period_start_at, l.service_period_end_at
      from billing_run_lines l join billing_runs r on r.id = l.run_id join customers cu on cu.id = r.customer_id
      where ${runWhere(ctx, f)} and ${after(Prisma.sql`l.id`, cursor)}
      order by l.id limit ${n}`,
    ),
});

const receiptColumns = columns(
  ["receipt_number", "text"],
  ["id", "int"],
  ["billing_run_id", "int"],
  ["contract_id", "int"],
  ["customer_reference", "text"],
  ["issued_at", "instant"],
  ["currency", "text"],
  ["subtotal", "money"],
  ["tax", "money"],
  ["total", "money"],
  ["credit_applied", "money"],
  ["amount_paid", "money"],
);

export const receiptsExport = defineExportKind({
  title: "Receipts",
  description:
    "The receipts of succeeded runs the billing run list's filters select (`id` is the receipt's sequence); in number order.",
  filters: runFilters,
  columns: receiptColumns,
  batch: async (ctx, f, cursor: number | null, limit) =>
    withReceiptNumbers(
      await idBatch(
        ctx,
        receiptColumns,
        limit,
        (n) => Prisma.sql`
      select r.receipt_number, r.receipt_number as id, r.id as billing_run_id, r.contract_id, cu.reference as customer_reference,
        r.receipt_issued_at as issued_at, r.currency, r.subtotal::text as subtotal, r.tax::text as tax,
        r.total::text as total, r.credit_applied::text as credit_applied, (r.total - r.credit_applied)::text as amount_paid
      from billing_runs r join customers cu on cu.id = r.customer_id
      where ${runWhere(ctx, f)} and r.receipt_number is not null and ${after(Prisma.sql`r.receipt_number`, cursor)}
      order by r.receipt_number limit ${n}`,
      ),
      0,
    ),
});

const creditNoteColumns = columns(
  ["number", "text"],
  ["id", "int"],
  ["billing_run_id", "int"],
  ["receipt_number", "text"],
  ["contract_id", "int"],
  ["customer_reference", "text"],
  ["kind", "text"],
  ["reason", "text"],
  ["issued_at", "instant"],
  ["currency", "text"],
  ["subtotal", "money"],
  ["tax", "money"],
  ["total", "money"],
  ["refund_amount", "money"],
  ["credit_amount", "money"],
);

export const creditNotesExport = defineExportKind({
  title: "Credit notes",
  description: "The credit note list's filter (`kind`); in number order.",
  filters: fromQuery(creditNoteListFilters),
  columns: creditNoteColumns,
  batch: async (ctx, f, cursor: number | null, limit) => {
    const batch = await idBatch(
      ctx,
      creditNoteColumns,
      limit,
      (n) => Prisma.sql`
      select n.number, n.id, n.run_id as billing_run_id, r.receipt_number, n.contract_id, cu.reference as customer_reference,
        n.kind, n.reason, n.issued_at, n.currency, n.subtotal::text as subtotal, n.tax::text as tax, n.total::text as total,
        n.refund_amount::text as refund_amount, n.credit_amount::text as credit_amount
      from credit_notes n join billing_runs r on r.id = n.run_id join customers cu on cu.id = n.customer_id
      where n.account_id = ${ctx.accountId} ${f.kind ? Prisma.sql`and n.kind = ${f.kind}` : Prisma.empty}
        and ${after(Prisma.sql`n.id`, cursor)}
      order by n.id limit ${n}`,
    );
    for (const row of batch.rows) {
      row[0] = formatCreditNoteNumber(row[0] as number);
      if (typeof row[3] === "number") row[3] = formatReceiptNumber(row[3]);
    }
    return batch;
  },
});
