// A run's period is the service it bills: from its lines' earliest service start to their latest end
// (an adjustment run created mid-period bills, and shows, that rest of the period). A run without
// lines (a fully paused period) keeps the period it would have billed.
type Dated = { servicePeriodStartAt: Date | string; servicePeriodEndAt: Date | string };

export function runPeriodOf(
  lines: Dated[],
  fallback: { start: Date; end: Date },
): { periodStartAt: Date; periodEndAt: Date } {
  if (!lines.length) return { periodStartAt: fallback.start, periodEndAt: fallback.end };
  // a loop over epoch numbers, keeping the lines' own Dates: the forecast asks this for ~2 M projected runs
  let start = lines[0].servicePeriodStartAt;
  let end = lines[0].servicePeriodEndAt;
  for (const l of lines) {
    if (epochOf(l.servicePeriodStartAt) < epochOf(start)) start = l.servicePeriodStartAt;
    if (epochOf(l.servicePeriodEndAt) > epochOf(end)) end = l.servicePeriodEndAt;
  }
  return { periodStartAt: asDate(start), periodEndAt: asDate(end) };
}

const epochOf = (t: Date | string) => (typeof t === "string" ? Date.parse(t) : t.getTime());
const asDate = (t: Date | string) => (typeof t === "string" ? new Date(t) : t);
