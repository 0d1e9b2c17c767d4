// `npm run bench:billing`: contracts billed per second for BENCH_CONTRACTS (default 100,000) due monthly
// contracts, with 1 and with 4 worker processes taking chunk jobs from pg-boss, against real PostgreSQL,
// next to the database's own ceiling (pgbench TPC-B on the same server) in the same run. Prints figures.
// Uses DATABASE_URL's server or the embedded one; works in databases bench_billing / bench_pgbench.
import { execFileSync, spawn } from "node:child_process";
import pg from "pg";
import PgBoss from "pg-boss";
// @ts-expect-error plain ESM helpers
import { provideDatabase } from "@/scripts/lib/database.mjs";
// @ts-expect-error plain ESM helpers
import { mustRun } from "@/scripts/lib/run.mjs";

const N = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,4").split(",").map(Number);
const server = await provideDatabase({ dbName: "postgres" });
const urlOf = (db: string) => {
  const u = new URL(server.url);
  u.pathname = `/${db}`;
  return u.toString();
};

async function recreate(db: string) {
  const c = new pg.Client({ connectionString: urlOf("postgres") });
  await c.connect();
  await c.query(`drop database if exists "${db}" with (force)`);
  await c.query(`create database "${db}"`);
  await c.end();
}

/** N contracts of one account, each with one monthly item whose period ended an hour ago: one run due each. */
async function populate(url: string, n: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = (sql: string, params: unknown[] = []) => c.query(sql, params);
  const acct = (await q(`insert into accounts (name, mode, updated_at) values ('Bench', 'test', now()) returning id`))
    .rows[0].id;
  const product = (
    await q(
      `insert into catalog_products (account_id, name, updated_at) values ($1, 'Bench product', now()) returning id`,
      [acct],
    )
  ).rows[0].id;
  const price = (
    await q(
      `insert into catalog_prices (account_id, product_id, currency, billing_type, recurrence_type, interval, interval_count, updated_at) values ($1, $2, 'EUR', 'recurring', 'interval', 'month', 1, now()) returning id`,
      [acct, product],
    )
  ).rows[0].id;
  await q(`insert into price_versions (price_id, unit_amount) values ($1, 9.9)`, [price]);
  const proc = (
    await q(
      `insert into account_payment_processors (account_id, display_name, processor_type, render_mode, currency, collection_method) values ($1, 'Sandbox', 'sandbox_generic', 'generic_card_form', 'EUR', 'card') returning id`,
      [acct],
    )
  ).rows[0].id;
  await q(
    `insert into customers (account_id, reference, updated_at) select $1, 'bench-' || g, now() from generate_series(1, $2) g`,
    [acct, n],
  );
  await q(
    `insert into payment_methods (account_id, customer_id, processor_id, collection_method, state, verified, token, updated_at)
           select $1, id, $2, 'card', 'active', true, 'tok_sandbox_4242424242424242', now() from customers where account_id = $1`,
    [acct, proc],
  );
  await q(
    `insert into subscription_contracts (account_id, customer_id, state, currency, billing_anchor_at, next_billing_at, input_mode, subscriber_token, updated_at)
           select $1, id, 'active', 'EUR', now() - interval '1 month 1 hour', now() - interval '1 hour', 'items', 'bench-' || id, now() from customers where account_id = $1`,
    [acct],
  );
  // NOTE: the items' MRR triggers (one span refresh per row, ~1 ms) are off for the seed: billing reads no
  // spans, and they made seeding a million contracts take longer than billing them
  await q(`set session_replication_role = replica`);
  await q(
    `insert into contract_items (contract_id, price_id, product_id, quantity, source, period_start_at, period_end_at, updated_at)
           select id, $2, $3, 1, 'items', billing_anchor_at, next_billing_at, now() from subscription_contracts where account_id = $1`,
    [acct, price, product],
  );
  await q(`set session_replication_role = default`);
  // NOTE: statistics, as any loaded database has (pg_restore leaves the same step to the operator): without them
  // billing began on plans made for empty tables until autoanalyze came, at a different moment in each run, and
  // the same code measured 1,055 to 2,073 contracts/s with four workers. Only the tables seeded: the ones billing
  // fills stay unanalyzed, as in a database where nothing was billed yet. Analyzed while empty, they told the
  // planner "no rows", so the foreign-key checks against billing_runs (a cached plan per connection) read the
  // whole table until autoanalyze came, and the server's CPU per contract doubled in some runs.
  await q(
    `analyze accounts, catalog_products, catalog_prices, price_versions, account_payment_processors, customers, payment_methods, subscription_contracts, contract_items`,
  );
  // and the seed's dirty pages written out before the clock starts: a checkpoint falling inside the timed run (at
  // max_wal_size or checkpoint_timeout, wherever the seed left it) changed the rate from one run to the next
  await q(`checkpoint`);
  await c.end();
}

async function billWith(workers: number, url: string, beforeStart: () => Promise<void>) {
  await recreate("bench_billing");
  await mustRun("node_modules/.bin/prisma", ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    quiet: true,
  });
  await populate(url, N);
  await beforeStart();
  {
    // the ceiling's run leaves dirty pages of its own: written out before this clock starts too
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query("checkpoint");
    await c.end();
  }
  const boss = new PgBoss({ connectionString: url, schema: "pgboss" });
  await boss.start();
  await boss.createQueue("bill-contracts");
  // BENCH_CPU_PROF=<dir>: each worker writes a V8 CPU profile there when it exits
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const memory = { first: [] as number[], last: [] as number[], max: [] as number[] };
  let ready = 0;
  let allReady = () => {};
  let failed = (_: Error) => {};
  const everyoneReady = new Promise<void>((resolve, reject) => {
    allReady = resolve;
    failed = reject;
  });
  const children = Array.from({ length: workers }, (_, i) => {
    const child = spawn(process.execPath, [...profile, "--import", "tsx", "scripts/bench/billing-worker.ts"], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.once(
      "exit",
      (code) => ready < workers && failed(new Error(`bench worker ${i} exited (${code}) before ready`)),
    );
    // the worker prints its resident set size every 5 s: the first sample, the last and the largest
    child.stdout.on("data", (d: Buffer) => {
      if (/^ready$/m.test(d.toString()) && ++ready === workers) allReady();
      for (const [, bytes] of d.toString().matchAll(/^rss (\d+)$/gm)) {
        const mb = Number(bytes) / 2 ** 20;
        memory.first[i] ??= mb;
        memory.last[i] = mb;
        memory.max[i] = Math.max(memory.max[i] ?? 0, mb);
      }
    });
    return child;
  });
  // NOTE: the clock starts once every worker is ready: loading the app's modules takes each process ~2 s of CPU
  // (four on two cores: ~4 s of a ~50 s run), a cost of starting, paid once per deploy, not of billing
  await everyoneReady;
  const started = performance.now();
  // the same path as the worker's tick: due contracts split into chunk jobs
  const { dueChunks } = await import("@/server/worker/billing");
  const { getDb } = await import("@/server/db");
  const { reloadConfig } = await import("@/server/config");
  process.env.DATABASE_URL = url;
  reloadConfig(); // the modules above read the configuration when they were loaded
  const chunks = await dueChunks(getDb(), 200, undefined, N);
  await boss.insert(chunks.map((c) => ({ name: "bill-contracts", data: c, expireInSeconds: 300 })));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  // NOTE: polls the queue's open chunk jobs (a few hundred rows), and counts the runs only once none is left: a
  // count of the succeeded runs four times a second (an index scan of up to N entries, 20 ms at 100,000) took CPU
  // from the workers being measured
  for (;;) {
    const open = await c.query(
      `select count(*)::int n from pgboss.job where name = 'bill-contracts' and state in ('created', 'retry', 'active')`,
    );
    if (open.rows[0].n === 0) {
      const { rows } = await c.query(`select count(*)::int n from billing_runs where state = 'succeeded'`);
      if (rows[0].n >= N) break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const dup = (
    await c.query(
      `select count(*)::int n from (select contract_id, period_key from billing_runs group by 1, 2 having count(*) > 1) d`,
    )
  ).rows[0].n;
  await c.end();
  for (const ch of children) ch.kill("SIGTERM");
  await boss.stop({ graceful: false });
  await getDb().$disconnect();
  return { seconds, rate: N / seconds, dup, memory };
}

/** pgbench TPC-B transactions per second with `clients` clients, on a fresh bench_pgbench; null without pgbench. */
async function ceiling(clients: number): Promise<number | null> {
  await recreate("bench_pgbench");
  return pgbenchTps(clients);
}

function pgbenchTps(clients: number): number | null {
  try {
    const u = new URL(urlOf("bench_pgbench"));
    const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) };
    const args = ["-h", u.hostname, "-p", u.port || "5432", "-U", decodeURIComponent(u.username)];
    execFileSync("pgbench", [...args, "-i", "-q", "-s", "10", "bench_pgbench"], { env, stdio: "ignore" });
    // from a checkpoint, as the billing run starts
    execFileSync("psql", [...args, "-c", "checkpoint", "bench_pgbench"], { env, stdio: "ignore" });
    const out = execFileSync(
      "pgbench",
      [...args, "-c", String(clients), "-j", String(clients), "-T", "10", "bench_pgbench"],
      { env },
    ).toString();
    return Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  } catch {
    return null;
  }
}

console.log(`billing ${N} due monthly contracts (one regular run + one sandbox charge each)`);
if (process.env.BENCH_POPULATE_ONLY) {
  await recreate("bench_billing");
  await mustRun("node_modules/.bin/prisma", ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: urlOf("bench_billing") },
    quiet: true,
  });
  await populate(urlOf("bench_billing"), N);
  console.log(urlOf("bench_billing"));
  process.exit(0);
}
for (const w of WORKER_COUNTS) {
  // NOTE: the ceiling is measured right before and right after the billing run, and the ratio is taken against
  // their mean: the machine's speed drifts within minutes (pgbench alone 2,265–3,110 tps on one machine), and one
  // measurement after the run compared billing with whatever speed the machine had a minute later
  let before: number | null = null;
  const r = await billWith(w, urlOf("bench_billing"), async () => {
    before = await ceiling(w);
  });
  const after = await ceiling(w);
  const tps = before !== null && after !== null ? (before + after) / 2 : null;
  console.log(
    `${w} worker(s): ${r.rate.toFixed(0)} contracts/s (${r.seconds.toFixed(1)} s), duplicate periods: ${r.dup}; worker RSS first/last/max ${r.memory.first.map((f, i) => `${f.toFixed(0)}/${r.memory.last[i].toFixed(0)}/${r.memory.max[i].toFixed(0)}`).join(", ")} MB; pgbench TPC-B with ${w} client(s) before/after: ${tps ? `${before!.toFixed(0)}/${after!.toFixed(0)} tps; ratio ${(r.rate / tps).toFixed(3)} contracts per TPC-B transaction (${(r.rate / before!).toFixed(3)} against the run before, ${(r.rate / after!).toFixed(3)} after)` : "unavailable"}`,
  );
}
console.log("target: ≥ 1000 contracts/s on 2 cores");
await server.stop();
process.exit(0);
