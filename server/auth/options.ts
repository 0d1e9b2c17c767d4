// next-auth v4 configuration: seller users sign in with email + password; the session is a JWT (8 h,
// the cookie's lifetime too) carrying the user id, the account id every console query is scoped to and
// the user's session version. Every use of a session re-reads the user row: a deleted or disabled user,
// or one whose sessions were revoked (version bumped), is signed out at once. The options are built per
// request because the signing secret may come from the database and the cookies are `Secure` whenever
// the console is served over HTTPS.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "@/server/config";
import { getDb } from "@/server/db";
import { log } from "@/server/log";
import { getSecret } from "@/server/secrets";
import { SignInThrottled, signInWithPassword } from "./users";

export const SESSION_MAX_AGE_S = 8 * 60 * 60;

type HeaderSource = Headers | Record<string, string | string[] | undefined>;
const first = (h: HeaderSource, name: string) => {
  const v = h instanceof Headers ? h.get(name) : h[name];
  return (Array.isArray(v) ? v[0] : v)?.split(",")[0].trim().toLowerCase();
};

/** HTTPS when the configured public URL is, or when the proxy in front says the request came over it. */
export function servedOverHttps(h: HeaderSource): boolean {
  return (
    (config().NEXTAUTH_URL ?? "").toLowerCase().startsWith("https://") || first(h, "x-forwarded-proto") === "https"
  );
}

class SessionEnded extends Error {}

/** The token's user still exists, is enabled, belongs to the same account and has not revoked sessions since. */
async function stillValid(token: {
  userId?: number;
  accountId?: number;
  sv?: number;
  signedInAt?: number;
}): Promise<boolean> {
  if (!Number.isSafeInteger(token.userId) || !Number.isSafeInteger(token.accountId) || !Number.isSafeInteger(token.sv))
    return false;
  // an absolute limit: refreshing the cookie does not stretch a session past 8 h from sign-in
  if (!(typeof token.signedInAt === "number" && Date.now() - token.signedInAt < SESSION_MAX_AGE_S * 1000)) return false;
  const user = await getDb().user.findUnique({
    where: { id: token.userId },
    select: { accountId: true, disabledAt: true, sessionVersion: true },
  });
  return !!user && user.accountId === token.accountId && !user.disabledAt && user.sessionVersion === token.sv;
}

/** What the sign-in route learns from a request's authorization beyond next-auth's answer. */
export interface SignInHooks {
  /** The attempt was throttled: the route answers 429 with this Retry-After. */
  onThrottled?(retryAfterSeconds: number): void;
}

export async function getAuthOptions(headers: HeaderSource = {}, hooks: SignInHooks = {}): Promise<NextAuthOptions> {
  return {
    secret: await getSecret("auth"),
    useSecureCookies: servedOverHttps(headers),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    jwt: { maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          const user = await signInWithPassword(
            String(credentials?.email ?? ""),
            String(credentials?.password ?? ""),
            req?.headers ?? headers,
          ).catch((e) => {
            if (e instanceof SignInThrottled) hooks.onThrottled?.(e.retryAfterSeconds);
            throw e;
          });
          if (!user) return null;
          return {
            id: String(user.id),
            email: user.email,
            name: user.name || user.email,
            accountId: user.accountId,
            sessionVersion: user.sessionVersion,
          };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.userId = Number(user.id);
          token.accountId = user.accountId;
          token.sv = user.sessionVersion;
          token.signedInAt = Date.now();
          return token;
        }
        // next-auth answers "no session" and clears the cookie when this throws
        if (!(await stillValid(token))) throw new SessionEnded("session ended");
        return token;
      },
      session({ session, token }) {
        session.userId = token.userId ?? 0;
        session.accountId = token.accountId ?? 0;
        return session;
      },
    },
    logger: {
      // an ended, expired or forged session is routine; anything else is worth an error line
      error: (code, meta) =>
        code === "JWT_SESSION_ERROR"
          ? log.debug({ code }, "session refused")
          : log.error({ code, err: meta }, "next-auth error"),
      warn: (code) => log.warn({ code }, "next-auth warning"),
      debug: () => {},
    },
  };
}
