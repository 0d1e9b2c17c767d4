// What the customer portal (/portal) shows: every contract of the customer with the subscriber page's own view
// of it (state, next charge, notices, billing history: selfService/page.ts, the same rules), all receipts and
// credit notes, and the customer's cards with whether a live contract needs each. Read-only.
import { pickPaymentMethod } from "@/server/domain/billing/execute";
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { fmt4 } from "@/server/domain/money";
import { CHARGE_ORDER } from "@/server/domain/payments/chargeOrder";
import { listPaymentMethods } from "@/server/domain/payments/methods";
import { formatCreditNoteNumber } from "@/server/domain/refunds/number";
import { subscriberPageView } from "@/server/domain/selfService/page";
import { iso } from "@/server/domain/time";

/** Contracts the portal shows in full (newest first); a customer with more sees the rest listed only. */
const SHOWN_CONTRACTS = 20;
const LIVE = ["active", "paused", "inactive"];

/** A ctx acting as the subscriber of `contractId`, as the subscriber page does (events and audit name it). */
export const asSubscriber = (ctx: Ctx, contractId: number): Ctx => ({
  ...ctx,
  actor: { type: "subscriber", id: contractId },
});

/** The customer's contract `contractId` (with its page token), or 404 for anyone else's. */
export async function customerContract(ctx: Ctx, customerId: number, contractId: number) {
  const c = await ctx.db.subscriptionContract.findFirst({
    where: { id: contractId, accountId: ctx.accountId, customerId },
    select: { id: true, subscriberToken: true, state: true, currency: true, paymentProcessorOverride: true },
  });
  if (!c) throw notFound();
  return c;
}

export async function portalView(ctx: Ctx, customerId: number) {
  const customer = await ctx.db.customer.findFirst({ where: { id: customerId, accountId: ctx.accountId } });
  if (!customer) throw notFound();
  const rows = await ctx.db.subscriptionContract.findMany({
    where: { accountId: ctx.accountId, customerId },
    orderBy: { id: "desc" },
    select: { id: true, subscriberToken: true, state: true, currency: true, paymentProcessorOverride: true },
  });
  const ids = rows.map((r) => r.id);
  const contracts = [];
  for (const r of rows.slice(0, SHOWN_CONTRACTS)) {
    const view = await subscriberPageView(asSubscriber(ctx, r.id), r.id, r.subscriberToken);
    contracts.push({
      ...view,
      // the portal's own document links (its cookie, not the contract's token)
      runs: view.runs.map((run) => ({ ...run, receipt_url: run.receipt_url ? `/portal/receipts/${run.id}` : null })),
      credit_notes: view.credit_notes.map((n) => ({ ...n, url: `/portal/credit-notes/${n.id}` })),
    });
  }
  const [receipts, creditNotes, methods] = await Promise.all([
    ctx.db.billingRun.findMany({
      where: { accountId: ctx.accountId, contractId: { in: ids }, state: "succeeded" },
      orderBy: [{ scheduledAt: "desc" }, { id: "desc" }],
      take: 100,
      select: { id: true, contractId: true, scheduledAt: true, total: true, currency: true },
    }),
    ctx.db.creditNote.findMany({
      where: { accountId: ctx.accountId, contractId: { in: ids } },
      orderBy: { number: "desc" },
      take: 100,
      select: { id: true, contractId: true, number: true, issuedAt: true, total: true, currency: true },
    }),
    listPaymentMethods(ctx, customer.reference),
  ]);
  // a card a live contract would be charged on now is needed: it cannot be removed
  const needed = new Set<number>();
  // the default card: the one of the highest charge rank among the verified ones
  const [defaultCard] = await ctx.db.paymentMethod.findMany({
    where: { accountId: ctx.accountId, customerId, state: "active", verified: true },
    orderBy: [...CHARGE_ORDER],
    take: 1,
    select: { id: true },
  });
  for (const r of rows.filter((x) => LIVE.includes(x.state))) {
    const m = await pickPaymentMethod(ctx.db, { customerId, currency: r.currency, kind: "recurring" }, r);
    if (m) needed.add(m.id);
  }
  return {
    customer: {
      reference: customer.reference,
      name: customer.name,
      email: customer.email,
      billing_address: customer.billingAddress as Record<string, string> | null,
      tax_id: customer.taxId,
    },
    contracts,
    more_contracts: Math.max(0, rows.length - SHOWN_CONTRACTS),
    receipts: receipts.map((r) => ({
      billing_run_id: r.id,
      contract_id: r.contractId,
      date: iso(r.scheduledAt),
      total_amount: fmt4(r.total),
      currency: r.currency,
      url: `/portal/receipts/${r.id}`,
    })),
    credit_notes: creditNotes.map((n) => ({
      id: n.id,
      contract_id: n.contractId,
      number: formatCreditNoteNumber(n.number),
      issued_at: iso(n.issuedAt),
      total_amount: fmt4(n.total),
      currency: n.currency,
      url: `/portal/credit-notes/${n.id}`,
    })),
    cards: methods.results.map((m) => ({
      id: m.id,
      brand: m.card?.brand ?? m.collection_method,
      last4: m.card?.last4 ?? null,
      exp_month: m.card?.exp_month ?? null,
      exp_year: m.card?.exp_year ?? null,
      in_use: needed.has(m.id),
      is_default: m.id === defaultCard?.id,
      verified: m.verified,
    })),
  };
}

export type PortalView = Awaited<ReturnType<typeof portalView>>;
