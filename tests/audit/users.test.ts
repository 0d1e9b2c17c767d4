// Role management (owners only), through the console's tRPC router: the change is recorded in the
// audit trail with the role before and after, and an account always keeps an owner.
import { describe, expect, it } from "vitest";
import { db, seed, useSeed } from "@/tests/helpers";
import { consoleAs, setRole, userOf } from "./_console";

let accountId: number;
let admin: string;
let viewer: string;
useSeed(seed, (r) => {
  accountId = r.accountId;
  admin = r.admin.email;
  viewer = r.viewer.email;
});

describe("user roles in the console", () => {
  it("lists the account's users with their roles, to every role", async () => {
    const users = await (await consoleAs(viewer)).users.list();
    expect(users.map((u) => [u.email, u.role])).toEqual([
      [admin, "owner"],
      [viewer, "read_only"],
    ]);
  });

  it("lets an owner change a role, recorded with the role before and after", async () => {
    const v = await userOf(viewer);
    const owner = await consoleAs(admin);
    expect(await owner.users.setRole({ id: v.id, role: "admin" })).toMatchObject({
      id: v.id,
      role: "admin",
      previous_role: "read_only",
    });
    expect((await userOf(viewer)).role).toBe("admin");
    const row = await db().auditLog.findFirstOrThrow({ where: { accountId }, orderBy: { id: "desc" } });
    expect(row).toMatchObject({
      actorType: "user",
      actorLabel: admin,
      action: "trpc users.setRole",
      targetType: "users",
      targetId: String(v.id),
      afterId: String(v.id),
    });
    expect(row.details).toMatchObject({
      input_ids: { id: v.id, role: "admin" },
      result_ids: { role: "admin", previous_role: "read_only" },
    });
    // the new role applies at once: the former viewer may now make changes
    expect(await (await consoleAs(viewer)).customers.create({ reference: "promoted-viewer" })).toMatchObject({
      reference: "promoted-viewer",
    });
  });

  it("refuses role changes to admins and read-only users (FORBIDDEN), and to users of other accounts (NOT_FOUND)", async () => {
    const a = await userOf(admin);
    await setRole(viewer, "admin");
    await expect((await consoleAs(viewer)).users.setRole({ id: a.id, role: "read_only" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await setRole(viewer, "read_only");
    await expect((await consoleAs(viewer)).users.setRole({ id: a.id, role: "read_only" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await userOf(admin)).role).toBe("owner");
    const stranger = await userOf("other-admin@example.com");
    await expect((await consoleAs(admin)).users.setRole({ id: stranger.id, role: "read_only" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await userOf("other-admin@example.com")).role).toBe("owner");
  });

  it("keeps at least one owner; with a second owner, the first may step down", async () => {
    const a = await userOf(admin);
    const owner = await consoleAs(admin);
    const refused = await owner.users.setRole({ id: a.id, role: "admin" }).catch((e) => e);
    expect(refused).toMatchObject({ code: "BAD_REQUEST" });
    expect(refused.cause?.fields ?? {}).toHaveProperty("role");
    await expect(owner.users.setRole({ id: a.id, role: "owner" as never, extra: 1 } as never)).resolves.toMatchObject({
      role: "owner",
    });
    await expect(owner.users.setRole({ id: a.id, role: "superuser" as never })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });

    const v = await userOf(viewer);
    await owner.users.setRole({ id: v.id, role: "owner" });
    expect(await owner.users.setRole({ id: a.id, role: "admin" })).toMatchObject({
      role: "admin",
      previous_role: "owner",
    });
    await expect(owner.users.setRole({ id: v.id, role: "read_only" })).rejects.toMatchObject({ code: "FORBIDDEN" }); // no longer an owner
  });
});
