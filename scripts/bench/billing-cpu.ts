// `npm run bench:billing-cpu`: the CPU one billed contract costs, on both sides, without the noise of a shared
// machine's wall clock. Bills the due contracts of DATABASE_URL (seeded by `BENCH_POPULATE_ONLY=1 npm run
// bench:billing`) in this process, chunk by chunk as the worker does (WORKER_CONCURRENCY chunks at once), and
// prints Node's CPU (process.cpuUsage) and PostgreSQL's (its backends' utime + stime from /proc: the server
// must run on this machine) per billed contract. BENCH_SQL_PROFILE=1: also each statement's count and time
// (run it with WORKER_CONCURRENCY=1 so a statement's time is the server's, not a wait for the other chunk).
import { readFileSync } from "node:fs";
import pg from "pg";
import { config } from "@/server/config";
import { getDb } from "@/server/db";
import { billChunk, dueChunks } from "@/server/worker/billing";

const url = config().DATABASE_URL!;
const TICKS = 100; // USER_HZ on Linux

/** CPU ticks so far of the database's client backends (autovacuum's workers on it apart: `vacuum:` keys). */
async function backendTicks(c: pg.Client, db: string): Promise<Map<string, number>> {
  const { rows } = await c.query(
    `select pid, backend_type from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [db],
  );
  const ticks = new Map<string, number>();
  for (const { pid, backend_type } of rows) {
    try {
      // fields after the command's closing parenthesis: utime and stime are the 14th and 15th of the line
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks.set(`${backend_type === "client backend" ? "" : "vacuum:"}${pid}`, Number(f[11]) + Number(f[12]));
    } catch {}
  }
  return ticks;
}

/** The database's buffer accesses so far (autovacuum's on it included): the server's work, apart from CPU time. */
async function bufferAccesses(c: pg.Client, db: string): Promise<number> {
  // backends publish their counters when idle, at most a second late
  await new Promise((r) => setTimeout(r, 1_500));
  await c.query("select pg_stat_clear_snapshot()");
  const { rows } = await c.query(`select blks_hit + blks_read as n from pg_stat_database where datname = $1`, [db]);
  return Number(rows[0].n);
}

const profile = new Map<string, { n: number; ms: number }>();
/** Times the promise-style queries of `proto` (a connection's, or a pool's outside transactions). */
function timeQueries(proto: { query: (...args: any[]) => any }) {
  const query = proto.query;
  proto.query = function (this: unknown, ...args: any[]): any {
    const text: string | undefined = typeof args[0] === "string" ? args[0] : args[0]?.text;
    const result = query.apply(this, args);
    if (!text || typeof result?.then !== "function") return result;
    const started = performance.now();
    const key = text.replace(/\s+/g, " ").slice(0, 110);
    return result.finally(() => {
      const p = profile.get(key) ?? { n: 0, ms: 0 };
      p.n++;
      p.ms += performance.now() - started;
      profile.set(key, p);
    });
  };
}
if (process.env.BENCH_SQL_PROFILE) {
  timeQueries(pg.Client.prototype);
  timeQueries(pg.Pool.prototype);
}

const db = getDb();
const dbName = new URL(url).pathname.slice(1);
const probe = new pg.Client({ connectionString: url });
await probe.connect();
const chunks = await dueChunks(db, 200, undefined, 10_000_000);
// the first chunk warms the process up (modules, plans, the pool): not counted
const first = chunks.shift();
if (first) await billChunk(db, first);
const buffersBefore = await bufferAccesses(probe, dbName);
const before = await backendTicks(probe, dbName);
const cpu = process.cpuUsage();
const started = performance.now();
let billed = 0;
let next = 0;
await Promise.all(
  Array.from({ length: config().WORKER_CONCURRENCY }, async () => {
    while (next < chunks.length) {
      const s = await billChunk(db, chunks[next++]);
      billed += s.runsExecuted;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
const after = await backendTicks(probe, dbName);
const buffers = (await bufferAccesses(probe, dbName)) - buffersBefore;
let pgTicks = 0;
let vacuumTicks = 0;
for (const [key, t] of after) {
  const used = t - (before.get(key) ?? 0);
  if (key.startsWith("vacuum:")) vacuumTicks += used;
  else pgTicks += used;
}
const per = (ms: number) => `${((ms / Math.max(billed, 1)) * 1000).toFixed(0)} µs`;
console.log(
  `${billed} runs charged in ${seconds.toFixed(1)} s; per billed contract: Node ${per((used.user + used.system) / 1000)} (user ${per(used.user / 1000)}), PostgreSQL backends ${per((pgTicks * 1000) / TICKS)} (autovacuum on the database meanwhile: ${per((vacuumTicks * 1000) / TICKS)}); buffer accesses ${(buffers / Math.max(billed, 1)).toFixed(1)}`,
);
if (profile.size) {
  const rows = [...profile].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30);
  for (const [sql, p] of rows)
    console.log(`${p.ms.toFixed(0).padStart(7)} ms ${String(p.n).padStart(6)}× ${per(p.ms)}/contract  ${sql}`);
}
await probe.end();
await db.$disconnect();
process.exit(0);
