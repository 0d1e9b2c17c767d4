// Each dashboard number links to the list it counts: the "new" and "churned" figures' filters, turned into
// the contract list's URL (listHref) and read back as the list page does (contractListQuery), give
// contracts.list exactly the figure's count; the windows' lower bounds are exclusive (created_after).
import { describe, expect, it } from "vitest";
import { listHref } from "@/components/admin/billingRuns/runListQuery";
import { contractListQuery } from "@/components/admin/contracts/listQuery";
import { consoleAs } from "@/tests/audit/_console";
import { db, post, seed, useSeed } from "@/tests/helpers";

type Ids = Awaited<ReturnType<typeof seed>>["ids"];
let ids = {} as Ids;
useSeed(seed, (r) => {
  ids = r.ids;
});

const listCountOf = async (caller: Awaited<ReturnType<typeof consoleAs>>, filter: Record<string, unknown>) => {
  const href = listHref("/admin/contracts", filter as Record<string, string | string[] | boolean>);
  const params = new URL(href, "http://x").searchParams;
  return (await caller.contracts.list(contractListQuery(params, 1, null, 25))).count;
};

describe("dashboard figures link to their lists", () => {
  it("new and churned contracts: the linked list counts exactly the figure", async () => {
    for (const ref of ["cust-1001", "cust-1002", "cust-1003"])
      expect(
        (await post("/v2/subscription-contracts/", { customer_reference: ref, items: [{ price: ids.basicMonthly }] }))
          .status,
      ).toBe(201);
    const churn = await post("/v2/subscription-contracts/", {
      customer_reference: "cust-1001",
      items: [{ price: ids.basicMonthly }],
    });
    expect((await post(`/v2/subscription-contracts/${churn.body.id}/cancel/`, {})).status).toBeLessThan(300);

    const c = await consoleAs("admin@example.com");
    const figures = await c.dashboard.figures();
    expect(figures.new_contracts.length).toBeGreaterThan(0);
    expect(figures.churned_contracts.length).toBeGreaterThan(0);
    for (const f of [...figures.new_contracts, ...figures.churned_contracts])
      expect(await listCountOf(c, f.filter), JSON.stringify(f.filter)).toBe(f.count);
    expect(figures.new_contracts[0].filter).toHaveProperty("created_after");
    expect(figures.churned_contracts[0].filter).toMatchObject({ state: ["canceled", "ended"] });
  });

  it("created_after is exclusive: a contract created at that instant is not listed", async () => {
    const c = await consoleAs("admin@example.com");
    const row = await db().subscriptionContract.findUniqueOrThrow({
      where: { id: (await c.contracts.list({})).results[0].id },
    });
    const at = row.createdAt.toISOString();
    const after = await c.contracts.list({ filters: { created_after: at }, pageSize: 100 });
    const from = await c.contracts.list({ filters: { created_from: at }, pageSize: 100 });
    expect(after.results.map((r) => r.id)).not.toContain(row.id);
    expect(from.results.map((r) => r.id)).toContain(row.id);
  });
});

describe("a figure of 0 and a checkout never paid", () => {
  it("links to its list in the same 30-day window (never an unfiltered list); a contract ended unpaid is not churn", async () => {
    const c = await consoleAs("admin@example.com");
    // a contract that ended without starting (its checkout never paid), in the churn window
    const never = await post("/v2/subscription-contracts/", {
      customer_reference: "cust-1003",
      items: [{ price: ids.basicMonthly }],
      activate: false,
    });
    expect(never.status).toBe(201);
    const before = await c.dashboard.figures();
    const churnedBefore = before.churned_contracts.find((f) => f.currency === "EUR")?.count ?? 0;
    await db().subscriptionContract.update({
      where: { id: never.body.id },
      data: { state: "ended", endedAt: new Date(), endedReason: "unpaid_checkout" },
    });
    const figures = await c.dashboard.figures();
    expect(figures.churned_contracts.find((f) => f.currency === "EUR")?.count ?? 0).toBe(churnedBefore);
    for (const f of figures.churned_contracts) expect(await listCountOf(c, f.filter)).toBe(f.count);

    // a currency with nothing in the window: the fallback filter keeps the window (and lists nothing)
    const empty = figures.empty_filters;
    expect(empty.new_contracts).toHaveProperty("created_after");
    expect(empty.churned_contracts).toMatchObject({ ended_after: expect.any(String), started: true });
    expect(await listCountOf(c, { ...empty.new_contracts, currency: "JPY" })).toBe(0);
    expect(await listCountOf(c, { ...empty.churned_contracts, currency: "JPY" })).toBe(0);
    const money = await c.dashboard.money();
    expect(money.empty_filters.billed).toHaveProperty("scheduled_from");
    expect(money.empty_filters.collected).toHaveProperty("paid_from");
  });
});
