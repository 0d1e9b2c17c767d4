// Load answers 503, never 500: 50 contract creations at once all succeed (the pool queues them within the
// transactions' wait budget), and a transaction that cannot start in time is a 503 with Retry-After.
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/server/dbUnavailable";
import { db, post, seed } from "@/tests/helpers";

describe("parallel writes", () => {
  it("50 parallel POST /v2/subscription-contracts/ all answer 201", async () => {
    const { ids } = await seed();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        post("/v2/subscription-contracts/", { customer_reference: "cust-1001", items: [{ price: ids.basicMonthly }] }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 201),
      JSON.stringify(results.find((r) => r.status !== 201)?.body),
    ).toEqual([]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(50);
  });

  it("a transaction that cannot start in time (Prisma P2028, the pool busy) counts as unavailable: 503", async () => {
    // every connection of the pool held by a transaction that waits, then one more that may wait 50 ms only
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const size = Number(process.env.DB_POOL_SIZE ?? 10);
    const holders = Array.from({ length: size }, () => db().$transaction(() => held, { timeout: 20_000 }));
    await new Promise((r) => setTimeout(r, 300));
    const error = await db()
      .$transaction(async () => {}, { maxWait: 50 })
      .then(
        () => null,
        (e: unknown) => e,
      );
    release();
    await Promise.all(holders);
    expect((error as { code?: string } | null)?.code).toBe("P2028");
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
