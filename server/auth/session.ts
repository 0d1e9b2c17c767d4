// The signed-in seller for server components and the tRPC context (null when signed out or when the
// session no longer holds: see server/auth/options.ts).
import { getServerSession, type Session } from "next-auth";
import { getAuthOptions } from "./options";

export interface SellerSession {
  userId: number;
  accountId: number;
  email: string | null;
  name: string | null;
}

export interface SessionRequest {
  headers: Record<string, string>;
  cookies: Record<string, string>;
}

/** The next-auth session carried by a request's cookies, checked against the user row. */
export async function sessionFromRequest(req: SessionRequest): Promise<Session | null> {
  const options = await getAuthOptions(req.headers);
  // a server component cannot set cookies: refreshed or cleared cookies are dropped here
  const res = { getHeader() {}, setCookie() {}, setHeader() {} };
  // NOTE: next-auth types this call with the pages router's IncomingMessage and ServerResponse; it reads only
  // the request's headers and cookies and writes cookies through the three methods above, which is all we have
  const session = await getServerSession(req as never, res as never, options);
  return session?.accountId ? session : null;
}

/** The session of the request being rendered or handled (App Router). */
export async function currentSession(): Promise<Session | null> {
  const { cookies, headers } = await import("next/headers");
  const [h, c] = await Promise.all([headers(), cookies()]);
  return sessionFromRequest({
    headers: Object.fromEntries(h),
    cookies: Object.fromEntries(c.getAll().map((x) => [x.name, x.value])),
  });
}

export const toSellerSession = (s: Session): SellerSession => ({
  userId: s.userId,
  accountId: s.accountId,
  email: s.user?.email ?? null,
  name: s.user?.name ?? null,
});

export async function getSellerSession(): Promise<SellerSession | null> {
  const session = await currentSession();
  return session ? toSellerSession(session) : null;
}
