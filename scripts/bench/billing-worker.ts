// One benchmark worker process: takes chunk jobs from pg-boss and bills them as scripts/worker.ts does, with
// its WORKER_CONCURRENCY chunk pollers (2 by default: one chunk's SQL overlaps the other's JavaScript).
import PgBoss from "pg-boss";
import { config } from "@/server/config";
import { getDb } from "@/server/db";
import { billChunk } from "@/server/worker/billing";

const boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, schema: "pgboss" });
await boss.start();
const db = getDb();
for (let i = 0; i < config().WORKER_CONCURRENCY; i++)
  await boss.work<{ accountId: number; ids: number[] }>(
    "bill-contracts",
    { batchSize: 5, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await billChunk(db, job.data);
    },
  );
// the parent starts its clock once every worker has loaded its modules and connected (a process's start is
// not billing)
await db.$queryRaw`select 1`;
console.log("ready");
// the parent samples memory through this line (resident set size, in bytes)
setInterval(() => console.log(`rss ${process.memoryUsage().rss}`), 5_000).unref();
process.on("SIGTERM", async () => {
  await boss.stop({ graceful: false });
  process.exit(0);
});
