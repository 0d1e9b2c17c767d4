// The base clock transports hand to the domain (through ctx.clock, after an account's test clock is
// applied). Real time, except in tests, which pin it through `setClockForTests` instead of reaching into
// a mutable exported object: the domain never reads this module, it only sees the clock it is given.
import { type Clock, systemClock } from "./clock";

let base: Clock = systemClock;

/** The clock a request starts from (one function call on the hot path: no allocation). */
export const requestBaseClock = (): Clock => base;

/** Test seam: pins the request clock (null = real time again). */
export function setClockForTests(clock: Clock | null): void {
  base = clock ?? systemClock;
}
