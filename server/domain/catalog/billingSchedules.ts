// Billing schedules of the account (named sets of billing dates in a time zone): create, edit, deactivate.
// A deactivated schedule is not offered for new prices, and its prices are not sold in new quotes or
// contracts (offers/compile.ts); contracts already on it keep billing on its dates.

import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { nextScheduleOccurrences } from "@/server/domain/pricing/calendar";
import type { BillingScheduleInput, CatalogListInput } from "@/server/schemas/catalogAdmin";
import { catalogPage } from "./adminList";

const include = {
  rules: { orderBy: [{ displayOrder: "asc" as const }, { id: "asc" as const }] },
  _count: { select: { prices: true } },
};

type Row = {
  id: number;
  name: string;
  timezone: string;
  active: boolean;
  createdAt: Date;
  rules: { month: number | null; day: number | null; label: string | null; displayOrder: number }[];
  _count: { prices: number };
};

const present = (schedule: Row, now: Date) => ({
  id: schedule.id,
  name: schedule.name,
  timezone: schedule.timezone,
  active: schedule.active,
  created_at: schedule.createdAt.toISOString(),
  price_count: schedule._count.prices,
  rules: schedule.rules.map((r) => ({ month: r.month, day: r.day, label: r.label, display_order: r.displayOrder })),
  next_occurrences: nextScheduleOccurrences(schedule.rules, schedule.timezone, now, 3).map((d) => d.toISOString()),
});

const ruleRows = (rules: BillingScheduleInput["rules"]) =>
  rules.map((r, i) => ({ month: r.month ?? null, day: r.day, label: r.label || null, displayOrder: i }));

export async function createBillingSchedule(ctx: Ctx, input: BillingScheduleInput) {
  const schedule = await ctx.db.billingSchedule.create({
    data: {
      accountId: ctx.accountId,
      name: input.name,
      timezone: input.timezone,
      active: input.active ?? true,
      rules: { create: ruleRows(input.rules) },
    },
    include,
  });
  return present(schedule, ctx.clock.now());
}

export async function updateBillingSchedule(ctx: Ctx, id: number, input: Partial<BillingScheduleInput>) {
  const found = await ctx.db.billingSchedule.findFirst({ where: { id, accountId: ctx.accountId } });
  if (!found) throw notFound();
  const schedule = await ctx.db.$transaction(async (tx) => {
    if (input.rules) await tx.billingScheduleRule.deleteMany({ where: { scheduleId: id } });
    return tx.billingSchedule.update({
      where: { id },
      include,
      data: {
        name: input.name,
        timezone: input.timezone,
        active: input.active,
        ...(input.rules ? { rules: { create: ruleRows(input.rules) } } : {}),
      },
    });
  });
  return present(schedule, ctx.clock.now());
}

/** One page of the account's billing schedules for the console list. */
export async function listBillingSchedules(ctx: Ctx, input: CatalogListInput) {
  const now = ctx.clock.now();
  return catalogPage(ctx, input, (row: Row) => present(row, now), {
    count: (where) => ctx.db.billingSchedule.count({ where }),
    rows: (query) => ctx.db.billingSchedule.findMany({ ...query, include }),
  });
}
