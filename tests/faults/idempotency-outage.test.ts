// PostgreSQL stopped while keyed contract creations run (on this file's own embedded server, see _pg.ts):
// the requests caught by the outage fail (503) and cannot release their keys; once the database is back,
// every client's retry of its key is answered at once (no 409 while a claim of a request the outage
// ended waits out a lease) and each key ends with exactly one contract.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeedResult } from "@/server/seed/demo";
import { setEnv } from "@/tests/env";
import { type ApiResponse, db, get, post, seed } from "@/tests/helpers";
import { type OwnPostgres, ownPostgres } from "./_pg";

const CLIENTS = 12;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let pgServer: OwnPostgres;
let seeded: SeedResult;
beforeAll(async () => {
  pgServer = await ownPostgres();
  setEnv({ DATABASE_URL: pgServer.url });
  seeded = await seed();
}, 120_000);
afterAll(async () => {
  await db()
    .$disconnect()
    .catch(() => {});
  await pgServer?.dispose();
});

const create = (key: string) =>
  post(
    "/v2/subscription-contracts/",
    { customer_reference: "cust-1001", items: [{ price: seeded.ids.basicMonthly }], metadata: { outage_key: key } },
    { headers: { "Idempotency-Key": key } },
  );
const contractsOf = (keys: string[]) =>
  db().$queryRaw<{ id: number; key: string }[]>`
    select id, metadata->>'outage_key' as key from subscription_contracts where metadata->>'outage_key' = any(${keys})`;

describe("Idempotency-Key across a database outage", () => {
  it("retries after the database is back are answered at once, one contract per key", async () => {
    const keys = Array.from({ length: CLIENTS }, (_, i) => `outage-${i}`);
    expect((await create("outage-warm-up")).status).toBe(201);
    const during = Promise.all(keys.map((key) => create(key).catch(() => null)));
    const t0 = Date.now();
    while ((await contractsOf(keys)).length < CLIENTS / 4 && Date.now() - t0 < 30_000) await sleep(5);
    await pgServer.stop();
    const caught = (await during).filter((r): r is ApiResponse => r !== null);
    await pgServer.start();
    const upAt = Date.now();
    const pending = await db()
      .idempotencyRecord.count({ where: { key: { in: keys }, state: "pending" } })
      .catch(() => -1);
    console.log(
      `outage: ${caught.filter((r) => r.status === 201).length} created before it, ${caught.filter((r) => r.status === 503).length} answered 503, ${pending} keys left pending`,
    );
    expect(caught.some((r) => r.status === 503)).toBe(true);

    // each client retries its key until it gets an answer other than 503 (the pool reconnecting)
    const statuses: number[] = [];
    const answers = await Promise.all(
      keys.map(async (key) => {
        for (;;) {
          const r = await create(key);
          statuses.push(r.status);
          if (r.status !== 503 || Date.now() - upAt > 30_000) return r;
          await sleep(200);
        }
      }),
    );
    const answeredIn = Date.now() - upAt;
    console.log(`retries answered ${answeredIn} ms after the database was back`);
    expect(answers.map((r) => r.status)).toEqual(keys.map(() => 201));
    expect(statuses.filter((s) => s === 409)).toEqual([]);
    expect(answeredIn).toBeLessThan(15_000);

    const contracts = await contractsOf(keys);
    expect(contracts.map((c) => c.key).sort()).toEqual([...keys].sort());
    for (const [i, key] of keys.entries())
      expect(answers[i].body.id, key).toBe(contracts.find((c) => c.key === key)!.id);
    // still healthy afterwards
    expect((await get("/v2/subscription-contracts/?page_size=1")).status).toBe(200);
  }, 120_000);
});
