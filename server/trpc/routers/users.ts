// Seller users of the account: every role may list them; only owners change roles (the domain checks).
import { z } from "zod";
import { ROLES } from "@/server/domain/users/roles";
import { listUsers, setUserRole } from "@/server/domain/users/users";
import { idInput } from "@/server/schemas/common";
import { protectedProcedure, router } from "@/server/trpc/init";

export const usersRouter = router({
  list: protectedProcedure.query(({ ctx }) => listUsers(ctx.domain)),
  setRole: protectedProcedure
    .input(z.object({ id: idInput, role: z.enum(ROLES, { error: "Must be one of: owner, admin, read_only." }) }))
    .mutation(({ ctx, input }) => setUserRole(ctx.domain, ctx.user.role, input)),
});
