// The customer page's activity timeline (customers.activity): events of the customer's contracts and of
// their billing runs, newest first, each naming its contract and run; another account's customer → NOT_FOUND.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { consoleAs } from "@/tests/audit/_console";
import { post, seed, useSeed } from "@/tests/helpers";

type Ids = Awaited<ReturnType<typeof seed>>["ids"];
let ids = {} as Ids;
useSeed(seed, (r) => {
  ids = r.ids;
});

describe("customers.activity", () => {
  it("lists the events of the customer's contracts and runs, newest first, and none of another customer's", async () => {
    const c = await consoleAs("admin@example.com");
    expect(await c.customers.activity({ reference: "cust-1003" })).toMatchObject({ results: [], count: 0 });
    const made = await post("/v2/subscription-contracts/", {
      customer_reference: "cust-1003",
      items: [{ price: ids.basicMonthly }],
      initial_billing_mode: "create_initial_run",
    });
    expect(made.status).toBe(201);
    const contractId = made.body.id as number;
    const canceled = await post(`/v2/subscription-contracts/${contractId}/cancel/`, {});
    expect(canceled.status).toBeLessThan(300);
    await post("/v2/subscription-contracts/", {
      customer_reference: "cust-1002",
      items: [{ price: ids.basicMonthly }],
    });

    const { results: events, count } = await c.customers.activity({ reference: "cust-1003" });
    expect(count).toBe(events.length);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.every((e) => e.contract_id === contractId)).toBe(true);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["subscription_contract.created"]));
    expect(events[0].type).toBe("subscription_contract.canceled");
    const runEvents = events.filter((e) => e.type.startsWith("billing_run."));
    for (const e of runEvents) expect(e.billing_run_id).toEqual(expect.any(Number));
    const times = events.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("answers NOT_FOUND for an unknown or another account's customer", async () => {
    const c = await consoleAs("admin@example.com");
    for (const reference of ["no-such-customer", "other-cust-1"])
      await expect(c.customers.activity({ reference })).rejects.toSatisfy(
        (e) => e instanceof TRPCError && e.code === "NOT_FOUND",
      );
  });
});
