// Account console settings through the real tRPC router: display time zone and subscriber_url are
// validated (the field is named), scoped to the caller's account, and the clock follows test mode.
import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { consoleAs } from "@/tests/audit/_console";
import { db, seed, useSeed } from "@/tests/helpers";

let A = 0;
let B = 0;
useSeed(seed, (r) => {
  A = r.accountId;
  B = r.otherAccountId;
});

async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]> | string> {
  try {
    await p;
    return "OK";
  } catch (e) {
    const cause = (e as TRPCError).cause as { fields?: Record<string, string[]> } | undefined;
    return cause?.fields ?? (e as TRPCError).code;
  }
}

describe("account.get / account.update", () => {
  it("reads the account's settings with UTC as the default zone and the account clock", async () => {
    await db().account.update({
      where: { id: A },
      data: { mode: "test", testClockAt: new Date("2099-01-02T03:04:05Z") },
    });
    const s = await (await consoleAs("admin@example.com")).account.get();
    expect(s).toMatchObject({ id: A, mode: "test", display_timezone: "UTC", clock_at: "2099-01-02T03:04:05.000Z" });
    await db().account.update({ where: { id: A }, data: { testClockAt: null } });
  });

  it("stores a valid IANA zone and subscriber_url for the caller's account only", async () => {
    const caller = await consoleAs("admin@example.com");
    const out = await caller.account.update({
      display_timezone: "Europe/Helsinki",
      subscriber_url: "https://shop.example.com/my-subscription",
    });
    expect(out).toMatchObject({
      display_timezone: "Europe/Helsinki",
      subscriber_url: "https://shop.example.com/my-subscription",
    });
    expect((await db().account.findUniqueOrThrow({ where: { id: A } })).displayTimezone).toBe("Europe/Helsinki");
    expect((await db().account.findUniqueOrThrow({ where: { id: B } })).displayTimezone).toBe("UTC");
    expect((await caller.account.update({ subscriber_url: null })).subscriber_url).toBeNull();
  });

  it("refuses an unknown zone, an offset, a non-http URL and credentials in the URL, naming the field", async () => {
    const caller = await consoleAs("admin@example.com");
    for (const zone of ["Mars/Olympus", "+02:00", "", "Europe/Helsinki\u0000"]) {
      expect(await fieldsOf(caller.account.update({ display_timezone: zone })), zone).toHaveProperty(
        "display_timezone",
      );
    }
    for (const url of ["javascript:alert(1)", "not a url", "ftp://example.com/x", "https://user:pw@example.com/"]) {
      expect(await fieldsOf(caller.account.update({ subscriber_url: url })), url).toHaveProperty("subscriber_url");
    }
    expect(await fieldsOf(caller.account.update({ name: "  " }))).toHaveProperty("name");
    expect((await db().account.findUniqueOrThrow({ where: { id: A } })).displayTimezone).toBe("Europe/Helsinki");
  });

  it("is refused to a read-only user", async () => {
    const viewer = await consoleAs("viewer@example.com");
    expect(await fieldsOf(viewer.account.update({ display_timezone: "UTC" }))).toBe("FORBIDDEN");
  });
});
