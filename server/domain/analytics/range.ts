// The month range of an analytics request: YYYY-MM months in the account's display time zone, the current
// month read from the account's clock (a test clock included). Default: the 12 months ending with this one.
import { DateTime } from "luxon";
import { isIanaZone } from "@/server/domain/accounts/settings";
import type { Ctx } from "@/server/domain/context";
import { DomainError } from "@/server/domain/errors";

export interface MonthRangeInput {
  from?: string;
  to?: string;
}

export interface MonthRange {
  zone: string;
  now: Date;
  /** the account's current month, YYYY-MM */
  current: string;
  from: string;
  to: string;
  /** every month from `from` to `to`, YYYY-MM */
  months: string[];
}

/** At most three years of months in one answer. */
export const MAX_MONTHS = 36;
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The account's display time zone (UTC when unset or not an IANA zone). */
export async function accountZone(ctx: Ctx): Promise<string> {
  const account = await ctx.db.account.findUnique({
    where: { id: ctx.accountId },
    select: { displayTimezone: true },
  });
  return account && isIanaZone(account.displayTimezone) ? account.displayTimezone : "UTC";
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;

/** `month` moved by `count` months (negative: back). */
export const addMonths = (month: string, count: number) => monthOf(monthIndex(month) + count);
/** Whole months from `from` to `to` (0 for the same month). */
export const monthsBetween = (from: string, to: string) => monthIndex(to) - monthIndex(from);

export async function monthRange(ctx: Ctx, input: MonthRangeInput): Promise<MonthRange> {
  const zone = await accountZone(ctx);
  const now = ctx.clock.now();
  const current = DateTime.fromJSDate(now, { zone }).toFormat("yyyy-MM");
  for (const field of ["from", "to"] as const) {
    const value = input[field];
    if (value !== undefined && !MONTH_PATTERN.test(value))
      throw new DomainError("validation", "Enter a month as YYYY-MM.", { [field]: ["Enter a month as YYYY-MM."] });
  }
  const to = input.to ?? (input.from ? addMonths(input.from, 11) : current);
  const from = input.from ?? addMonths(to, -11);
  if (monthsBetween(from, to) < 0)
    throw new DomainError("validation", "from must not be after to.", { from: ["Must not be after to."] });
  if (monthsBetween(from, to) >= MAX_MONTHS)
    throw new DomainError("validation", `At most ${MAX_MONTHS} months at once.`, {
      to: [`Ensure the range is at most ${MAX_MONTHS} months.`],
    });
  const months = Array.from({ length: monthsBetween(from, to) + 1 }, (_, i) => addMonths(from, i));
  return { zone, now, current, from, to, months };
}
