// How the test clock panel moves: in steps of at most a day (fewer, longer steps past 60 days), so the
// seller sees the clock and the counts move while a month of billing is processed.
const DAY = 86_400_000;
export const MAX_STEPS = 60;

/** The instants to advance to, in order, ending exactly at `to`. */
export function clockSteps(from: Date, to: Date): Date[] {
  const span = to.getTime() - from.getTime();
  if (span <= DAY) return [to];
  const step = Math.max(DAY, Math.ceil(span / MAX_STEPS));
  const out: Date[] = [];
  for (let t = from.getTime() + step; t < to.getTime(); t += step) out.push(new Date(t));
  out.push(to);
  return out;
}

/** The same day and time one calendar month later (UTC; the 31st → the month's last day). */
export function addMonth(d: Date): Date {
  const y = d.getUTCFullYear(),
    m = d.getUTCMonth() + 1;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(d.getUTCDate(), last),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
}

/** A datetime-local input's value (local wall time) → ISO instant, or null. */
export function fromLocalInput(v: string): Date | null {
  const d = new Date(v);
  return v && !Number.isNaN(d.getTime()) ? d : null;
}
