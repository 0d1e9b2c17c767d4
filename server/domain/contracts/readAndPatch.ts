// Contracts read and patched through the API: the filtered list, one contract, and PATCH of its metadata and
// other patchable fields.
import type { Ctx } from "@/server/domain/context";
import { emitEvent } from "@/server/domain/events/outbox";
import { type ListResult, type PageRequest, pageWindow } from "@/server/domain/list";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { checkProcessorOverride } from "@/server/domain/payments/override";
import type { Prisma } from "@/server/generated/prisma/client";
import type { ContractOut, ContractPatchInput } from "@/server/schemas/contracts";
import { presentContract, viewContract, viewContractById } from "./contractResponse";
import { contractInclude, withLockedContract, withVersionBump } from "./contractRows";
import { subscriberUrl } from "./subscriberPageAddress";

export interface ContractListQuery {
  state?: string;
  customer?: number;
  customer_reference?: string;
  page?: PageRequest;
}

/** Spec 4.6 List: fixed order, newest first (created_at, then id). */
export async function listContracts(ctx: Ctx, query: ContractListQuery): Promise<ListResult<ContractOut>> {
  const where: Prisma.SubscriptionContractWhereInput = { accountId: ctx.accountId };
  if (query.state) where.state = query.state;
  if (query.customer !== undefined) where.customerId = query.customer;
  if (query.customer_reference !== undefined) where.customer = { reference: query.customer_reference };
  const count = query.page ? await ctx.db.subscriptionContract.count({ where }) : 0;
  const rows = await ctx.db.subscriptionContract.findMany({
    where,
    include: contractInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...pageWindow(query.page, count),
  });
  const [catalog, base, initials] = await Promise.all([
    catalogSnapshot(ctx),
    subscriberUrl(ctx),
    ctx.db.billingRun.findMany({
      where: { contractId: { in: rows.map((r) => r.id) }, kind: "initial" },
      orderBy: { id: "asc" },
    }),
  ]);
  const now = ctx.clock.now();
  const initialOf = new Map(initials.reverse().map((r) => [r.contractId, r]));
  return {
    results: rows.map((r) => presentContract(r, catalog, now, base, initialOf.get(r.id) ?? null)),
    count: query.page ? count : rows.length,
    page: query.page,
  };
}

export async function getContract(ctx: Ctx, id: number): Promise<ContractOut> {
  return viewContractById(ctx, ctx.db, id);
}

/** Spec 4.6 Patch: only five fields; the schema rejects the rest. metadata is replaced as sent. */
export async function patchContract(ctx: Ctx, id: number, input: ContractPatchInput): Promise<ContractOut> {
  return withLockedContract(ctx, id, async (tx, contract) => {
    const data: Prisma.SubscriptionContractUpdateInput = {};
    if (input.metadata !== undefined) data.metadata = input.metadata as Prisma.InputJsonValue;
    if (input.payment_processor_override !== undefined) {
      await checkProcessorOverride(ctx, tx, input.payment_processor_override, contract.currency);
      data.paymentProcessorOverride = input.payment_processor_override;
    }
    if (input.delivery_address !== undefined)
      data.deliveryAddress = (input.delivery_address ?? null) as Prisma.InputJsonValue;
    if (input.accounting_department !== undefined) data.accountingDepartment = input.accounting_department;
    if (input.accounting_cost_center !== undefined) data.accountingCostCenter = input.accounting_cost_center;
    if (!Object.keys(data).length) return viewContract(ctx, tx, contract);
    await tx.subscriptionContract.update({ where: { id }, data: withVersionBump(ctx.clock.now(), data) });
    const view = await viewContractById(ctx, tx, id);
    await emitEvent(tx, ctx.accountId, "subscription_contract.updated", view, ctx.clock.now());
    return view;
  });
}
