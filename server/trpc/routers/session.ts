// The signed-in user's own sessions.
import { revokeUserSessions } from "@/server/domain/auth/userSessions";
import { protectedProcedure, router } from "@/server/trpc/init";

export const sessionRouter = router({
  /** Ends every session of the current user, this one included. */
  signOutEverywhere: protectedProcedure.mutation(({ ctx }) => revokeUserSessions(ctx.domain, ctx.session.userId)),
});
