// What the REST routes and the console call: issue a credit note (or a refund) on a run and send its refund
// to the processor, then answer the note as it stands; read credit notes by id, by run, by contract.
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { type ListResult, type PageRequest, pagedList } from "@/server/domain/list";
import type { SandboxWebhookReceiver } from "@/server/domain/payments/sandboxTokenization";
import { type CreditNoteInput, type CreditNoteMode, issueCreditNote } from "./creditNotes";
import { type CreditNoteOut, creditNoteInclude, presentCreditNote } from "./present";
import { sendRefund } from "./refunds";

export async function creditRun(
  ctx: Ctx,
  runId: number,
  input: CreditNoteInput,
  mode: CreditNoteMode,
  receiver: SandboxWebhookReceiver = null,
) {
  const { creditNote, refundId } = await issueCreditNote(ctx, runId, input, mode);
  if (refundId !== null) await sendRefund(ctx, refundId, receiver);
  return getCreditNote(ctx, creditNote.id);
}

export async function getCreditNote(ctx: Ctx, id: number) {
  const row = await ctx.db.creditNote.findFirst({
    where: { id, accountId: ctx.accountId },
    include: creditNoteInclude,
  });
  if (!row) throw notFound();
  return presentCreditNote(row);
}

/**
 * Credit notes of a run, a contract or a customer, newest first: one page of them, counted, when `page` is
 * given (the console's detail pages), else at most the 200 newest (the REST list).
 */
export async function listCreditNotes(
  ctx: Ctx,
  query: { run?: number; contract?: number; customer?: number; page?: PageRequest },
): Promise<ListResult<CreditNoteOut>> {
  const where = {
    accountId: ctx.accountId,
    ...(query.run ? { runId: query.run } : {}),
    ...(query.contract ? { contractId: query.contract } : {}),
    ...(query.customer ? { customerId: query.customer } : {}),
  };
  return pagedList(
    query.page,
    () => ctx.db.creditNote.count({ where }),
    (window) =>
      ctx.db.creditNote.findMany({
        where,
        include: creditNoteInclude,
        orderBy: { number: "desc" },
        ...(window ?? { skip: 0, take: 200 }),
      }),
    presentCreditNote,
  );
}
export async function pageCreditNotes(
  ctx: Ctx,
  input: { page: number; pageSize: number; kind?: "refund" | "credit" | "dispute" },
) {
  const where = { accountId: ctx.accountId, ...(input.kind ? { kind: input.kind } : {}) };
  const [count, rows] = await Promise.all([
    ctx.db.creditNote.count({ where }),
    ctx.db.creditNote.findMany({
      where,
      include: creditNoteInclude,
      orderBy: { number: "desc" },
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
    }),
  ]);
  const customers = await ctx.db.customer.findMany({
    where: { accountId: ctx.accountId, id: { in: [...new Set(rows.map((r) => r.customerId))] } },
    select: { id: true, reference: true },
  });
  const reference = new Map(customers.map((c) => [c.id, c.reference]));
  return {
    count,
    count_capped: false,
    page: input.page,
    page_size: input.pageSize,
    results: rows.map((r) => ({ ...presentCreditNote(r), customer_reference: reference.get(r.customerId) ?? "" })),
  };
}
