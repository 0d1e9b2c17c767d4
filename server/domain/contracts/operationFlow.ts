// The shared shape of contract changes (items add/update/remove, cancel, pause, resume, restart):
// plan → proration lines → settlement → apply, with the same plan serving proration-preview. An item change
// with payment_behavior=pending_if_incomplete that bills a charge now stops before "apply": its adjustment
// run is created already claimed and holds the change (pendingChange.ts) until the payment's outcome.
import { randomBytes } from "node:crypto";
import Decimal from "decimal.js";
import type { DbTx } from "@/server/db";
import { defaultPaymentBehavior } from "@/server/domain/accounts/settings";
import type { Ctx } from "@/server/domain/context";
import { DomainError, invalid } from "@/server/domain/errors";
import { type EventType, emitEvent } from "@/server/domain/events/outbox";
import { fenceIdempotency } from "@/server/domain/idempotency/fence";
import { fmt4, fmt6 } from "@/server/domain/money";
import { type CatalogSnapshot, catalogSnapshot } from "@/server/domain/offers/snapshot";
import { iso } from "@/server/domain/time";
import type { ContractOut, Operation, PaymentBehavior, ProrationPreviewOut } from "@/server/schemas/contracts";
import { createAdjustmentRun } from "./adjustmentRun";
import { viewContractById } from "./contractResponse";
import { type ContractRecord, loadContract, withLockedContract, withVersionBump } from "./contractRows";
import { grantCredit } from "./creditLedger";
import { lineGross, type ProrationLine, pendingAsRunLine, presentProrationLine } from "./lines";
import { linesDigest, type PendingChange, refuseWhileAwaitingPayment } from "./pendingChange";
import { checkPreviewClaims, digest, PREVIEW_TTL_MS, paramsHash, readPreview, signPreview } from "./previewToken";

export interface CommonInput {
  proration_behavior?: "none" | "create_prorations" | "always_invoice";
  settlement_behavior?: "next_invoice" | "invoice_now" | "credit_balance";
  include_pending_adjustments?: boolean;
  reason?: string;
  idempotency_key?: string;
  preview_token?: string;
  effective_at?: string;
  /** item operations only (extension); omitted: the account's item_change_payment_behavior */
  payment_behavior?: PaymentBehavior;
}

/** The operations payment_behavior applies to (spec 4.6 item changes). */
const ITEM_OPERATIONS: ReadonlySet<Operation> = new Set(["add_item", "update_item", "remove_item"]);

export interface Plan {
  lines: ProrationLine[];
  resultingState: string;
  /** whether the contract keeps billing afterwards (a credit cannot wait for a next invoice otherwise) */
  continues: boolean;
  apply(tx: DbTx): Promise<{ event: EventType; contractItemId?: number | null }>;
}

export interface PlanArgs<I> {
  ctx: Ctx;
  contract: ContractRecord;
  input: I;
  at: Date;
  now: Date;
  catalog: CatalogSnapshot;
  prorate: boolean;
}
export type Planner<I> = (a: PlanArgs<I>) => Plan;

const DEFAULT_SETTLEMENT: Record<Operation, "next_invoice" | "credit_balance"> = {
  add_item: "next_invoice",
  update_item: "next_invoice",
  remove_item: "next_invoice",
  cancel: "credit_balance",
  pause: "credit_balance",
  resume: "next_invoice",
  restart: "next_invoice",
};
const DEFAULT_PRORATION: Record<Operation, "none" | "create_prorations"> = {
  add_item: "create_prorations",
  update_item: "create_prorations",
  remove_item: "create_prorations",
  cancel: "none",
  pause: "none",
  resume: "none",
  restart: "none",
};

interface Settlement {
  prorationBehavior: string;
  settlementBehavior: string;
  includePending: boolean;
  invoiceNow: ProrationLine[];
  nextInvoice: ProrationLine[];
  credit: Decimal;
  pending: Decimal;
}

export function settle(op: Operation, input: CommonInput, plan: Plan, pendingTotal: Decimal): Settlement {
  const behavior = input.proration_behavior ?? DEFAULT_PRORATION[op];
  const settlement =
    behavior === "always_invoice" ? "invoice_now" : (input.settlement_behavior ?? DEFAULT_SETTLEMENT[op]);
  const includePending = input.include_pending_adjustments ?? false;
  if (includePending && settlement !== "invoice_now")
    throw invalid(
      "include_pending_adjustments",
      "include_pending_adjustments is valid only with settlement_behavior=invoice_now.",
    );
  const net = plan.lines.reduce((a, l) => a.plus(lineGross(l)), new Decimal(0));
  const out: Settlement = {
    prorationBehavior: behavior,
    settlementBehavior: settlement,
    includePending,
    invoiceNow: [],
    nextInvoice: [],
    credit: new Decimal(0),
    pending: includePending ? pendingTotal : new Decimal(0),
  };
  if (!plan.lines.length) return out;
  // decimal.js: isPositive() is true for zero, so compare with 0 explicitly
  if (net.lt(0) && (settlement !== "next_invoice" || !plan.continues)) out.credit = net.negated();
  else if (settlement === "invoice_now" && net.gt(0)) out.invoiceNow = plan.lines;
  else if (plan.continues) out.nextInvoice = plan.lines;
  return out;
}

export function previewBody(
  op: Operation,
  contract: ContractRecord,
  at: Date,
  plan: Plan,
  settlement: Settlement,
): Omit<ProrationPreviewOut, "preview_token" | "expires_at"> {
  const sum = (f: (l: ProrationLine) => Decimal, ls = plan.lines) => ls.reduce((a, l) => a.plus(f(l)), new Decimal(0));
  return {
    operation: op,
    contract_id: contract.id,
    contract_version: contract.contractVersion,
    effective_at: iso(at),
    proration_behavior: settlement.prorationBehavior,
    settlement_behavior: settlement.settlementBehavior,
    include_pending_adjustments: settlement.includePending,
    lines: plan.lines.map(presentProrationLine),
    subtotal_amount: fmt4(sum((l) => l.subtotal)),
    tax_amount: fmt4(sum((l) => l.tax)),
    total_amount: fmt4(sum(lineGross)),
    invoice_now_amount: fmt4(
      sum(lineGross, settlement.invoiceNow).plus(settlement.invoiceNow.length ? settlement.pending : 0),
    ),
    next_invoice_amount: fmt4(sum(lineGross, settlement.nextInvoice)),
    credit_amount: fmt4(settlement.credit),
    pending_adjustments_amount: fmt4(settlement.pending),
    resulting_state: plan.resultingState,
  };
}

async function pendingTotal(db: DbTx, contractId: number): Promise<Decimal> {
  const rows = await db.pendingLine.findMany({
    where: { contractId, billingRunId: null },
    select: { subtotal: true, tax: true },
  });
  return rows.reduce((a, r) => a.plus(r.subtotal.toString()).plus(r.tax.toString()), new Decimal(0));
}

function effectiveAt(input: CommonInput, now: Date): Date {
  return input.effective_at ? new Date(input.effective_at) : now;
}

/** The planner's plan, prorating unless the input (or the operation's default) says "none". */
function runPlanner<I extends CommonInput>(
  op: Operation,
  planner: Planner<I>,
  args: Omit<PlanArgs<I>, "prorate">,
): Plan {
  // nothing was charged for a trial, so changes during it prorate nothing (the first run bills what is left)
  const inTrial = !!args.contract.trialEndAt && args.at < args.contract.trialEndAt;
  return planner({
    ...args,
    prorate: !inTrial && (args.input.proration_behavior ?? DEFAULT_PRORATION[op]) !== "none",
  });
}

export async function previewOperation<I extends CommonInput>(
  ctx: Ctx,
  contractId: number,
  op: Operation,
  input: I,
  planner: Planner<I>,
): Promise<ProrationPreviewOut> {
  const contract = await loadContract(ctx.db, ctx.accountId, contractId);
  const now = ctx.clock.now();
  const at = effectiveAt(input, now);
  const catalog = await catalogSnapshot(ctx);
  const plan = runPlanner(op, planner, { ctx, contract, input, at, now, catalog });
  const settlement = settle(op, input, plan, await pendingTotal(ctx.db, contract.id));
  const body = previewBody(op, contract, at, plan, settlement);
  const expiresAt = now.getTime() + PREVIEW_TTL_MS;
  const token = await signPreview({
    contractId: contract.id,
    contractVersion: contract.contractVersion,
    operation: op,
    paramsHash: paramsHash(input as Record<string, unknown>),
    effectiveAt: iso(at),
    amountsDigest: digest(body),
    expiresAt,
  });
  return { ...body, preview_token: token, expires_at: iso(new Date(expiresAt)) };
}

export interface OperationResult {
  contract: ContractOut;
  preview: Omit<ProrationPreviewOut, "preview_token" | "expires_at">;
  contractItemId: number | null;
  adjustmentRunId: number | null;
  /**
   * pending_if_incomplete only: "awaiting_payment" while the adjustment run (created claimed) still has to
   * be charged or settled, and the contract is unchanged; "applied" once the change is in the contract.
   */
  changeState?: "applied" | "awaiting_payment";
}

/** The planner's plan on a contract the caller holds locked, with the catalog read through that transaction. */
export async function planLocked<I extends CommonInput>(
  ctx: Ctx,
  tx: DbTx,
  contract: ContractRecord,
  op: Operation,
  input: I,
  planner: Planner<I>,
  at: Date,
  now: Date,
): Promise<Plan> {
  // through the transaction: another pool connection while holding this one can deadlock under load
  const catalog = await catalogSnapshot({ ...ctx, db: tx as Ctx["db"] });
  return runPlanner(op, planner, { ctx, contract, input, at, now, catalog });
}

export async function executeOperation<I extends CommonInput>(
  ctx: Ctx,
  contractId: number,
  op: Operation,
  input: I,
  planner: Planner<I>,
): Promise<OperationResult> {
  // read before the lock: the secret may need its own database read on a process's first use
  const claims = input.preview_token ? await readPreview(input.preview_token) : null;
  return withLockedContract(ctx, contractId, async (tx, contract) => {
    const now = ctx.clock.now();
    if (input.preview_token) checkPreviewClaims(claims, contract, op, input as Record<string, unknown>, now);
    const at = claims ? new Date(claims.effectiveAt) : effectiveAt(input, now);
    const plan = await planLocked(ctx, tx, contract, op, input, planner, at, now);
    const settlement = settle(op, input, plan, await pendingTotal(tx, contract.id));
    const body = previewBody(op, contract, at, plan, settlement);
    if (claims && claims.amountsDigest !== digest(body))
      throw new DomainError(
        "validation",
        "stale",
        { preview_token: ["The amounts differ from the preview; preview again."] },
        "preview_stale",
      );

    // item changes only: the request's payment_behavior, else the account's (allow_incomplete unless set)
    const paymentBehavior = ITEM_OPERATIONS.has(op)
      ? (input.payment_behavior ?? (await defaultPaymentBehavior(tx, ctx.accountId)))
      : null;
    // pending until paid: only the run is written now, claimed so that no worker charges it before we do
    if (paymentBehavior === "pending_if_incomplete" && settlement.invoiceNow.length) {
      await refuseWhileAwaitingPayment(tx, contract.id);
      const pendingChange: PendingChange = {
        operation: op,
        input: withoutRequestFields(input),
        effective_at: iso(at),
        planned_at: iso(now),
        contract_version: contract.contractVersion,
        lines_digest: linesDigest(contract.contractVersion, plan.lines),
        actor: ctx.actor ?? null,
        state: "awaiting_payment",
      };
      const adjustmentRunId = await record(tx, ctx, contract, op, settlement, now, input.reason, pendingChange);
      return {
        contract: await viewContractById(ctx, tx, contract.id),
        preview: body,
        contractItemId: null,
        adjustmentRunId,
        changeState: "awaiting_payment" as const,
      };
    }

    const { event, contractItemId = null } = await plan.apply(tx);
    const adjustmentRunId = await record(tx, ctx, contract, op, settlement, now, input.reason);
    await tx.subscriptionContract.update({ where: { id: contract.id }, data: withVersionBump(now) });
    const view = await viewContractById(ctx, tx, contract.id);
    await emitEvent(tx, ctx.accountId, event, view, now, ctx.actor);
    // lines again after apply: an added item's line now carries the new contract item id
    const result: OperationResult = {
      contract: view,
      preview: { ...body, lines: plan.lines.map(presentProrationLine) },
      contractItemId,
      adjustmentRunId,
      ...(paymentBehavior === "pending_if_incomplete" ? { changeState: "applied" as const } : {}),
    };
    // an idempotency key's outcome commits with the change, or neither does (a retry took the key over)
    await fenceIdempotency(tx, ctx, { type: "subscription_contract", id: contract.id }, result);
    return result;
  });
}

/** The fields a pending change is applied with later: not the token or key of the request that asked for it. */
function withoutRequestFields({ preview_token: _t, idempotency_key: _k, ...rest }: CommonInput) {
  return rest as Record<string, unknown>;
}

/** Writes the settlement: credit grant, pending lines for the next run, or an adjustment run due now. */
async function record(
  tx: DbTx,
  ctx: Ctx,
  contract: ContractRecord,
  op: Operation,
  settlement: Settlement,
  now: Date,
  reason?: string,
  pendingChange?: PendingChange,
): Promise<number | null> {
  if (settlement.credit.gt(0)) {
    await grantCredit(tx, contract, settlement.credit, reason ?? `${op} proration`, op, now);
  }
  const lineData = (line: ProrationLine) => ({
    contractItemId: line.contractItemId,
    priceId: line.priceId,
    priceVersionId: line.versionId,
    productName: line.productName,
    quantity: line.quantity,
    unitAmount: fmt4(line.unitAmount),
    prorationFactor: fmt6(line.factor),
    lineTotal: fmt4(line.lineTotal),
    subtotal: fmt4(line.subtotal),
    tax: fmt4(line.tax),
    servicePeriodStartAt: line.start,
    servicePeriodEndAt: line.end,
    prorationReason: line.reason,
    description: line.description,
  });
  for (const l of settlement.nextInvoice)
    await tx.pendingLine.create({ data: { ...lineData(l), accountId: ctx.accountId, contractId: contract.id } });
  if (!settlement.invoiceNow.length) return null;
  const pending = settlement.includePending
    ? await tx.pendingLine.findMany({ where: { contractId: contract.id, billingRunId: null } })
    : [];
  const all = [
    ...settlement.invoiceNow.map((l) => ({ ...lineData(l), kind: "proration" as const })),
    ...pending.map(pendingAsRunLine),
  ];
  return createAdjustmentRun(
    tx,
    contract,
    {
      lines: all,
      pendingLineIds: pending.map((p) => p.id),
      // a pending change leaves the version as it is, so a second try at the same instant needs a key of its own
      periodKey: `adjustment:${now.getTime()}:${contract.contractVersion}${pendingChange ? `:pending:${randomBytes(6).toString("hex")}` : ""}`,
      metadata: {
        operation: op,
        ...(reason ? { reason } : {}),
        ...(pendingChange ? { pending_change: pendingChange } : {}),
      },
      claimed: !!pendingChange,
    },
    now,
  );
}
