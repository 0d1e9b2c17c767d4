// Sign-in throttling: 5 failures of one email from one address refuse that pair, 10 failures from one address
// refuse the address, and an email's failures from everywhere only slow its sign-ins down (never refuse them):
// the right password from an address without failures always gets in. Unknown emails get the same answers.
// The address is the app server's (x-client-address; tests/http/app-server.test.ts covers how it is derived).
import bcrypt from "bcryptjs";
import { beforeAll, describe, expect, it } from "vitest";
import { signInErrorMessage, TOO_MANY_ATTEMPTS } from "@/components/auth/messages";
import {
  emailDelayMs,
  emailKey,
  MAX_ADDRESS_FAILURES,
  MAX_DELAY_MS,
  MAX_EMAIL_ADDRESS_FAILURES,
  WINDOW_MS,
} from "@/server/auth/throttle";
import { SignInThrottled, signInWithPassword } from "@/server/auth/users";
import type { SeedResult } from "@/server/seed/demo";
import { db, seed } from "@/tests/helpers";

const PASSWORD = "right password";
let s: SeedResult;
let hash: string;
beforeAll(async () => {
  s = await seed();
  hash = await bcrypt.hash(PASSWORD, 4);
});

let n = 0;
const address = () => `192.0.2.${++n}`;
async function newUser() {
  return db().user.create({
    data: { accountId: s.accountId, email: `throttle-${process.pid}-${++n}@example.com`, passwordHash: hash },
  });
}

/** The outcome a client sees: "ok", "invalid" (next-auth's CredentialsSignin) or the thrown code. */
async function attempt(email: string, password: string, from: string): Promise<string> {
  try {
    return (await signInWithPassword(email, password, { "x-client-address": from })) ? "ok" : "invalid";
  } catch (e) {
    return (e as Error).message;
  }
}

async function fail(times: number, email: string, from: () => string) {
  for (let i = 0; i < times; i++) expect(await attempt(email, "wrong", from())).toBe("invalid");
}

/** `count` failures of `email` from `from`, written straight into the table (an attack without the waiting). */
async function pastFailures(email: string, from: string, count: number, agoMs = 60_000) {
  const at = new Date(Date.now() - agoMs);
  const key = emailKey(email);
  await db().loginAttempt.createMany({
    data: Array.from({ length: count }, () => [
      { kind: "email", key, at },
      { kind: "email_address", key: `${from} ${key}`, at },
      { kind: "address", key: from, at },
    ]).flat(),
  });
}

describe("one email from one address", () => {
  it("5 failures → refused for that email (even with the right password); the same email from another address gets in", async () => {
    const u = await newUser();
    const attacker = address();
    await fail(MAX_EMAIL_ADDRESS_FAILURES, u.email, () => attacker);
    expect(await attempt(u.email, PASSWORD, attacker)).toBe("TooManyAttempts");
    expect(await attempt(u.email.toUpperCase(), "wrong", attacker)).toBe("TooManyAttempts");
    expect(await attempt(u.email, PASSWORD, address())).toBe("ok");
    // when the failures leave the 15-minute window, the right password works from there again
    await db().loginAttempt.updateMany({
      where: { kind: "email_address", key: `${attacker} ${u.email}` },
      data: { at: new Date(Date.now() - WINDOW_MS - 1000) },
    });
    expect(await attempt(u.email, PASSWORD, attacker)).toBe("ok");
  });

  it("an unknown email gets exactly the same answers", async () => {
    const unknown = `nobody-${process.pid}@example.com`;
    const from = address();
    await fail(MAX_EMAIL_ADDRESS_FAILURES, unknown, () => from);
    expect(await attempt(unknown, PASSWORD, from)).toBe("TooManyAttempts");
    expect(signInErrorMessage("TooManyAttempts")).toBe(TOO_MANY_ATTEMPTS);
    expect(TOO_MANY_ATTEMPTS).toMatch(/^Invalid email or password.*try again later\.$/i);
  });

  it("a refusal carries Retry-After: when the oldest counted failure leaves the window", async () => {
    const u = await newUser();
    const from = address();
    await pastFailures(u.email, from, MAX_EMAIL_ADDRESS_FAILURES, 5 * 60_000);
    const refused = await signInWithPassword(u.email, PASSWORD, { "x-client-address": from }).catch((e) => e);
    expect(refused).toBeInstanceOf(SignInThrottled);
    const wait = (refused as SignInThrottled).retryAfterSeconds;
    expect(wait).toBeGreaterThan(9 * 60 - 5);
    expect(wait).toBeLessThanOrEqual(10 * 60);
  });

  it("a successful sign-in clears that address's failures for the email", async () => {
    const u = await newUser();
    const from = address();
    await fail(MAX_EMAIL_ADDRESS_FAILURES - 1, u.email, () => from);
    expect(await attempt(u.email, PASSWORD, from)).toBe("ok");
    expect(await attempt(u.email, "wrong", from)).toBe("invalid");
    expect(await attempt(u.email, PASSWORD, from)).toBe("ok");
  });

  it("concurrent guesses count against each other: of 30 at once from one address, at most 5 are checked", async () => {
    const u = await newUser();
    const from = address();
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => attempt(u.email, "wrong", from)));
    expect(outcomes.filter((o) => o === "invalid").length).toBeLessThanOrEqual(MAX_EMAIL_ADDRESS_FAILURES);
    expect(outcomes.filter((o) => o === "TooManyAttempts").length).toBeGreaterThanOrEqual(25);
  }, 30_000);
});

describe("one address", () => {
  it("10 failures (different emails) → refused for any email; other addresses are not", async () => {
    const from = address();
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++)
      expect(await attempt(`spray-${i}-${process.pid}@example.com`, "wrong", from)).toBe("invalid");
    const u = await newUser();
    expect(await attempt(u.email, PASSWORD, from)).toBe("TooManyAttempts");
    expect(await attempt(u.email, PASSWORD, address())).toBe("ok");
  });
});

describe("no one can lock a seller out", () => {
  it("an email's failures only slow it down: 0 for the first 3, then 250 ms doubling, at most 2 s", () => {
    expect([0, 1, 3, 4, 5, 6, 7, 8, 40].map(emailDelayMs)).toEqual([0, 0, 0, 250, 500, 1000, 2000, 2000, 2000]);
  });

  it("40 failures an hour for the owner from 8 addresses: each attacker is refused, the owner signs in (slowed, ≤ 2 s)", async () => {
    const owner = await newUser();
    const attackers = Array.from({ length: 8 }, address);
    for (const a of attackers) await pastFailures(owner.email, a, MAX_EMAIL_ADDRESS_FAILURES);
    for (const a of attackers) expect(await attempt(owner.email, PASSWORD, a)).toBe("TooManyAttempts");
    const started = Date.now();
    expect(await attempt(owner.email, PASSWORD, address())).toBe("ok");
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(MAX_DELAY_MS - 50);
    expect(took).toBeLessThan(MAX_DELAY_MS + 5_000);
    // a wrong password from a fresh address is slowed and refused as wrong, never throttled
    expect(await attempt(owner.email, "wrong", address())).toBe("invalid");
  }, 30_000);
});
