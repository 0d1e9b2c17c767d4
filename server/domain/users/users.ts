// Seller users of an account and their roles. Only owners change roles, and an account always keeps
// at least one owner (so nobody can lock the account out of managing itself).
import type { Ctx } from "@/server/domain/context";
import { DomainError, invalid, notFound } from "@/server/domain/errors";
import type { Role } from "./roles";

export interface UserOut {
  id: number;
  email: string;
  name: string;
  role: Role;
  created_at: string;
}

const present = (user: { id: number; email: string; name: string; role: string; createdAt: Date }): UserOut => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role as Role,
  created_at: user.createdAt.toISOString(),
});

export async function listUsers(ctx: Ctx): Promise<UserOut[]> {
  const rows = await ctx.db.user.findMany({ where: { accountId: ctx.accountId }, orderBy: { id: "asc" } });
  return rows.map(present);
}

/** Changes a user's role; `actorRole` is the role of the user asking (read from the database). */
export async function setUserRole(
  ctx: Ctx,
  actorRole: Role,
  input: { id: number; role: Role },
): Promise<UserOut & { previous_role: Role }> {
  if (actorRole !== "owner") throw new DomainError("forbidden", "Only owners may change roles.");
  return ctx.db.$transaction(async (tx) => {
    // lock the account's owners: two owners demoting each other at once must not leave none
    const owners = await tx.$queryRaw<
      { id: number }[]
    >`select id from users where account_id = ${ctx.accountId} and role = 'owner' for update`;
    const user = await tx.user.findFirst({ where: { id: input.id, accountId: ctx.accountId } });
    if (!user) throw notFound();
    if (user.role === "owner" && input.role !== "owner" && owners.length <= 1)
      throw invalid("role", "An account needs at least one owner.");
    const updated = await tx.user.update({ where: { id: user.id }, data: { role: input.role } });
    return { ...present(updated), previous_role: user.role as Role };
  });
}
