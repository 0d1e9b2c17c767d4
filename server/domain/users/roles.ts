// Seller user roles: owners and admins may change everything in the console; read_only users may
// look at everything and change nothing. The role is read from the database on every console call,
// so a change of role applies at once, without waiting for the user's session to expire.
import type { Db } from "@/server/db";

export const ROLES = ["owner", "admin", "read_only"] as const;
export type Role = (typeof ROLES)[number];

export interface ConsoleUser {
  id: number;
  accountId: number;
  email: string;
  role: Role;
}

/** The signed-in user as the database has it now, or null when it no longer exists in that account. */
export async function loadConsoleUser(db: Db, userId: number, accountId: number): Promise<ConsoleUser | null> {
  const user = await db.user.findFirst({
    where: { id: userId, accountId },
    select: { id: true, accountId: true, email: true, role: true },
  });
  return user ? { ...user, role: user.role as Role } : null;
}

export const canMutate = (role: Role) => role === "owner" || role === "admin";
