// Admin console sessions: a token forged with any guessable secret is refused; sessions of deleted or
// disabled users and revoked sessions end at once; the JWT and its cookie both live 8 h (and a session
// never outlives 8 h from sign-in); cookies are Secure over HTTPS. Sessions go through next-auth's own
// session handling (getServerSession) with the app's options, as the console and tRPC use them.
import { execFile } from "node:child_process";
import path from "node:path";
import bcrypt from "bcryptjs";
import { getServerSession } from "next-auth";
import { decode, encode, type JWT } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { getAuthOptions } from "@/server/auth/options";
import { sessionFromRequest } from "@/server/auth/session";
import { signInWithPassword } from "@/server/auth/users";
import { revokeUserSessions, setUserDisabled } from "@/server/domain/auth/userSessions";
import { getSecret } from "@/server/secrets";
import type { SeedResult } from "@/server/seed/demo";
import { setEnv, withEnv } from "@/tests/env";
import { ctxFor, db, seed } from "@/tests/helpers";

setEnv({ NEXTAUTH_SECRET: undefined, APP_SECRET: undefined });

const COOKIE = "next-auth.session-token";
const PASSWORD = "correct horse battery";
let s: SeedResult;
let hash: string;
beforeAll(async () => {
  s = await seed();
  hash = await bcrypt.hash(PASSWORD, 4);
});

let n = 0;
async function newUser(accountId = s.accountId) {
  return db().user.create({
    data: { accountId, email: `user-${process.pid}-${++n}@example.com`, name: "U", passwordHash: hash },
  });
}

/** What the credentials sign-in puts in the cookie: the app's jwt callback on the signed-in user, encrypted with the app's secret. */
async function signIn(email: string, address = `10.0.0.${++n}`): Promise<string> {
  const user = await signInWithPassword(email, PASSWORD, { "x-client-address": address });
  expect(user).not.toBeNull();
  const options = await getAuthOptions();
  const token = await options.callbacks!.jwt!({
    token: { email: user!.email },
    user: { ...user!, id: String(user!.id) },
    account: null,
  } as never);
  return encode({ token: token as JWT, secret: await getSecret("auth"), maxAge: 8 * 3600 });
}

const session = (token: string, headers: Record<string, string> = {}, name = COOKIE) =>
  sessionFromRequest({ headers, cookies: { [name]: token } });

describe("forged sessions", () => {
  it("a JWT encrypted with any guessable secret, claiming another account, opens nothing", async () => {
    const other = await db().user.findFirstOrThrow({ where: { accountId: s.otherAccountId } });
    const claims = { userId: other.id, accountId: s.otherAccountId, sv: 0, signedInAt: Date.now(), email: other.email };
    for (const guess of [
      "dev-only-secret-change-me-in-production",
      "dev-only-preview-secret",
      "e2e-secret",
      "secret",
      "changeme",
      "whsec_sandbox_default",
    ]) {
      expect(await session(await encode({ token: claims, secret: guess }))).toBeNull();
    }
    // the same claims with the real secret do open the session: the refusal above is the secret's doing
    expect((await session(await encode({ token: claims, secret: await getSecret("auth") })))?.accountId).toBe(
      s.otherAccountId,
    );
    expect(await getSecret("auth")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("a token without a session version, or whose account does not match the user's, is refused", async () => {
    const u = await newUser();
    const secret = await getSecret("auth");
    expect(
      await session(await encode({ token: { userId: u.id, accountId: u.accountId, signedInAt: Date.now() }, secret })),
    ).toBeNull();
    expect(
      await session(
        await encode({ token: { userId: u.id, accountId: s.otherAccountId, sv: 0, signedInAt: Date.now() }, secret }),
      ),
    ).toBeNull();
  });
});

describe("sessions follow the user row", () => {
  it("signed in → valid; disabled → refused at once and at sign-in; deleted → refused", async () => {
    const u = await newUser();
    const token = await signIn(u.email);
    expect(await session(token)).toMatchObject({ userId: u.id, accountId: s.accountId });
    await setUserDisabled(ctxFor(s.accountId), u.id, true);
    expect(await session(token)).toBeNull();
    expect(await signInWithPassword(u.email, PASSWORD, { "x-client-address": "10.1.0.1" })).toBeNull();
    await setUserDisabled(ctxFor(s.accountId), u.id, false);
    // re-enabling does not revive the old sessions
    expect(await session(token)).toBeNull();
    const again = await signIn(u.email);
    expect(await session(again)).not.toBeNull();
    await db().user.delete({ where: { id: u.id } });
    expect(await session(again)).toBeNull();
  });

  it("sign out everywhere: every session of the user ends, other users' stay; a new sign-in works", async () => {
    const u = await newUser();
    const bystander = await newUser();
    const [a, b, c] = [await signIn(u.email), await signIn(u.email), await signIn(bystander.email)];
    expect(await session(a)).not.toBeNull();
    await revokeUserSessions(ctxFor(s.accountId), u.id);
    expect(await session(a)).toBeNull();
    expect(await session(b)).toBeNull();
    expect(await session(c)).not.toBeNull();
    expect(await session(await signIn(u.email))).not.toBeNull();
    // another account cannot revoke (or even see) this user
    await expect(revokeUserSessions(ctxFor(s.otherAccountId), u.id)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("the console's \"Sign out everywhere\" (tRPC session.signOutEverywhere) ends the caller's sessions", async () => {
    const u = await newUser();
    const token = await signIn(u.email);
    const { appRouter } = await import("@/server/trpc/root");
    await appRouter
      .createCaller({ session: { userId: u.id, accountId: u.accountId, email: u.email, name: null } })
      .session.signOutEverywhere();
    expect(await session(token)).toBeNull();
    await expect(appRouter.createCaller({ session: null }).session.signOutEverywhere()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("operators' CLI", () => {
  const cli = (...args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile(
        path.resolve("node_modules/.bin/tsx"),
        ["scripts/cli.ts", ...args],
        { env: process.env, timeout: 60_000 },
        (err, out) => (err ? reject(err) : resolve(String(out))),
      ),
    );

  it("disable-user ends the user's sessions and blocks sign-in; enable-user lets them sign in again; sign-out-user ends sessions", async () => {
    const u = await newUser();
    const token = await signIn(u.email);
    expect(await cli("disable-user", "--email", u.email.toUpperCase())).toContain("disabled");
    expect(await session(token)).toBeNull();
    expect(await signInWithPassword(u.email, PASSWORD, { "x-client-address": "10.2.0.1" })).toBeNull();
    await cli("enable-user", "--email", u.email);
    const again = await signIn(u.email);
    expect(await session(again)).not.toBeNull();
    await cli("sign-out-user", "--email", u.email);
    expect(await session(again)).toBeNull();
  }, 120_000); // three CLI processes (tsx start-up each), slow on a loaded machine
});

describe("lifetime and cookies", () => {
  async function sessionCookies(token: string, headers: Record<string, string>, name = COOKIE) {
    const set: string[] = [];
    const res = {
      getHeader: () => set,
      setHeader: (_: string, v: string[]) => set.splice(0, set.length, ...v),
      setCookie() {},
    };
    const body = await getServerSession(
      { headers, cookies: { [name]: token } } as never,
      res as never,
      await getAuthOptions(headers),
    );
    return { body, set };
  }

  it("the JWT and the cookie both expire 8 h after their issue; a session older than 8 h since sign-in is refused", async () => {
    const u = await newUser();
    const { body, set } = await sessionCookies(await signIn(u.email), {});
    expect(body).not.toBeNull();
    const cookie = set.find((c) => c.startsWith(`${COOKIE}=`))!;
    const cookieExpires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]).getTime();
    expect(Math.abs(cookieExpires - Date.now() - 8 * 3600_000)).toBeLessThan(60_000);
    const jwt = await decode({
      token: decodeURIComponent(cookie.split(";")[0].slice(COOKIE.length + 1)),
      secret: await getSecret("auth"),
    });
    expect(Math.abs(Number(jwt!.exp) * 1000 - cookieExpires)).toBeLessThan(2_000);
    const options = await getAuthOptions();
    expect(options.session?.maxAge).toBe(8 * 3600);
    expect(options.jwt?.maxAge).toBe(8 * 3600);
    const stale = await encode({
      token: { userId: u.id, accountId: u.accountId, sv: 0, signedInAt: Date.now() - 8 * 3600_000 - 1000 },
      secret: await getSecret("auth"),
    });
    expect(await session(stale)).toBeNull();
  });

  it("over HTTPS (X-Forwarded-Proto) the session cookie is __Secure- and Secure; over HTTP it is neither", async () => {
    const u = await newUser();
    const token = await signIn(u.email);
    const https = await sessionCookies(token, { "x-forwarded-proto": "https" }, `__Secure-${COOKIE}`);
    expect(https.body).not.toBeNull();
    const secure = https.set.find((c) => c.startsWith(`__Secure-${COOKIE}=`))!;
    expect(secure).toMatch(/;\s*Secure/i);
    expect(secure).toMatch(/HttpOnly/i);
    const http = await sessionCookies(token, {});
    expect(http.set.find((c) => c.startsWith(`${COOKIE}=`))).not.toMatch(/;\s*Secure/i);
    expect((await getAuthOptions({ "x-forwarded-proto": "https" })).useSecureCookies).toBe(true);
    expect((await getAuthOptions({ "x-forwarded-proto": "http" })).useSecureCookies).toBe(false);
    await withEnv({ NEXTAUTH_URL: "https://billing.example.com" }, async () => {
      expect((await getAuthOptions()).useSecureCookies).toBe(true);
    });
  });
});
