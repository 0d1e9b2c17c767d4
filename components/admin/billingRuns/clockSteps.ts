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

const WALL_TIME = /^\s*(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)\s*$/;

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The "Advance to" field's value, a date and a 24-hour time on the wall clock of `zone` ("2028-04-10 14:30",
 * a "T" also accepted), as the instant; null when it is not one (no 12-hour times, no 31 April).
 */
export function parseZonedInput(value: string, zone: string): Date | null {
  const m = WALL_TIME.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(wall).getUTCDate() !== d || new Date(wall).getUTCMonth() !== mo - 1) return null;
  // the offset at the guess, then at the instant it gives (right across a DST change)
  const first = wall - zoneOffset(wall, zone);
  return new Date(wall - zoneOffset(first, zone));
}

/** An instant as the field writes it in `zone`: "2028-04-10 14:30". */
export function toZonedInput(instant: Date, zone: string): string {
  const local = new Date(instant.getTime() + zoneOffset(instant.getTime(), zone));
  return local.toISOString().slice(0, 16).replace("T", " ");
}
