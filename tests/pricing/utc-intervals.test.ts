// addIntervalsUtc (plain-instant calendar steps in UTC, the forecast's fast path) equals luxon's
// addIntervals in the UTC zone: month ends, leap days, times of day, every interval and anchor day.
import { DateTime } from "luxon";
import { expect, it } from "vitest";
import { addIntervals, addIntervalsUtc, type Interval } from "@/server/domain/pricing/calendar";

it("addIntervalsUtc equals addIntervals in UTC", () => {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const fixed = [
    "2024-01-31T00:00:00.000Z",
    "2024-02-29T23:59:59.999Z",
    "2023-12-31T12:30:00.000Z",
    "2025-03-30T01:00:00.000Z",
  ];
  const instants = [
    ...fixed.map((t) => new Date(t)),
    // random instants between 2000 and 2060, at whole seconds and at odd milliseconds
    ...Array.from(
      { length: 400 },
      () => new Date(Date.UTC(2000, 0, 1) + Math.floor(random() * 60 * 365.25 * 86_400_000)),
    ),
  ];
  let compared = 0;
  for (const at of instants)
    for (const interval of ["day", "week", "month", "year"] as Interval[])
      for (const count of [1, 2, 3, 12])
        for (const anchorDay of [undefined, 1, 15, 28, 29, 30, 31]) {
          const luxon = addIntervals(DateTime.fromJSDate(at, { zone: "UTC" }), interval, count, anchorDay).toJSDate();
          expect(addIntervalsUtc(at, interval, count, anchorDay).toISOString()).toBe(luxon.toISOString());
          compared++;
        }
  expect(compared).toBe(404 * 4 * 4 * 7);
});
