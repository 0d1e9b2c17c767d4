// A run's period is the service it bills: from its lines' earliest service start to their latest end
// (an adjustment run created mid-period bills, and shows, that rest of the period). A run without
// lines (a fully paused period) keeps the period it would have billed.
type Dated = { servicePeriodStartAt: Date | string; servicePeriodEndAt: Date | string };

export function runPeriodOf(
  lines: Dated[],
  fallback: { start: Date; end: Date },
): { periodStartAt: Date; periodEndAt: Date } {
  if (!lines.length) return { periodStartAt: fallback.start, periodEndAt: fallback.end };
  const starts = lines.map((l) => +new Date(l.servicePeriodStartAt));
  const ends = lines.map((l) => +new Date(l.servicePeriodEndAt));
  return { periodStartAt: new Date(Math.min(...starts)), periodEndAt: new Date(Math.max(...ends)) };
}
