// Billing schedules of the account (named sets of billing dates in a time zone): create and edit.
// The model has no active flag, so a schedule is not deactivated; prices stop using it instead.

import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { nextScheduleOccurrences } from "@/server/domain/pricing/calendar";
import type { BillingScheduleInput } from "@/server/schemas/catalogAdmin";

const include = {
  rules: { orderBy: [{ displayOrder: "asc" as const }, { id: "asc" as const }] },
  _count: { select: { prices: true } },
};

type Row = {
  id: number;
  name: string;
  timezone: string;
  createdAt: Date;
  rules: { month: number | null; day: number | null; label: string | null; displayOrder: number }[];
  _count: { prices: number };
};

const present = (schedule: Row, now: Date) => ({
  id: schedule.id,
  name: schedule.name,
  timezone: schedule.timezone,
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
        ...(input.rules ? { rules: { create: ruleRows(input.rules) } } : {}),
      },
    });
  });
  return present(schedule, ctx.clock.now());
}

export async function listBillingSchedules(ctx: Ctx) {
  const now = ctx.clock.now();
  return (
    await ctx.db.billingSchedule.findMany({ where: { accountId: ctx.accountId }, orderBy: { id: "asc" }, include })
  ).map((s) => present(s, now));
}
