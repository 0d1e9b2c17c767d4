// PostgreSQL stopped and started again while REST load and the billing worker (scripts/worker.ts, under
// the same supervisor as `npm start`) run, on this file's own embedded server: while it is down every
// request answers 503 {"detail": ...} with Retry-After quickly (no hang) and /api/health says so; after
// the restart requests succeed again, the LISTEN connection is back, every due period of every contract
// is billed exactly once and every event reaches the webhook endpoint.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper
import { workerCommand } from "@/scripts/lib/processes.mjs";
// @ts-expect-error plain ESM helper
import { supervise } from "@/scripts/lib/supervise.mjs";
import { changesLive } from "@/server/changes";
import { appRouter } from "@/server/trpc/root";
import { at, newWorld, ok, utc, type World } from "@/tests/billing/_world";
import { setEnv } from "@/tests/env";
import { db, get } from "@/tests/helpers";
import { type OwnPostgres, ownPostgres } from "./_pg";

const CONTRACTS = 12;
const SLOW_MS = 5_000; // "fails fast": far below a hang, generous for a loaded 2-core machine
// after the real date: the account clock is the later of the test clock and real time
const YEAR = new Date().getUTCFullYear() + 1;
const T0 = utc(YEAR, 1, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let pgServer: OwnPostgres;
let worker: { stop(): Promise<void>; restarts(): number };
let hook: http.Server;
const received = new Map<string, number>(); // webhook-id → deliveries
const workerLog: string[] = [];

async function until<T>(
  what: string | (() => string),
  ms: number,
  probe: () => Promise<T | false | null | undefined>,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v) return v;
    if (Date.now() > end)
      throw new Error(
        `timed out waiting for ${typeof what === "string" ? what : what()}\nworker log:\n${workerLog.join("").slice(-3000)}`,
      );
    await sleep(250);
  }
}

async function health() {
  const mod = await import(path.resolve("app/api/health/route.ts"));
  const t = Date.now();
  const res: Response = await mod.GET();
  return { status: res.status, body: await res.json(), ms: Date.now() - t };
}

/** REST traffic in the background: statuses and durations of every request. */
function load(w: World) {
  const seen: { status: number; ms: number; body: any; retryAfter: string | null }[] = [];
  let on = true;
  const paths = [
    "/v2/subscription-contracts/",
    "/v2/catalog/products/",
    "/v2/billing-runs/?page_size=5",
    "/v2/customers/",
  ];
  const loops = Array.from({ length: 3 }, async (_, i) => {
    for (let n = i; on; n++) {
      const t = Date.now();
      const r = await get(paths[n % paths.length], { key: w.key });
      seen.push({ status: r.status, ms: Date.now() - t, body: r.body, retryAfter: r.headers.get("retry-after") });
      await sleep(20);
    }
  });
  return {
    seen,
    stop: async () => {
      on = false;
      await Promise.all(loops);
    },
  };
}

beforeAll(async () => {
  pgServer = await ownPostgres();
  // the key cache and its LISTEN connection take part
  setEnv({ DATABASE_URL: pgServer.url, AUTH_CACHE: "on", WEBHOOKS_ALLOW_LOOPBACK: "1" });
  hook = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      received.set(id, (received.get(id) ?? 0) + 1);
      res.end("ok");
    });
  });
  await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await new Promise((r) => hook?.close(r));
  await db()
    .$disconnect()
    .catch(() => {});
  await pgServer?.dispose();
});

describe("PostgreSQL restarted under load", () => {
  it("503 fast while down, then everything resumes: each period billed once, every event delivered", async () => {
    const w = await newWorld();
    ok(
      await w.post("/v2/webhook-endpoints/", { url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook` }),
      201,
    );
    at(T0);
    const ids: number[] = [];
    for (let i = 0; i < CONTRACTS; i++)
      ids.push(
        ok(
          await w.post("/v2/subscription-contracts/", {
            customer_reference: "cust-1001",
            items: [{ price: w.ids.basicMonthly }],
          }),
          201,
        ).id,
      );
    at(null);

    const env = { ...process.env, DATABASE_URL: pgServer.url, TICK_SECONDS: "1", LOG_LEVEL: "warn", NODE_ENV: "test" };
    const log = (m: string) => workerLog.push(`[supervisor] ${m}\n`);
    const [cmd, args] = workerCommand(env);
    worker = supervise("worker", cmd, args, { env, log, output: (t: string) => workerLog.push(t) });
    const traffic = load(w);
    // the worker bills Feb 10 on the moving test clock; the database goes away right after the move
    await db().account.update({ where: { id: w.accountId }, data: { testClockAt: new Date(utc(YEAR, 2, 10)) } });
    await until(
      "the worker to bill something",
      60_000,
      async () => (await db().billingRun.count({ where: { accountId: w.accountId } })) > 0,
    );
    const before = traffic.seen.length;
    await pgServer.stop();
    const downAt = Date.now();
    await sleep(4_000);
    const down = await health();
    // the admin console's tRPC: SERVICE_UNAVAILABLE (HTTP 503), not an internal error
    const console_ = appRouter.createCaller({
      session: { userId: 1, accountId: w.accountId, email: null, name: null },
    });
    const trpcDown = await console_.customers.list().then(
      () => null,
      (e) => e,
    );
    const duringOutage = traffic.seen.slice(before);
    await pgServer.start();
    const upAt = Date.now();

    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: "error", database: "unreachable" });
    expect(down.ms).toBeLessThan(SLOW_MS);
    expect([trpcDown?.code, trpcDown?.message]).toEqual(["SERVICE_UNAVAILABLE", "Service temporarily unavailable."]);
    const failed = duringOutage.filter((r) => r.status !== 200);
    console.log(
      `outage ${upAt - downAt} ms: ${duringOutage.length} requests, ${failed.length} failed, slowest ${Math.max(...duringOutage.map((r) => r.ms))} ms`,
    );
    expect(failed.length).toBeGreaterThan(10);
    for (const r of failed) {
      expect([r.status, r.body, r.retryAfter]).toEqual([503, { detail: "Service temporarily unavailable." }, "5"]);
      expect(r.ms).toBeLessThan(SLOW_MS);
    }

    // back: requests succeed, health is ok, notifications are live again
    await until(
      "requests to succeed again",
      30_000,
      async () => (await get("/v2/subscription-contracts/", { key: w.key })).status === 200,
    );
    expect((await health()).status).toBe(200);
    expect((await console_.customers.list()).length).toBeGreaterThan(0);
    await until("the LISTEN connection to reconnect", 30_000, async () => changesLive());
    const after = traffic.seen.length;
    await sleep(1_500);
    // the clock moves on: Mar 10 and Apr 10 are due as well
    await db().account.update({ where: { id: w.accountId }, data: { testClockAt: new Date(utc(YEAR, 4, 10)) } });
    const expected = CONTRACTS * 3;
    await until(
      "every period to be built",
      90_000,
      async () => (await db().billingRun.count({ where: { accountId: w.accountId } })) >= expected,
    );
    // runs the outage caught mid-charge keep their lease (120 s real time): simulate its expiry once billing is quiet
    await sleep(3_000);
    await db()
      .$executeRaw`update billing_runs set processing_since = now() - interval '10 minutes' where account_id = ${w.accountId} and state = 'processing'`;
    let states = "";
    await until(
      () => `every run to succeed (runs by state: ${states})`,
      90_000,
      async () => {
        const by = await db().billingRun.groupBy({ by: ["state"], where: { accountId: w.accountId }, _count: true });
        states = JSON.stringify(Object.fromEntries(by.map((b) => [b.state, b._count])));
        return by.length === 1 && by[0].state === "succeeded";
      },
    );
    await traffic.stop();
    expect(traffic.seen.slice(after).filter((r) => r.status !== 200)).toEqual([]);

    const runs = await db().billingRun.findMany({ where: { accountId: w.accountId }, include: { attempts: true } });
    const keys = runs.map((r) => `${r.contractId}|${r.periodStartAt.toISOString()}`);
    expect(new Set(keys).size).toBe(keys.length); // no period twice
    expect(runs.length).toBe(expected);
    for (const id of ids) {
      const starts = runs
        .filter((r) => r.contractId === id)
        .map((r) => r.periodStartAt.toISOString())
        .sort();
      expect(starts, `contract ${id}`).toEqual([utc(YEAR, 2, 10), utc(YEAR, 3, 10), utc(YEAR, 4, 10)]);
    }
    // charged once each
    for (const r of runs) expect(r.attempts.filter((a) => a.state === "succeeded").length, `run ${r.id}`).toBe(1);

    // every event reaches the endpoint (at least once; retries of a lost acknowledgement may repeat one)
    await until("every event to be delivered", 120_000, async () => {
      await db().$executeRaw`update webhook_deliveries set next_attempt_at = now() where state = 'pending'`;
      const events = await db().outboxEvent.findMany({ where: { accountId: w.accountId }, select: { eventId: true } });
      // the endpoint's 200 comes before the worker records the delivery as succeeded: wait for both
      const succeeded = await db().webhookDelivery.count({
        where: { eventId: { in: events.map((e) => e.eventId) }, state: "succeeded" },
      });
      return events.length > 0 && events.every((e) => received.has(e.eventId)) && succeeded >= events.length;
    });
    const events = await db().outboxEvent.count({ where: { accountId: w.accountId } });
    expect(
      await db().webhookDelivery.count({ where: { eventId: { in: [...received.keys()] }, state: "succeeded" } }),
    ).toBe(events);
    process.stdout.write(workerLog.filter((l) => l.startsWith("[supervisor]")).join(""));
    console.log(
      `runs ${runs.length}, events ${events}, webhooks received ${[...received.values()].reduce((a, b) => a + b, 0)} (distinct ${received.size}), worker restarts ${worker.restarts()}`,
    );
  }, 300_000);
});
