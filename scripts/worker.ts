// `npm run worker`: the billing worker on pg-boss (PostgreSQL job queue). A tick every TICK_SECONDS
// (and a cron safety net every minute) splits due contracts into jobs that any worker process may take;
// exactly-once billing comes from the database (unique run per contract and period, row locks).
// SIGTERM/SIGINT: no new jobs; the chunk in hand is finished (within SHUTDOWN_GRACE_MS) and the rest of its
// batch handed back to the queue, then the process exits 0. Spans when traces are configured (server/tracing.ts).
import PgBoss from "pg-boss";
import { config } from "@/server/config";
import { connectionOptions, getDb } from "@/server/db";
import { log } from "@/server/log";
import { traced, tracesWanted } from "@/server/tracing";
import { startTracing, stopTracing } from "@/server/tracingSetup";
import { billChunk, calendarTick, dueChunks, noticeMailTick, webhookPump } from "@/server/worker/billing";
import { setUpQueues } from "@/server/worker/queueSetup";

const { DATABASE_URL: url, TICK_SECONDS, WORKER_CONCURRENCY: CONCURRENCY, SHUTDOWN_GRACE_MS: GRACE_MS } = config();
if (!url) throw new Error("DATABASE_URL is not set (npm start sets it; or run via scripts/with-db.mjs)");
if (tracesWanted()) await startTracing({ role: "worker" });
let stopping = false;

// the same connect and statement timeouts as the app, so a database restart surfaces as errors, not hangs
const boss = new PgBoss({ connectionString: url, schema: "pgboss", max: 4, ...connectionOptions() });
boss.on("error", (e) => log.error({ err: e }, "pg-boss error"));
await boss.start();
await setUpQueues(
  boss,
  ["billing-tick", "bill-contracts", "webhooks-tick"],
  [
    ["billing-tick", "* * * * *"],
    ["webhooks-tick", "* * * * *"],
  ],
);
const db = getDb();

await boss.work("billing-tick", async () => {
  const chunks = await dueChunks(db);
  // a chunk that hangs (e.g. a lost connection) expires, so its worker moves on; the next tick re-queues it
  if (chunks.length)
    await boss.insert(chunks.map((c) => ({ name: "bill-contracts", data: c, retryLimit: 3, expireInSeconds: 300 })));
  // dunning notices by the calendar (expiring cards, upcoming renewals): idempotent, once per subject
  await calendarTick(db);
});
for (let i = 0; i < CONCURRENCY; i++) {
  // several chunks per fetch: pg-boss waits out the rest of its polling interval after a short batch
  await boss.work<{ accountId: number; ids: number[] }>(
    "bill-contracts",
    { batchSize: 5, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) {
        // stopping: the chunks not started go back to the queue (the batch fails, so pg-boss retries all of
        // it; billing a chunk again is a no-op, since runs are unique per contract and period)
        if (stopping) throw new Error("worker stopping: chunk handed back");
        const s = await traced("billChunk", () => billChunk(db, job.data));
        if (s.runsCreated || s.runsExecuted || s.changes) log.info({ ...s, accountId: job.data.accountId }, "billed");
      }
    },
  );
}
// deliveries run in the background of this process (parallel, per-endpoint limits); a tick only starts them
const pumpWebhooks = webhookPump(db);
await boss.work("webhooks-tick", async () => {
  await pumpWebhooks();
  await noticeMailTick(db); // the optional SMTP sender (off unless SMTP_URL and NOTICES_FROM are set)
});

const timer = setInterval(() => {
  const slot = Math.floor(Date.now() / (TICK_SECONDS * 1000));
  // one tick per slot across all workers: pg-boss drops duplicate singleton keys
  void boss.send("billing-tick", {}, { singletonKey: `tick-${slot}` }).catch(() => {});
  void boss.send("webhooks-tick", {}, { singletonKey: `wh-${slot}` }).catch(() => {});
}, TICK_SECONDS * 1000);
log.info({ tickSeconds: TICK_SECONDS, concurrency: CONCURRENCY }, "worker started");

/**
 * Stops taking jobs and waits up to SHUTDOWN_GRACE_MS for those in hand; pg-boss then fails (hands back) any
 * still active, so another worker retries them. A chunk cut off mid-way leaves its claimed runs to their lease.
 */
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal, graceMs: GRACE_MS }, "worker stopping: no new jobs, finishing those in hand");
  clearInterval(timer);
  await boss.stop({ graceful: true, timeout: GRACE_MS });
  await db.$disconnect();
  await stopTracing();
  log.info("worker stopped");
  process.exit(0);
};
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
