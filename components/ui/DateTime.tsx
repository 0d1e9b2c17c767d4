"use client";
// A date in the account's display time zone with the zone shown ("10 Apr 2028, 09:30 EEST"), the UTC
// ISO instant on hover, and optionally a relative phrase next to it ("in 3 days", against the
// account's clock). The zone comes from <ConsoleProvider> (set by the admin layout).
//
//   <DateTime value={run.scheduledAt} />
//   <DateTime value={contract.nextChargeAt} relative />
//   <DateTime value={item.startsOn} dateOnly />
//   <DateTime value={schedule.next} timeOnly />      // "09:30 EEST": the time of day a schedule bills at
import { useConsole } from "./ConsoleContext";
import {
  type DateInput,
  formatDateInZone,
  formatDateTimeInZone,
  formatRelative,
  formatTimeInZone,
  utcIso,
} from "./dates";

export function DateTime({
  value,
  relative,
  dateOnly,
  timeOnly,
  testId,
  empty = "—",
}: {
  value: DateInput | null | undefined;
  relative?: boolean;
  dateOnly?: boolean;
  timeOnly?: boolean;
  testId?: string;
  empty?: string;
}) {
  const { timeZone, locale, now } = useConsole();
  if (value === null || value === undefined || value === "") return <span data-testid={testId}>{empty}</span>;
  const iso = utcIso(value);
  const text = dateOnly
    ? formatDateInZone(value, timeZone, locale)
    : timeOnly
      ? formatTimeInZone(value, timeZone, locale)
      : formatDateTimeInZone(value, timeZone, locale);
  return (
    <span data-testid={testId}>
      <time dateTime={iso} title={iso ? `${iso} (UTC)` : undefined}>
        {text}
      </time>
      {relative && now ? <span className="ml-1 text-slate-600">({formatRelative(value, now, locale)})</span> : null}
    </span>
  );
}

/** A span of days, "1 Apr 2028 – 30 Apr 2028" (each end a dateOnly <DateTime>). */
export function DateRange({ start, end }: { start: DateInput | null | undefined; end: DateInput | null | undefined }) {
  return (
    <>
      <DateTime value={start} dateOnly /> – <DateTime value={end} dateOnly />
    </>
  );
}
