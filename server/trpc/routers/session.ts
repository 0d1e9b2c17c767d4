// The signed-in user's own sessions.
import { revokeUserSessions } from "../../domain/auth/userSessions";
import { protectedProcedure, router } from "../init";

export const sessionRouter = router({
  /** Ends every session of the current user, this one included. */
  signOutEverywhere: protectedProcedure.mutation(({ ctx }) => revokeUserSessions(ctx.domain, ctx.session.userId)),
});
