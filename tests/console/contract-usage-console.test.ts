// A contract's usage in the console (usage.contract, the Usage tab) through the real tRPC router: the same
// domain function as GET /v2/subscription-contracts/{id}/usage/, so both answer the same; a read-only user may
// read it; another account's contract is NOT_FOUND.
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { usagePricingOf } from "@/components/ui/usageLine";
import { consoleAs } from "@/tests/audit/_console";
import { get, post, seed, setRequestTime, useSeed } from "@/tests/helpers";

let viewer: string;
useSeed(seed, (r) => {
  viewer = r.viewer.email;
});

const AT = new Date("2026-03-10T12:00:00Z");
let contractId = 0;
let priceId = 0;

beforeAll(async () => {
  const s = await seed();
  setRequestTime(AT);
  expect((await post("/v2/test-clock/advance/", { to: AT.toISOString() })).status).toBe(200);
  const metric = await post("/v2/billable-metrics/", { code: "ui_calls", name: "API calls", aggregation: "count" });
  expect(metric.status, JSON.stringify(metric.body)).toBe(201);
  const price = await post("/v2/catalog/prices/", {
    product_id: s.ids.streaming,
    reference: "ui-calls-graduated",
    currency: "EUR",
    billing_type: "recurring",
    interval: "month",
    usage_type: "metered",
    billable_metric_id: metric.body.id,
    pricing_model: {
      model: "graduated",
      tiers: [
        { up_to: "2", unit_amount: "0" },
        { up_to: null, unit_amount: "0.5", flat_amount: "1" },
      ],
    },
    usage_thresholds: ["3"],
  });
  expect(price.status, JSON.stringify(price.body)).toBe(201);
  expect(price.body.pricing_description).toBe(
    "billed by usage, graduated tiers 0–2 × 0.0000, 3+ × 0.5000 + 1.0000 EUR",
  );
  const contract = await post("/v2/subscription-contracts/", {
    customer_reference: "cust-1002",
    items: [{ price: price.body.id }],
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  contractId = contract.body.id;
  priceId = price.body.id;
  const later = new Date(AT.getTime() + 3_600_000);
  setRequestTime(later);
  expect((await post("/v2/test-clock/advance/", { to: later.toISOString() })).status).toBe(200);
  const events = [1, 2, 3, 4].map((i) => ({
    transaction_id: `ui-${i}`,
    code: "ui_calls",
    contract_id: contractId,
    timestamp: new Date(AT.getTime() + i * 60_000).toISOString(),
  }));
  const sent = await post("/v2/usage-events/", { events });
  expect(sent.body.accepted, JSON.stringify(sent.body)).toBe(4);
});

describe("usage.contract", () => {
  it("answers what the REST read answers: so far, tiers, estimate, thresholds, by day", async () => {
    const usage = await (await consoleAs("admin@example.com")).usage.contract({ id: contractId });
    setRequestTime(new Date(AT.getTime() + 3_600_000));
    const rest = await get(`/v2/subscription-contracts/${contractId}/usage/`);
    expect(rest.status).toBe(200);
    expect(usage.items).toHaveLength(1);
    const item = usage.items[0];
    expect(item).toMatchObject({
      billable_metric_name: "API calls",
      quantity: "4",
      amount: "2.0000",
      thresholds_reached: ["3"],
    });
    expect(item.tiers.map((t) => [t.from, t.to, t.amount])).toEqual([
      ["0", "2", "0.0000"],
      ["3", "4", "2.0000"],
    ]);
    expect(item.daily.at(-1)).toEqual({ date: "2026-03-10", quantity: "4" });
    expect({ ...usage, as_of: null }).toEqual({ ...rest.body, as_of: null });
  });

  it("lets a read-only user read it; another account's contract is NOT_FOUND", async () => {
    const read = await (await consoleAs(viewer)).usage.contract({ id: contractId });
    expect(read.items[0].quantity).toBe("4");
    const other = await consoleAs("other-admin@example.com");
    const failure = await other.usage.contract({ id: contractId }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TRPCError);
    expect((failure as TRPCError).code).toBe("NOT_FOUND");
  });
});

describe("metered quote lines in the UI (LineAmount, the widget)", () => {
  it("read the pricing out of the engine's explanation, whatever follows it", async () => {
    const quote = await post("/v2/subscription-offer-quotes/", { items: [{ price: priceId, quantity: 1 }] });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const lines = [...quote.body.initial_lines, ...quote.body.recurring_items];
    const metered = lines.find((l: { price_id: number }) => l.price_id === priceId);
    expect(metered.line_total_amount).toBe("0.0000");
    expect(usagePricingOf(metered.explanation)).toBe("graduated tiers 0–2 × 0.0000, 3+ × 0.5000 + 1.0000");
    expect(usagePricingOf("billed by usage in arrears: per unit 0.0100 x (1 - 10% discount) = 0.0000")).toBe(
      "per unit 0.0100",
    );
    expect(usagePricingOf("billed by usage in arrears: per unit 0.0100 x 0.500000 proration = 0.0000")).toBe(
      "per unit 0.0100",
    );
    expect(usagePricingOf("2 x 10.0000 EUR (price 3 version 4) = 20.0000")).toBeNull();
    expect(usagePricingOf(null)).toBeNull();
  });
});
