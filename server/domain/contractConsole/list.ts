// The console's contract list (fallback until contracts.list): filters on state, service state, customer,
// currency and billing attention, search by customer reference or contract id, sort by created or next
// billing, paginated; every query scoped by account. Rows are the REST contract's presentation.
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client";
import type { ContractOut } from "../../schemas/contracts";
import type { Ctx } from "../context";
import { catalogSnapshot } from "../offers/snapshot";
import { presentContract } from "../contracts/present";
import { contractInclude } from "../contracts/records";
import { subscriberUrl } from "../contracts/view";

const opt = <T extends z.ZodType>(s: T) => s.optional().catch(undefined);
export const consoleContractQuery = z.object({
  state: opt(z.enum(["inactive", "active", "paused", "canceled", "ended"])),
  service_state: opt(z.enum(["active", "inactive", "partial", "past_due"])),
  currency: opt(z.string().regex(/^[A-Za-z]{3}$/).transform((s) => s.toUpperCase())),
  customer: opt(z.string().trim().min(1).max(200)),
  attention: opt(z.enum(["true", "false"])),
  q: opt(z.string().trim().min(1).max(200)),
  sort: opt(z.enum(["created_at", "-created_at", "next_billing_at", "-next_billing_at"])),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ConsoleContractQuery = z.infer<typeof consoleContractQuery>;
export const CONSOLE_PAGE_SIZE = 25;

export async function listContractsForConsole(ctx: Ctx, q: ConsoleContractQuery): Promise<{ results: ContractOut[]; count: number }> {
  const and: Prisma.SubscriptionContractWhereInput[] = [{ accountId: ctx.accountId }];
  if (q.state) and.push({ state: q.state });
  if (q.currency) and.push({ currency: q.currency });
  if (q.attention) and.push({ billingAttentionRequired: q.attention === "true" });
  if (q.customer) and.push({ customer: { reference: q.customer } });
  if (q.q) {
    const asId = /^\d{1,9}$/.test(q.q) ? Number(q.q) : null;
    and.push({ OR: [{ customer: { reference: { contains: q.q, mode: "insensitive" } } }, ...(asId ? [{ id: asId }] : [])] });
  }
  const sort = q.sort ?? "-created_at";
  const dir = sort.startsWith("-") ? "desc" : "asc";
  const orderBy: Prisma.SubscriptionContractOrderByWithRelationInput[] = sort.endsWith("next_billing_at")
    ? [{ nextBillingAt: { sort: dir, nulls: "last" } }, { id: dir }]
    : [{ createdAt: dir }, { id: dir }];
  const where = { AND: and };
  // service state is derived (items' periods, runs), not a column: filter the presented rows
  const window: { skip?: number; take: number } = q.service_state ? { take: 2000 } : { skip: (q.page - 1) * CONSOLE_PAGE_SIZE, take: CONSOLE_PAGE_SIZE };
  const [rows, total, catalog, base] = await Promise.all([
    ctx.db.subscriptionContract.findMany({ where, include: contractInclude, orderBy, ...window }),
    ctx.db.subscriptionContract.count({ where }),
    catalogSnapshot(ctx),
    subscriberUrl(ctx),
  ]);
  const now = ctx.clock.now();
  const presented = rows.map((r) => presentContract(r, catalog, now, base, null));
  if (!q.service_state) return { results: presented, count: total };
  const matching = presented.filter((c) => c.service_state === q.service_state);
  return { results: matching.slice((q.page - 1) * CONSOLE_PAGE_SIZE, q.page * CONSOLE_PAGE_SIZE), count: matching.length };
}

/** The currencies the account's contracts use (the currency filter's options). */
export async function contractCurrencies(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db.subscriptionContract.findMany({ where: { accountId: ctx.accountId }, distinct: ["currency"], select: { currency: true } });
  return rows.map((r) => r.currency).sort();
}
