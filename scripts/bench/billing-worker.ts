// One benchmark worker process: takes chunk jobs from pg-boss and bills them (as scripts/worker.ts does).
import PgBoss from "pg-boss";
import { getDb } from "@/server/db";
import { billChunk } from "@/server/worker/billing";

const boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, schema: "pgboss" });
await boss.start();
const db = getDb();
await boss.work<{ accountId: number; ids: number[] }>(
  "bill-contracts",
  { batchSize: 5, pollingIntervalSeconds: 1 },
  async (jobs) => {
    for (const job of jobs) await billChunk(db, job.data);
  },
);
process.on("SIGTERM", async () => {
  await boss.stop({ graceful: false });
  process.exit(0);
});
