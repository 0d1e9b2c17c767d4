// Usage events follow the account's test clock: the default timestamp and the accepted window are the
// account's now, not the wall clock's.
import { expect, it } from "vitest";
import { get, post, seed, setRequestTime } from "@/tests/helpers";
import { meteredPrice } from "./metered-price";

it("stamps and checks events on the account's clock after the test clock moves", async () => {
  const s = await seed();
  setRequestTime("2026-04-01T00:00:00.000Z");
  const metric = await post("/v2/billable-metrics/", { code: "clock_calls", name: "Calls", aggregation: "count" });
  expect(metric.status).toBe(201);
  const priceId = await meteredPrice(s.ids.streaming, metric.body.id);
  const contract = await post("/v2/subscription-contracts/", {
    customer_reference: "cust-1002",
    items: [{ price: s.ids.basicMonthly }, { price: priceId }],
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  const moved = await post("/v2/test-clock/advance/", { to: "2026-04-20T10:00:00Z" });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const event = (transaction_id: string, timestamp?: string) => ({
    transaction_id,
    code: "clock_calls",
    contract_id: contract.body.id,
    ...(timestamp ? { timestamp } : {}),
  });
  const r = await post("/v2/usage-events/", {
    events: [event("c1"), event("c2", "2026-04-20T10:04:59Z"), event("c3", "2026-04-20T10:05:01Z")],
  });
  expect(r.body).toEqual({
    accepted: 2,
    duplicates: 0,
    rejected: [
      {
        index: 2,
        transaction_id: "c3",
        code: "timestamp_out_of_window",
        message: "timestamp: At most 5 minutes ahead of now.",
      },
    ],
  });
  const listed = await get("/v2/usage-events/?code=clock_calls");
  expect(listed.body.map((e: any) => [e.transaction_id, e.timestamp, e.received_at])).toEqual([
    ["c2", "2026-04-20T10:04:59.000Z", "2026-04-20T10:00:00.000Z"],
    ["c1", "2026-04-20T10:00:00.000Z", "2026-04-20T10:00:00.000Z"],
  ]);
});
