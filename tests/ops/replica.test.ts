// Read replicas (issue 34, item 3) against a real streaming replica of an embedded PostgreSQL: with
// DATABASE_REPLICA_URL, lists and analytics read from the replica, except that a client's own change is
// visible at once (its reads go to the primary until the replica has replayed it).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { seedDemo } from "@/server/seed/demo";
import { setEnv, withEnv } from "@/tests/env";
import { get, patch, post } from "@/tests/helpers";
import { type PrimaryAndReplica, primaryAndReplica } from "./_replica";

let s: PrimaryAndReplica;
let restoreEnv: (() => void) | undefined;
let primary: pg.Client;

beforeAll(async () => {
  s = await primaryAndReplica();
  restoreEnv = setEnv({ DATABASE_URL: s.primaryUrl, DATABASE_REPLICA_URL: s.replicaUrl });
  await seedDemo(getDb(), { secretKey: "sk_test_demo_secret", otherSecretKey: "sk_test_other_secret" });
  primary = new pg.Client({ connectionString: s.primaryUrl });
  await primary.connect();
  await s.caughtUp();
}, 240_000);

afterAll(async () => {
  await primary?.end();
  restoreEnv?.();
  await s?.dispose();
}, 60_000);

const names = async () => {
  const res = await get("/v2/customers/?page_size=100");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map<string, string | null>(
    res.body.results.map((c: { reference: string; name: string | null }) => [c.reference, c.name]),
  );
};

describe("with DATABASE_REPLICA_URL", () => {
  it("lists read the replica: a change made behind the API's back is not there until replayed", async () => {
    await s.pauseReplay();
    try {
      // written on the primary directly: no client of this account changed anything through the API
      await primary.query("update customers set name = 'Written on the primary' where reference = 'cust-1003'");
      expect((await names()).get("cust-1003")).toBe("Carol Example");
    } finally {
      await s.resumeReplay();
    }
    await s.caughtUp();
    expect((await names()).get("cust-1003")).toBe("Written on the primary");
  });

  it("a client's own change is visible at once, even while the replica lags; then the replica serves again", async () => {
    await s.pauseReplay();
    try {
      const changed = await patch("/v2/customers/cust-1002/", { name: "Renamed through the API" });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      // the fence is ahead of the paused replica: the list comes from the primary
      expect((await names()).get("cust-1002")).toBe("Renamed through the API");
      const created = await post("/v2/subscription-contracts/", {
        customer_reference: "cust-1001",
        items: [{ price: (await get("/v2/catalog/prices/?page_size=1")).body.results[0].id }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const listed = await get("/v2/subscription-contracts/?page_size=100");
      expect(listed.body.results.map((c: { id: number }) => c.id)).toContain(created.body.id);
      const analytics = await get("/v2/analytics/mrr-movements/");
      expect(analytics.status, JSON.stringify(analytics.body)).toBe(200);
    } finally {
      await s.resumeReplay();
    }
    await s.caughtUp();
    // caught up: reads are the replica's again, and a direct write on the primary shows it
    await s.pauseReplay();
    try {
      await primary.query("update customers set name = 'Later, on the primary' where reference = 'cust-1002'");
      expect((await names()).get("cust-1002")).toBe("Renamed through the API");
    } finally {
      await s.resumeReplay();
    }
  });

  it("analytics and exports answer from the replica the same figures as from the primary", async () => {
    await s.caughtUp();
    const fromReplica = await get("/v2/analytics/mrr-movements/");
    const csv = await get("/v2/exports/customers/?format=csv");
    expect(csv.status).toBe(200);
    await withEnv({ DATABASE_REPLICA_URL: undefined }, async () => {
      const fromPrimary = await get("/v2/analytics/mrr-movements/");
      expect(fromReplica.body.currencies).toEqual(fromPrimary.body.currencies);
      expect((await get("/v2/exports/customers/?format=csv")).body).toBe(csv.body);
    });
  });
});
