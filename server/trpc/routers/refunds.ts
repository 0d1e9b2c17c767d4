// Money flowing back in the console: refunds and credit notes of a paid run (with their preview), void, mark
// paid and write off of an unpaid run, and the credit notes and disputes a page lists. Each procedure calls the
// domain function of its REST operation (server/http/endpoints/refunds.ts) with the same body schema plus the
// run's id, so the console previews and issues exactly what the API would.
import { z } from "zod";
import { markRunPaid, voidRun, writeOffRun } from "@/server/domain/billing/runActions";
import { sandboxWebhookReceiver } from "@/server/domain/checkouts/processorWebhook";
import { tablePage } from "@/server/domain/list";
import { previewCreditNote } from "@/server/domain/refunds/creditNotes";
import { creditRun, getCreditNote, listCreditNotes, pageCreditNotes } from "@/server/domain/refunds/creditRun";
import { listDisputes } from "@/server/domain/refunds/disputes";
import { idInput } from "@/server/schemas/common";
import { creditNoteBody, markPaidBody, refundBody, voidBody, writeOffBody } from "@/server/schemas/refunds";
import { byIdQuery, tablePageNumber } from "@/server/trpc/idProcedures";
import { protectedProcedure, router } from "@/server/trpc/init";

const run = { billing_run_id: idInput };

export const refundsRouter = router({
  /** POST …/credit-notes/preview/: the note a refund (`as: "refund"`) or a credit note would be; nothing is written. */
  preview: protectedProcedure
    .input(creditNoteBody.extend({ ...run, as: z.enum(["credit_note", "refund"]).default("credit_note") }))
    .query(({ ctx, input: { billing_run_id, as, ...body } }) =>
      previewCreditNote(ctx.domain, billing_run_id, body, as === "refund" ? "refund" : "credit"),
    ),
  /** POST …/refunds/: a credit note whose whole total goes back to the customer. */
  refund: protectedProcedure
    .input(refundBody.extend(run))
    .mutation(({ ctx, input: { billing_run_id, ...body } }) =>
      creditRun(ctx.domain, billing_run_id, body, "refund", sandboxWebhookReceiver(ctx.domain)),
    ),
  /** POST …/credit-notes/: refunded, credited to the contract's balance, or both. */
  creditNote: protectedProcedure
    .input(creditNoteBody.extend(run))
    .mutation(({ ctx, input: { billing_run_id, ...body } }) =>
      creditRun(ctx.domain, billing_run_id, body, "credit", sandboxWebhookReceiver(ctx.domain)),
    ),
  void: protectedProcedure
    .input(voidBody.extend(run))
    .mutation(({ ctx, input: { billing_run_id, ...body } }) => voidRun(ctx.domain, billing_run_id, body)),
  markPaid: protectedProcedure
    .input(markPaidBody.extend(run))
    .mutation(({ ctx, input: { billing_run_id, ...body } }) => markRunPaid(ctx.domain, billing_run_id, body)),
  writeOff: protectedProcedure
    .input(writeOffBody.extend(run))
    .mutation(({ ctx, input: { billing_run_id, ...body } }) => writeOffRun(ctx.domain, billing_run_id, body)),
  /**
   * Credit notes of a run, a contract or a customer (ids), newest first: one page of a detail page's table
   * (counted, by the table's own URL parameter).
   */
  creditNotes: protectedProcedure
    .input(
      z.object({
        billing_run_id: idInput.optional(),
        contract_id: idInput.optional(),
        customer_id: idInput.optional(),
        page: tablePageNumber,
      }),
    )
    .query(({ ctx, input }) =>
      listCreditNotes(ctx.domain, {
        run: input.billing_run_id,
        contract: input.contract_id,
        customer: input.customer_id,
        page: tablePage(input.page),
      }),
    ),
  /** /admin/credit-notes: every credit note of the account, one page at a time, newest first. */
  creditNotePage: protectedProcedure
    .input(
      z.object({
        page: z.number().int().min(1).max(100_000).default(1),
        pageSize: z.number().int().min(1).max(100).default(25),
        kind: z.enum(["refund", "credit", "dispute"]).optional(),
      }),
    )
    .query(({ ctx, input }) => pageCreditNotes(ctx.domain, input)),
  getCreditNote: byIdQuery(getCreditNote),
  disputes: protectedProcedure
    .input(z.object(run))
    .query(({ ctx, input }) => listDisputes(ctx.domain, { run: input.billing_run_id })),
});
