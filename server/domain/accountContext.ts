// The domain context of one account for callers without a request (worker, CLI, admin console): the
// account's own time (a test-mode account may run on an advanced test clock) over the given base clock.
import { accountClock, type Clock, systemClock } from "@/server/clock";
import type { Db } from "@/server/db";
import { log } from "@/server/log";
import type { Ctx } from "./context";

export async function accountCtx(db: Db, accountId: number, base: Clock = systemClock): Promise<Ctx> {
  return { db, accountId, clock: await accountClockOf(db, accountId, base), log };
}

/** The account's time over `base`, for public calls that learn the account from a token or a signature. */
export async function accountClockOf(db: Db, accountId: number, base: Clock): Promise<Clock> {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { mode: true, testClockAt: true },
  });
  return accountClock(account, base);
}
