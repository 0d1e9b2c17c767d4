// `npm run bench:usage [-- --events N --batch B --concurrency C --contracts K --http]`: usage events ingested
// per second through the REST route handler in process (auth, body parsing, checks, the one-statement write
// with de-duplication and hourly rollups), or with --http over keep-alive HTTP against the production app
// (`next build` first when there is none; BENCH_URL: an app already running on bench_usage), then a resend of
// the first batches (all duplicates) and the time of a contract's aggregate over the month. Defaults: 50,000
// events in batches of 1,000 from 4 concurrent callers over 1,000 contracts (under a minute here);
// `--events 1000000` for the full figure. Prints figures, asserts nothing. Uses DATABASE_URL's server or the
// embedded one, in the database bench_usage (recreated).
import http from "node:http";
import pg from "pg";
// @ts-expect-error plain ESM helpers
import { provideDatabase } from "@/scripts/lib/database.mjs";
// @ts-expect-error plain ESM helpers
import { mustRun } from "@/scripts/lib/run.mjs";
import { startApp } from "./app-server";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg("events", 50_000);
const BATCH = arg("batch", 1000);
const CONCURRENCY = arg("concurrency", 4);
const CONTRACTS = arg("contracts", 1000);
const HTTP = process.argv.includes("--http");
const KEY = "sk_test_bench_usage";

const server = await provideDatabase({ dbName: "postgres" });
const urlOf = (db: string) => {
  const u = new URL(server.url);
  u.pathname = `/${db}`;
  return u.toString();
};
const url = urlOf("bench_usage");
const admin = new pg.Client({ connectionString: urlOf("postgres") });
await admin.connect();
await admin.query("drop database if exists bench_usage with (force)");
await admin.query("create database bench_usage");
await admin.end();
await mustRun("node_modules/.bin/prisma", ["migrate", "deploy"], {
  env: { ...process.env, DATABASE_URL: url },
  quiet: true,
});
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL ??= "error"; // the change listener warns when the server stops at the end

/** One account with CONTRACTS active contracts created 40 days ago and two metrics (count, sum). */
async function populate(): Promise<{ accountId: number; contractIds: number[] }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = (sql: string, params: unknown[] = []) => c.query(sql, params);
  const acct = (await q(`insert into accounts (name, mode, updated_at) values ('Bench', 'test', now()) returning id`))
    .rows[0].id as number;
  await q(
    `insert into customers (account_id, reference, updated_at) select $1, 'bench-' || g, now() from generate_series(1, $2) g`,
    [acct, CONTRACTS],
  );
  const ids = await q(
    `insert into subscription_contracts (account_id, customer_id, state, currency, billing_anchor_at, next_billing_at, input_mode, subscriber_token, created_at, updated_at)
     select $1, id, 'active', 'EUR', now() - interval '40 days', now() + interval '20 days', 'items', 'bench-' || id, now() - interval '40 days', now()
     from customers where account_id = $1 returning id`,
    [acct],
  );
  const metrics = await q(
    `insert into billable_metrics (account_id, code, name, aggregation, field_name, created_at, updated_at)
     values ($1, 'api_calls', 'API calls', 'count', null, now(), now()), ($1, 'storage_gb', 'Storage', 'sum', 'gb', now(), now())
     returning id`,
    [acct],
  );
  // events need a metered item of their metric: each contract bills both, over a period holding the 30 days sent
  const product = (
    await q(`insert into catalog_products (account_id, name, updated_at) values ($1, 'Metered', now()) returning id`, [
      acct,
    ])
  ).rows[0].id;
  for (const { id: metricId } of metrics.rows) {
    const price = (
      await q(
        `insert into catalog_prices (account_id, product_id, currency, billing_type, recurrence_type, interval, interval_count, usage_type, metric_id, updated_at)
         values ($1, $2, 'EUR', 'recurring', 'interval', 'month', 2, 'metered', $3, now()) returning id`,
        [acct, product, metricId],
      )
    ).rows[0].id;
    await q(
      `insert into price_versions (price_id, unit_amount, pricing_model) values ($1, 0, '{"model":"per_unit","unit_amount":"0.001"}')`,
      [price],
    );
    await q(
      `insert into contract_items (contract_id, price_id, product_id, quantity, source, period_start_at, period_end_at, updated_at)
       select id, $2, $3, 1, 'items', created_at, next_billing_at, now() from subscription_contracts where account_id = $1`,
      [acct, price, product],
    );
  }
  await c.end();
  return { accountId: acct, contractIds: ids.rows.map((r) => r.id as number) };
}

const { accountId, contractIds } = await populate();
const { getDb } = await import("@/server/db");
const { createApiKey } = await import("@/server/domain/auth/apiKeys");
await createApiKey(getDb(), accountId, "secret", "Bench", KEY);
const { POST } = await import("@/app/api/v2/usage-events/route");
const { usageAggregate } = await import("@/server/domain/usage/aggregate");
const { systemClock } = await import("@/server/clock");

const now = Date.now();
const DAY = 86_400_000;
/** Event i: spread over the last 30 days and over the contracts, half of each metric. */
const event = (i: number) => ({
  transaction_id: `bench-${i}`,
  code: i % 2 ? "storage_gb" : "api_calls",
  contract_id: contractIds[i % contractIds.length],
  timestamp: new Date(now - ((i * 7919) % (30 * DAY))).toISOString(),
  properties: { gb: (i % 100) / 10, region: "eu" },
});
const body = (from: number) =>
  JSON.stringify({ events: Array.from({ length: Math.min(BATCH, EVENTS - from) }, (_, k) => event(from + k)) });

const app = HTTP ? await startApp(url) : null;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const headers = { "content-type": "application/json", authorization: `Api-Key ${KEY}` };

/** POST over HTTP: the status and the parsed answer. */
function overHttp(text: string): Promise<{ status: number; body: any }> {
  const target = new URL("/api/v2/usage-events/", app?.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(text)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

async function send(text: string) {
  const t0 = performance.now();
  if (app) {
    const { status, body } = await overHttp(text);
    if (status !== 200) throw new Error(`HTTP ${status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, ...(body as { accepted: number; duplicates: number; rejected: unknown[] }) };
  }
  const res = await POST(
    new Request("http://bench.local/api/v2/usage-events/", {
      method: "POST",
      headers,
      body: text,
    }),
    { params: Promise.resolve({}) },
  );
  const answer = (await res.json()) as { accepted: number; duplicates: number; rejected: unknown[] };
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${JSON.stringify(answer)}`);
  return { ms: performance.now() - t0, ...answer };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
async function run(label: string, count: number) {
  const starts = Array.from({ length: Math.ceil(count / BATCH) }, (_, k) => k * BATCH);
  const times: number[] = [];
  let accepted = 0;
  let duplicates = 0;
  let rejected = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < starts.length) {
        const r = await send(body(starts[next++]));
        times.push(r.ms);
        accepted += r.accepted;
        duplicates += r.duplicates;
        rejected += r.rejected.length;
      }
    }),
  );
  const s = (performance.now() - t0) / 1000;
  const sent = accepted + duplicates + rejected;
  console.log(
    `${label}: ${sent.toLocaleString("en")} events in ${s.toFixed(1)} s = ${Math.round(sent / s).toLocaleString("en")} events/s ` +
      `(accepted ${accepted}, duplicates ${duplicates}, rejected ${rejected}); request p50 ${pct(times, 0.5).toFixed(0)} ms, p95 ${pct(times, 0.95).toFixed(0)} ms`,
  );
}

console.log(
  `bench:usage: ${EVENTS.toLocaleString("en")} events, batches of ${BATCH}, ${CONCURRENCY} concurrent callers, ${contractIds.length} contracts, ${app ? `over HTTP (${app.url})` : "in process"}`,
);
// warm-up: module loading, key cache, plans
await send(JSON.stringify({ events: [{ ...event(0), transaction_id: "warm-up" }] }));
await run("ingest", EVENTS);
await run("resend (all duplicates)", Math.min(EVENTS, 20 * BATCH));

const ctx = { db: getDb(), accountId, clock: systemClock };
const metric = await getDb().billableMetric.findFirstOrThrow({ where: { accountId, code: "storage_gb" } });
const times: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  // a range with partial hours at both ends: rollups plus raw events
  await usageAggregate(ctx, {
    contractId: contractIds[(i * 37 + 1) % contractIds.length],
    metricId: metric.id,
    from: new Date(now - 30 * DAY - 1_234_567),
    to: new Date(now - 7_654),
  });
  times.push(performance.now() - t0);
}
console.log(`usageAggregate over 30 days: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms`);
const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`select count(*)::int as n from usage.events`;
const [{ h }] = await getDb().$queryRaw<{ h: number }[]>`select count(*)::int as h from usage_hourly`;
console.log(`stored: ${n.toLocaleString("en")} raw events, ${h.toLocaleString("en")} hourly rollup rows`);
await app?.stop();
await getDb().$disconnect();
await server.stop();
process.exit(0);
