import { describe, expect, it } from "vitest";
import { get, seed } from "./helpers";

describe("catalog smoke", () => {
  it("lists products for the demo key", async () => {
    await seed();
    const r = await get("/v2/catalog/products/");
    expect(r.status).toBe(200);
    expect(r.body.map((p: any) => p.reference)).toContain("streaming-basic");
  });
});
