// Console callers for the audit and role tests: the real tRPC router, called as a given seller user
// (the session is what next-auth would hand the tRPC context; the role always comes from the database).
import type { Role } from "@/server/domain/users/roles";
import { appRouter } from "@/server/trpc/root";
import { db } from "@/tests/helpers";

export async function userOf(email: string) {
  return db().user.findUniqueOrThrow({ where: { email } });
}

export async function setRole(email: string, role: Role) {
  await db().user.update({ where: { email }, data: { role } });
}

/** A tRPC caller signed in as the user with this email. */
export async function consoleAs(email: string) {
  const u = await userOf(email);
  return appRouter.createCaller({ session: { userId: u.id, accountId: u.accountId, email: u.email, name: u.name } });
}

/** Every mutation procedure of the console router, by dotted path (the router's own record, so new ones are included). */
export function mutationPaths(): string[] {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def
    .procedures;
  return Object.entries(procedures)
    .filter(([, p]) => p._def.type === "mutation")
    .map(([path]) => path)
    .sort();
}

/** Calls a procedure of a caller by dotted path. */
export function callPath(caller: unknown, path: string, input: unknown): Promise<unknown> {
  const fn = path.split(".").reduce((o: any, k) => o[k], caller) as (i: unknown) => Promise<unknown>;
  return fn(input);
}

/** A fingerprint of every table's content: equal before and after means nothing changed. */
export async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = await db().$queryRaw<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> '_prisma_migrations' order by 1`;
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db().$queryRawUnsafe<{ h: string | null }[]>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
    );
    out[name] = row.h ?? "";
  }
  return out;
}
