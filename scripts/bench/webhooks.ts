// `npm run bench:webhooks`: webhook delivery at volume in one worker process, against real PostgreSQL and
// two receivers on 127.0.0.1. BENCH_DELIVERIES (5,000) events go to an endpoint that answers at once except
// for BENCH_SLOW_PCT (3) % of requests, which take BENCH_SLOW_MS (2,000) ms; meanwhile BENCH_BACKLOG (200)
// events go to an endpoint that never answers within the 10 s timeout. Prints the time to drain the first
// endpoint, both endpoints' final concurrency windows, and how late the always-slow endpoint's retries came
// compared with their back-off. Delivery runs on a clock BENCH_CLOCK_SPEED (6) times faster than real time
// (claims and back-off follow it, the 10 s timeout stays real), so back-offs of minutes pass within the run.
// Uses DATABASE_URL's server or the embedded one, in a database bench_webhooks made afresh.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
// @ts-expect-error plain ESM helpers
import { provideDatabase } from "@/scripts/lib/database.mjs";
// @ts-expect-error plain ESM helpers
import { bin, mustRun } from "@/scripts/lib/run.mjs";

const N = Number(process.env.BENCH_DELIVERIES ?? 5_000);
const SLOW_PCT = Number(process.env.BENCH_SLOW_PCT ?? 3);
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 2_000);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 200);
const SPEED = Number(process.env.BENCH_CLOCK_SPEED ?? 6);
const RUN_SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 150);
process.env.LOG_LEVEL ??= "warn";

const server = await provideDatabase({ dbName: "postgres" });
const dbUrl = new URL(server.url);
dbUrl.pathname = "/bench_webhooks";
{
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`drop database if exists bench_webhooks with (force)`);
  await admin.query(`create database bench_webhooks`);
  await admin.end();
}
process.env.DATABASE_URL = dbUrl.toString();
await mustRun(bin("prisma"), ["migrate", "deploy"], { env: process.env, quiet: true });
const { reloadConfig } = await import("@/server/config");
reloadConfig();
const { getDb } = await import("@/server/db");
const { fanOut, backoffMs } = await import("@/server/domain/webhooks/deliver");
const { DeliveryDispatcher, deliveryOptions } = await import("@/server/domain/webhooks/dispatch");
const db = getDb();

// receivers: every slow request of the mostly-fast one is spread evenly (request n is slow when n*pct crosses 100)
let requests = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  if (req.url === "/always-slow") {
    const t = setTimeout(() => res.end("late"), 12_000);
    res.on("close", () => clearTimeout(t));
    return;
  }
  requests++;
  const slow = Math.floor((requests * SLOW_PCT) / 100) !== Math.floor(((requests - 1) * SLOW_PCT) / 100);
  if (slow) setTimeout(() => res.end("ok"), SLOW_MS);
  else res.end("ok");
});
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const start = Date.now();
const epoch = new Date("2030-01-01T00:00:00.000Z").getTime();
const clock = { now: () => new Date(epoch + (Date.now() - start) * SPEED) };
const ctx = { db, clock };

async function accountWithEndpoint(name: string, path: string) {
  const account = await db.account.create({ data: { name } });
  const ep = await db.webhookEndpoint.create({
    data: { accountId: account.id, url: `${base}${path}`, secret: "whsec_bench", enabledEvents: ["*"] },
  });
  return { accountId: account.id, endpointId: ep.id };
}
const fast = await accountWithEndpoint("Mostly fast", "/mostly-fast");
const slow = await accountWithEndpoint("Always slow", "/always-slow");
const addEvents = (accountId: number, n: number) =>
  db.outboxEvent.createMany({
    data: Array.from({ length: n }, () => ({
      accountId,
      eventId: `evt_${randomBytes(12).toString("hex")}`,
      type: "bench.event",
      payload: { bench: true },
      createdAt: clock.now(),
    })),
  });
await addEvents(slow.accountId, BACKLOG);
await addEvents(fast.accountId, N);
const fanOutStart = Date.now();
while ((await fanOut(ctx, { limit: 1_000 })) > 0);
console.log(`fan-out: ${N + BACKLOG} deliveries created in ${((Date.now() - fanOutStart) / 1000).toFixed(1)} s`);
// delivery starts now: the drain time and the run's length count from here
const sendStart = Date.now();

console.log(
  `bench:webhooks: ${N} deliveries to an endpoint slow (${SLOW_MS} ms) for ${SLOW_PCT} % of requests, ${BACKLOG} to one that always times out (10 s); one worker, clock ×${SPEED}`,
);
// the lease is on the dispatcher's clock: scaled with it, so it still outlasts a 10 s attempt
const dispatcher = new DeliveryDispatcher(ctx, deliveryOptions({ allowLoopback: true, leaseMs: 60_000 * SPEED }));
// the worker's tick: pump once a second (attempts that end pump again at once)
const ticker = setInterval(() => void dispatcher.pump().catch((e) => console.error(e)), 1_000);
await dispatcher.pump();

const pendingOf = (endpointId: number) => db.webhookDelivery.count({ where: { endpointId, state: "pending" } });
let drainedAt: number | null = null;
const windows: number[] = [];
while (Date.now() - sendStart < RUN_SECONDS * 1000) {
  await new Promise((r) => setTimeout(r, 1_000));
  const w = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: fast.endpointId } });
  windows.push(w.concurrency);
  if (drainedAt === null && (await pendingOf(fast.endpointId)) === 0) {
    drainedAt = Date.now();
    console.log(`mostly-fast endpoint drained: ${N} deliveries in ${((drainedAt - sendStart) / 1000).toFixed(1)} s`);
  }
}
clearInterval(ticker);
const sent = await db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId: fast.endpointId } } });
console.log(
  `mostly-fast: ${sent} attempts, ${((sent / ((drainedAt ?? Date.now()) - sendStart)) * 1000).toFixed(0)} per second`,
);
if (drainedAt === null)
  console.log(`mostly-fast endpoint NOT drained in ${RUN_SECONDS} s: ${await pendingOf(fast.endpointId)} pending`);

// retry lateness of the always-slow endpoint: each retry's start against the previous attempt's end plus its
// back-off (ends are derived from the real duration on the sped-up clock), in clock seconds
const attempts = await db.webhookDeliveryAttempt.findMany({
  where: { delivery: { endpointId: slow.endpointId } },
  orderBy: [{ deliveryId: "asc" }, { number: "asc" }],
});
const late: number[] = [];
const spacing: string[] = [];
for (let i = 1; i < attempts.length; i++) {
  const [prev, cur] = [attempts[i - 1], attempts[i]];
  if (prev.deliveryId !== cur.deliveryId) continue;
  const due = prev.startedAt.getTime() + prev.durationMs * SPEED + backoffMs(prev.number);
  late.push((cur.startedAt.getTime() - due) / 1000);
  if (cur.deliveryId === attempts[0].deliveryId)
    spacing.push(`${((cur.startedAt.getTime() - prev.startedAt.getTime()) / 1000).toFixed(0)} s`);
}
late.sort((a, b) => a - b);
const q = (p: number) => (late.length ? late[Math.min(late.length - 1, Math.floor(p * late.length))].toFixed(1) : "–");
const slowWindow = (await db.webhookEndpoint.findUniqueOrThrow({ where: { id: slow.endpointId } })).concurrency;
console.log(
  `mostly-fast window: max ${Math.max(...windows)}, final ${windows[windows.length - 1]}; always-slow window: ${slowWindow}`,
);
console.log(
  `always-slow: ${attempts.length} attempts, ${late.length} retries; retry lateness vs back-off (clock s): median ${q(0.5)}, p90 ${q(0.9)}, max ${q(0.999)}`,
);
console.log(`always-slow: first delivery's attempts spaced ${spacing.join(", ") || "–"} (back-off 60, 120, 240 … s)`);
receiver.closeAllConnections();
receiver.close();
// attempts still hanging on the always-slow endpoint are abandoned with the process
await new Promise((r) => setTimeout(r, 100));
await db.$disconnect();
await server.stop();
process.exit(0);
