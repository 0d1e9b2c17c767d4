// Every console procedure (the router's own record, so later procedures are covered too): signed out →
// UNAUTHORIZED; any procedure taking an `id`, given another account's ids → NOT_FOUND. Also the new
// procedures on the portfolio: dashboard, lists, retry.
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "@/server/trpc/root";
import { callPath, consoleAs } from "@/tests/audit/_console";
import { db } from "@/tests/helpers";
import { type Portfolio, seedPortfolio } from "./_portfolio";

let p: Portfolio;
beforeAll(async () => {
  p = await seedPortfolio();
});

type ProcedureDef = { _def: { type: string; inputs: { shape?: Record<string, unknown> }[] } };
const procedures = () =>
  Object.entries((appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures);
/** Values for required fields beside `id` (known names; a later procedure with another required field fails this test loudly). */
// this account's own customer where a procedure also names one: the id alone is the other account's
const EXTRA: Record<string, unknown> = {
  role: "read_only",
  reason: "sweep",
  amount: "1.0000",
  reference: "alice-001",
  delivery_id: 1,
  // bundle item procedures (catalogAdmin.bundles.addItem/updateItem/removeItem): the bundle id decides first
  product_id: 1,
  item_id: 1,
};

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "OK";
  } catch (e) {
    return e instanceof TRPCError ? e.code : `not a TRPCError: ${String(e)}`;
  }
}

describe("console procedure sweeps", () => {
  it("refuses every procedure to a signed-out caller with UNAUTHORIZED", async () => {
    const caller = appRouter.createCaller({ session: null });
    const paths = procedures().map(([path]) => path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "dashboard.mrr",
        "dashboard.figures",
        "dashboard.money",
        "dashboard.mrrByMonth",
        "dashboard.outcomes",
        "contracts.list",
        "contracts.get",
        "runs.list",
        "runs.get",
        "runs.retry",
      ]),
    );
    for (const path of paths) expect(await codeOf(callPath(caller, path, { id: p.c.c1 })), path).toBe("UNAUTHORIZED");
  });

  it("answers NOT_FOUND to every procedure taking an id, for each of another account's ids", async () => {
    const caller = await consoleAs(p.email);
    const withId = procedures().filter(([, proc]) => proc._def.inputs.some((i) => i.shape && "id" in i.shape));
    expect(withId.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        "contracts.get",
        "runs.get",
        "runs.retry",
        "catalogAdmin.bundles.addItem",
        "catalogAdmin.bundles.updateItem",
        "catalogAdmin.bundles.removeItem",
        "catalogAdmin.billingSchedules.update",
      ]),
    );
    for (const [path, proc] of withId) {
      const shape = proc._def.inputs.find((i) => i.shape)!.shape!;
      const extra = Object.fromEntries(
        Object.keys(shape)
          .filter((k) => k !== "id" && k in EXTRA)
          .map((k) => [k, EXTRA[k]]),
      );
      for (const [kind, id] of Object.entries(p.other))
        expect(await codeOf(callPath(caller, path, { ...extra, id })), `${path} with the other account's ${kind}`).toBe(
          "NOT_FOUND",
        );
    }
  });
});

describe("console procedures on the portfolio", () => {
  it("serves the dashboard, the lists and the details", async () => {
    const caller = await consoleAs(p.email);
    const figures = await caller.dashboard.figures();
    expect(figures.active_contracts.map((f) => [f.currency, f.count])).toEqual([
      ["EUR", 4],
      ["USD", 1],
    ]);
    expect(await caller.dashboard.outcomes()).toHaveLength(30);
    // (on the real clock here: the account's test clock is behind it, so the 30-day windows hold none of the fixture's runs)
    expect(await caller.dashboard.money()).toMatchObject({ billed: expect.any(Array), collected: expect.any(Array) });
    expect(await caller.dashboard.mrrByMonth()).toHaveLength(2);
    expect(await caller.dashboard.mrr()).toHaveLength(2);
    expect((await caller.contracts.list({ filters: figures.active_contracts[0].filter as never })).count).toBe(4);
    expect((await caller.contracts.get({ id: p.c.c1 })).contract.id).toBe(p.c.c1);
    expect((await caller.runs.list({ filters: { state: "exhausted" } })).results.map((r) => r.id)).toEqual([p.runs.r3]);
    expect((await caller.runs.get({ id: p.runs.r3 })).state).toBe("exhausted");
  });

  it("rejects bad list input with BAD_REQUEST, never a 500", async () => {
    const caller = await consoleAs(p.email);
    for (const input of [
      { pageSize: 1000 },
      { page: 0 },
      { filters: { state: "nope" } },
      { filters: { created_from: "yesterday" } },
      { sort: "random" },
      { filters: { currency: "XXXX" } },
    ]) {
      expect(await codeOf(caller.contracts.list(input as never)), JSON.stringify(input)).toBe("BAD_REQUEST");
    }
    expect(await codeOf(caller.runs.list({ filters: { contract: -1 } } as never))).toBe("BAD_REQUEST");
  });

  it("retries an exhausted run through the REST retry function, and refuses a succeeded one", async () => {
    const caller = await consoleAs(p.email);
    const before = await db().billingAttempt.count({ where: { runId: p.runs.r3 } });
    const r = await caller.runs.retry({ id: p.runs.r3, reason: "customer updated card" });
    // the console charges at once (docs/decisions.md, billing console): one more attempt, and with the
    // same declining card the run is exhausted again, with no automatic follow-up
    expect(await db().billingAttempt.count({ where: { runId: p.runs.r3 } })).toBe(before + 1);
    expect(r.state).toBe("exhausted");
    expect((await db().billingRun.findUniqueOrThrow({ where: { id: p.runs.r3 } })).metadata).toMatchObject({
      retry_reason: "customer updated card",
    });
    expect(await codeOf(caller.runs.retry({ id: p.runs.r1 }))).toBe("BAD_REQUEST");
  });
});
