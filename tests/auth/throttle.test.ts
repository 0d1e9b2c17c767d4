// Sign-in throttling: 10 failures per account email or per client address within 15 minutes and the
// next attempt is refused (even with the right password), with the same answer for unknown emails.
import bcrypt from "bcryptjs";
import { beforeAll, describe, expect, it } from "vitest";
import { signInErrorMessage, TOO_MANY_ATTEMPTS } from "@/components/auth/messages";
import { clientAddress, WINDOW_MS } from "@/server/auth/throttle";
import { signInWithPassword } from "@/server/auth/users";
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
    return (await signInWithPassword(email, password, { "x-forwarded-for": `${from}, 10.9.9.9` })) ? "ok" : "invalid";
  } catch (e) {
    return (e as Error).message;
  }
}

async function fail(times: number, email: string, from: () => string) {
  for (let i = 0; i < times; i++) expect(await attempt(email, "wrong", from())).toBe("invalid");
}

describe("per account email", () => {
  it("10 failures (from any addresses) → the 11th attempt is refused even with the right password; other emails are unaffected", async () => {
    const u = await newUser();
    await fail(10, u.email, address);
    expect(await attempt(u.email, PASSWORD, address())).toBe("TooManyAttempts");
    expect(await attempt(u.email.toUpperCase(), PASSWORD, address())).toBe("TooManyAttempts");
    const other = await newUser();
    expect(await attempt(other.email, PASSWORD, address())).toBe("ok");
    // when the failures leave the 15-minute window, the right password works again
    await db().loginAttempt.updateMany({
      where: { kind: "email", key: u.email },
      data: { at: new Date(Date.now() - WINDOW_MS - 1000) },
    });
    expect(await attempt(u.email, PASSWORD, address())).toBe("ok");
  });

  it("an unknown email gets exactly the same answers", async () => {
    const unknown = `nobody-${process.pid}@example.com`;
    await fail(10, unknown, address);
    expect(await attempt(unknown, PASSWORD, address())).toBe("TooManyAttempts");
    expect(signInErrorMessage("TooManyAttempts")).toBe(TOO_MANY_ATTEMPTS);
    expect(TOO_MANY_ATTEMPTS).toMatch(/^Invalid email or password.*try again later\.$/i);
  });

  it("a successful sign-in clears the email's failures", async () => {
    const u = await newUser();
    await fail(9, u.email, address);
    expect(await attempt(u.email, PASSWORD, address())).toBe("ok");
    await fail(10, u.email, address);
    expect(await attempt(u.email, PASSWORD, address())).toBe("TooManyAttempts");
  });
});

describe("per client address", () => {
  it("10 failures from one address (different emails) → that address is refused for any email; other addresses are not", async () => {
    const from = address();
    for (let i = 0; i < 10; i++)
      expect(await attempt(`spray-${i}-${process.pid}@example.com`, "wrong", from)).toBe("invalid");
    const u = await newUser();
    expect(await attempt(u.email, PASSWORD, from)).toBe("TooManyAttempts");
    expect(await attempt(u.email, PASSWORD, address())).toBe("ok");
  });

  it("the address is X-Forwarded-For's first entry, else X-Real-IP", () => {
    expect(clientAddress({ "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" })).toBe("203.0.113.7");
    expect(clientAddress(new Headers({ "x-real-ip": "203.0.113.8" }))).toBe("203.0.113.8");
    expect(clientAddress({})).toBe("unknown");
  });

  it("concurrent guesses count against each other: of 30 at once, at most 10 are checked", async () => {
    const u = await newUser();
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => attempt(u.email, "wrong", address())));
    expect(outcomes.filter((o) => o === "invalid").length).toBeLessThanOrEqual(10);
    expect(outcomes.filter((o) => o === "TooManyAttempts").length).toBeGreaterThanOrEqual(20);
  });
});
