// Loading and locking contracts, and the one "cannot … in this state" error (notAllowed). Every mutation runs in
// a transaction that first locks the contract row, so concurrent changes serialise and contract_version counts
// every one of them.

import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { lockAccountRow } from "@/server/domain/rowLock";
import type { Prisma } from "@/server/generated/prisma/client";

/** The columns of a run a contract shows (latest_billing_run, initial_billing_run). */
export const runSummarySelect = {
  id: true,
  kind: true,
  state: true,
  periodStartAt: true,
  periodEndAt: true,
  total: true,
  attemptCount: true,
} as const satisfies Prisma.BillingRunSelect;

export const contractInclude = {
  customer: true,
  items: { orderBy: { id: "asc" } },
  pauses: { orderBy: [{ startAt: "asc" }, { id: "asc" }] },
  credits: { select: { amount: true } },
  // pending scheduled item changes only (scheduled_changes extension)
  scheduledChanges: { where: { state: "scheduled" }, orderBy: [{ effectiveAt: "asc" }, { id: "asc" }] },
  // the discount running on the contract (coupons extension)
  discount: { include: { coupon: true, promotionCode: true } },
  // latest_billing_run: the run with the latest billed period (then the newest), see docs/decisions.md; a
  // canceled run (the payment of a change pending until paid that failed) billed nothing
  billingRuns: {
    where: { state: { not: "voided" } },
    orderBy: [{ periodEndAt: "desc" }, { id: "desc" }],
    take: 1,
    select: runSummarySelect,
  },
} satisfies Prisma.SubscriptionContractInclude;

export type ContractRecord = Prisma.SubscriptionContractGetPayload<{ include: typeof contractInclude }>;

export async function loadContract(db: DbTx, accountId: number, id: number): Promise<ContractRecord> {
  const contract = await db.subscriptionContract.findFirst({ where: { id, accountId }, include: contractInclude });
  if (!contract) throw notFound();
  return contract;
}

/** Runs `fn` in a transaction holding the contract's row lock; 404 for another account's contract. */
export async function withLockedContract<T>(
  ctx: Ctx,
  id: number,
  fn: (tx: DbTx, c: ContractRecord) => Promise<T>,
): Promise<T> {
  return ctx.db.$transaction(
    async (tx) => {
      await lockAccountRow(tx, "subscription_contracts", id, ctx.accountId);
      return fn(tx, await loadContract(tx, ctx.accountId, id));
    },
    { timeout: 20_000, maxWait: 20_000 },
  );
}

/** Like withLockedContract, but gives up (null) when another worker holds the contract. */
export async function withContractIfFree<T>(
  ctx: Ctx,
  id: number,
  fn: (tx: DbTx, c: ContractRecord) => Promise<T>,
): Promise<T | null> {
  return ctx.db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<
        { id: number }[]
      >`select id from subscription_contracts where id = ${id} and account_id = ${ctx.accountId} for update skip locked`;
      if (!rows.length) return null;
      return fn(tx, await loadContract(tx, ctx.accountId, id));
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}

/**
 * A contract's fields once it is canceled (spec 3.1): canceled at `canceledAt`, service ended at `endedAt`
 * (an immediate cancel and a trial ended without a card: the same instant; a scheduled one: when it was due).
 */
export const canceledContractFields = (canceledAt: Date, endedAt: Date) => ({
  state: "canceled",
  cancelAtPeriodEnd: false,
  canceledAt,
  endedAt,
  recurring: false,
  nextBillingAt: null,
});

/**
 * The data of every contract update that changes the contract: contract_version + 1 and updated_at (on the
 * injected clock) with the rest of the change. Callers hold the contract's row lock.
 */
export function withVersionBump(
  now: Date,
  data: Prisma.SubscriptionContractUpdateInput = {},
): Prisma.SubscriptionContractUpdateInput {
  return { ...data, contractVersion: { increment: 1 }, updatedAt: now };
}

/** 400: `what` cannot be done in the contract's state; `because` words it better for some states. */
export const notAllowed = (c: { state: string }, what: string, because: Partial<Record<string, string>> = {}) =>
  invalid("non_field_errors", because[c.state] ?? `Cannot ${what} a contract in state '${c.state}'.`);
