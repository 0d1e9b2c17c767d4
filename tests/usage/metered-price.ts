// The metered price the usage tests bill with: monthly, in EUR, on a product of the seed.
import { expect } from "vitest";
import { post } from "@/tests/helpers";

export async function meteredPrice(
  productId: number,
  metricId: number,
  pricingModel: unknown = { model: "per_unit", unit_amount: "0.01" },
  extra: Record<string, unknown> = {},
): Promise<number> {
  const price = await post("/v2/catalog/prices/", {
    product_id: productId,
    currency: "EUR",
    billing_type: "recurring",
    interval: "month",
    usage_type: "metered",
    billable_metric_id: metricId,
    pricing_model: pricingModel,
    ...extra,
  });
  expect(price.status, JSON.stringify(price.body)).toBe(201);
  expect(price.body.usage_type).toBe("metered");
  return price.body.id as number;
}
