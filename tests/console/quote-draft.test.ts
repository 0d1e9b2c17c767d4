// The quote builder's draft → REST offer body: blanks are omitted (server defaults), typed values are
// sent as typed, initial items ride only on an initial run, and the body passes the REST schema.
import { describe, expect, it } from "vitest";
import { emptyDraft, newRow, offerBody } from "@/components/admin/quote/draft";
import { contractCreateBody } from "@/server/schemas/contracts";

describe("offerBody", () => {
  it("is null until something can be priced", () => {
    expect(offerBody(emptyDraft())).toBeNull();
    expect(offerBody({ ...emptyDraft(), mode: "items" })).toBeNull();
  });

  it("builds an items body the REST schema accepts, blanks left to the server", () => {
    const d = {
      ...emptyDraft("cust-1"),
      mode: "items" as const,
      items: [{ ...newRow("7"), quantity: "3", discount: "12.5" }, newRow()],
    };
    const body = offerBody(d)!;
    expect(body).toMatchObject({
      customer_reference: "cust-1",
      items: [{ price: 7, quantity: 3, discount_percent: "12.5", unit_amount_override: undefined }],
    });
    expect(contractCreateBody.safeParse(body).success).toBe(true);
  });

  it("sends initial items only with create_initial_run", () => {
    const base = { ...emptyDraft(), mode: "items" as const, items: [newRow("7")], initialItems: [newRow("9")] };
    expect(offerBody({ ...base, initialMode: "none" })!.initial_items).toEqual([]);
    expect(offerBody({ ...base, initialMode: "create_initial_run" })!.initial_items).toEqual([
      { price: 9, quantity: 1, unit_amount_override: undefined, discount_percent: undefined },
    ]);
  });

  it("builds a bundle body with selections and the chosen add-ons only", () => {
    const d = {
      ...emptyDraft(),
      bundleId: "3",
      bundleQuantity: "2",
      selections: {
        11: { include: true, price: "5", quantity: "", discount: "10" },
        12: { include: false, price: "", quantity: "" },
      },
      productAddons: { 21: { on: true, price: "8", quantity: "2" }, 22: { on: false, price: "9", quantity: "1" } },
      bundleAddons: { 31: { on: true, bundleId: 4, quantity: "1" } },
    };
    const body = offerBody(d)!;
    expect(body).toMatchObject({
      bundle_template: 3,
      bundle_quantity: 2,
      bundle_item_selections: [
        { bundle_item: 11, include: true, selected_price: 5, discount_percent: "10" },
        { bundle_item: 12, include: false },
      ],
      additional_items: [{ price: 8, rule_id: 21, quantity: 2 }],
      additional_bundles: [{ rule_id: 31, bundle_template_id: 4, quantity: 1 }],
    });
    expect(contractCreateBody.safeParse(body).success).toBe(true);
  });
});
