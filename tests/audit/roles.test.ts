// Roles in the console: read_only users are refused every tRPC mutation (FORBIDDEN,
// nothing changes), may still read; owners and admins may change things. The role is read from the
// database on each call, so changing it applies at once.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { appRouter } from "@/server/trpc/root";
import { db, seed, useSeed } from "@/tests/helpers";
import { callPath, consoleAs, databaseFingerprint, mutationPaths, setRole, userOf } from "./_console";

let ids: Record<string, number>;
let admin: string;
let viewer: string;
useSeed(seed, (r) => {
  ids = r.ids;
  admin = r.admin.email;
  viewer = r.viewer.email;
});

const FUTURE = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
let n = 0;
/** A valid input for each known mutation; unknown (newer) ones get `{}`: the role check comes before input parsing. */
function validInput(path: string): unknown {
  n += 1;
  switch (path) {
    case "catalog.products.create":
      return { name: `Role test product ${n}` };
    case "catalog.prices.create":
      return {
        product_id: ids.streaming,
        currency: "EUR",
        unit_amount: "4.5000",
        billing_type: "recurring",
        interval: "month",
        interval_count: 1,
      };
    case "catalog.prices.scheduleVersion":
      return { price_id: ids.basicMonthly, unit_amount: "11.0000", effective_from: FUTURE() };
    case "customers.create":
      return { reference: `role-cust-${n}`, name: "Role Test" };
    case "billing.advanceClock":
      return { to: new Date(Date.now() + 60_000 * n).toISOString() };
    default:
      return {};
  }
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (e) {
    return e instanceof TRPCError ? e.code : `not a TRPCError: ${String(e)}`;
  }
}

describe("console roles", () => {
  it("seeds the admin as owner and a read-only viewer", async () => {
    expect((await db().user.findUniqueOrThrow({ where: { email: admin } })).role).toBe("owner");
    expect((await db().user.findUniqueOrThrow({ where: { email: viewer } })).role).toBe("read_only");
  });

  it("refuses every mutation procedure to a read_only user with FORBIDDEN, and nothing changes", async () => {
    const paths = mutationPaths();
    expect(paths).toEqual(
      expect.arrayContaining([
        "catalog.products.create",
        "catalog.prices.create",
        "catalog.prices.scheduleVersion",
        "customers.create",
        "billing.advanceClock",
      ]),
    );
    const caller = await consoleAs(viewer);
    const before = await databaseFingerprint();
    for (const path of paths) {
      expect(await codeOf(callPath(caller, path, validInput(path))), path).toBe("FORBIDDEN");
      expect(await codeOf(callPath(caller, path, {})), `${path} with an empty input`).toBe("FORBIDDEN");
    }
    expect(await databaseFingerprint()).toEqual(before);
  });

  it("lets a read_only user read (queries, the audit log)", async () => {
    const caller = await consoleAs(viewer);
    expect((await caller.catalog.products.list()).length).toBeGreaterThan(0);
    expect(await caller.customers.list()).not.toHaveLength(0);
    expect((await caller.audit.list({ page: 1 })).results).toBeInstanceOf(Array);
  });

  it("lets owners and admins make the same changes", async () => {
    for (const role of ["owner", "admin"] as const) {
      await setRole(admin, role);
      const caller = await consoleAs(admin);
      for (const path of [
        "catalog.products.create",
        "catalog.prices.create",
        "catalog.prices.scheduleVersion",
        "customers.create",
        "billing.advanceClock",
      ]) {
        expect(await codeOf(callPath(caller, path, validInput(path))), `${role} ${path}`).toBe("OK");
      }
    }
    await setRole(admin, "owner");
  });

  it("applies a role change at once, within the same session", async () => {
    const caller = await consoleAs(admin);
    expect(await codeOf(caller.customers.create({ reference: "role-switch-1" }))).toBe("OK");
    await setRole(admin, "read_only");
    try {
      expect(await codeOf(caller.customers.create({ reference: "role-switch-2" }))).toBe("FORBIDDEN");
    } finally {
      await setRole(admin, "owner");
    }
    expect(await codeOf(caller.customers.create({ reference: "role-switch-3" }))).toBe("OK");
  });

  it("refuses a session whose user no longer belongs to the account", async () => {
    const u = await userOf(admin);
    const caller = appRouter.createCaller({
      session: { userId: u.id, accountId: u.accountId + 1, email: u.email, name: null },
    });
    expect(await codeOf(caller.customers.create({ reference: "wrong-account" }))).toBe("UNAUTHORIZED");
  });
});
