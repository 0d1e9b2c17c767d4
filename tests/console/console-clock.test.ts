// One clock for every console procedure: the account's (a test-mode account's test clock), whichever
// router serves it — the catalog lists as well as the dashboard and the contract actions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { consoleAs } from "@/tests/audit/_console";
import { db, seed } from "@/tests/helpers";

let s: SeedResult;
const ahead = new Date(Date.now() + 400 * 86_400_000);
beforeAll(async () => {
  s = await seed();
  await db().account.update({ where: { id: s.accountId }, data: { mode: "test", testClockAt: ahead } });
});
afterAll(async () => {
  await db().account.update({ where: { id: s.accountId }, data: { testClockAt: null } });
});

describe("the console's clock", () => {
  it("is the account's test clock in every router", async () => {
    const c = await consoleAs(s.admin.email);
    expect(new Date((await c.billing.clock()).now).getTime()).toBeGreaterThanOrEqual(ahead.getTime());
    // billing schedules (catalogAdmin) used real time before: their next dates now follow the test clock
    const schedule = await c.catalogAdmin.billingSchedules.create({
      name: "Clocked",
      timezone: "UTC",
      rules: [{ day: 1 }],
    });
    expect(new Date(schedule.next_occurrences[0]).getTime()).toBeGreaterThan(ahead.getTime());
    const listed = (await c.catalogAdmin.billingSchedules.list({ q: "Clocked" })).results[0];
    expect(listed.next_occurrences).toEqual(schedule.next_occurrences);
  });
});
