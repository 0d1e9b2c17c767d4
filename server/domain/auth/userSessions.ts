// Console users' sessions: every session token carries the user's session version, and each use of a
// session compares it with the row (server/auth/options.ts). Bumping the version ends all sessions of
// the user at once; a disabled user is refused at sign-in and on every session check.
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";

/** Ends every session of the user ("sign out everywhere"); they must sign in again. */
export async function revokeUserSessions(ctx: Ctx, userId: number): Promise<void> {
  const result = await ctx.db.user.updateMany({
    where: { id: userId, accountId: ctx.accountId },
    data: { sessionVersion: { increment: 1 } },
  });
  if (result.count === 0) throw notFound();
}

/** Disables (ending their sessions) or re-enables a user of the account. */
export async function setUserDisabled(ctx: Ctx, userId: number, disabled: boolean): Promise<void> {
  const data = disabled ? { disabledAt: ctx.clock.now(), sessionVersion: { increment: 1 } } : { disabledAt: null };
  const result = await ctx.db.user.updateMany({ where: { id: userId, accountId: ctx.accountId }, data });
  if (result.count === 0) throw notFound();
}
