/** Time source injected into the domain so billing can be simulated ahead (test clocks). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date | string): Clock {
  const t = new Date(at);
  return { now: () => new Date(t) };
}

/** A test-mode account runs on its own clock once it has been advanced; live accounts use real time. */
export function accountClock(account: { mode: string; testClockAt: Date | null }, base: Clock = systemClock): Clock {
  if (account.mode === "test" && account.testClockAt) {
    const at = account.testClockAt;
    return { now: () => new Date(Math.max(at.getTime(), base.now().getTime())) };
  }
  return base;
}
