// `npm run bench:usage:scale [-- --contracts K --events N]`: usage at volume, the two figures ingestion alone
// does not show. An account holding N (default 10,000,000) usage events over the month just ended of K
// (default 10,000) metered contracts, seeded by SQL straight into the raw table and its hourly and daily rollups (what
// ingestion writes, without going through it: `bench:usage` measures that), beside K flat contracts.
// Prints: a contract's usage to date (`contractUsage`: the aggregate, tiers, estimate and 31 daily figures)
// p50/p95, then the bulk billing path's contracts per second for the flat and for the metered contracts
// (each billed in chunks of 200 by `billRegularRunsInBulk`, the worker's path). Asserts nothing.
// Uses DATABASE_URL's server or the embedded one, in the database bench_usage_scale (recreated).
import pg from "pg";
// @ts-expect-error plain ESM helpers
import { provideDatabase } from "@/scripts/lib/database.mjs";
// @ts-expect-error plain ESM helpers
import { mustRun } from "@/scripts/lib/run.mjs";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CONTRACTS = arg("contracts", 10_000);
const EVENTS = arg("events", 10_000_000);
const CHUNK = 200;

const server = await provideDatabase({ dbName: "postgres" });
const urlOf = (db: string) => {
  const u = new URL(server.url);
  u.pathname = `/${db}`;
  return u.toString();
};
const url = urlOf("bench_usage_scale");
const admin = new pg.Client({ connectionString: urlOf("postgres") });
await admin.connect();
await admin.query("drop database if exists bench_usage_scale with (force)");
await admin.query("create database bench_usage_scale");
await admin.end();
await mustRun("node_modules/.bin/prisma", ["migrate", "deploy"], {
  env: { ...process.env, DATABASE_URL: url },
  quiet: true,
});
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL ??= "error";

const c = new pg.Client({ connectionString: url });
await c.connect();
const q = async (sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows;
const t0 = performance.now();
const [{ id: acct }] = await q(
  `insert into accounts (name, mode, updated_at) values ('Bench', 'test', now()) returning id`,
);
const [{ id: product }] = await q(
  `insert into catalog_products (account_id, name, updated_at) values ($1, 'Bench product', now()) returning id`,
  [acct],
);
const [{ id: metric }] = await q(
  `insert into billable_metrics (account_id, code, name, aggregation, created_at, updated_at, has_events)
   values ($1, 'api_calls', 'API calls', 'count', now(), now(), true) returning id`,
  [acct],
);
const [{ id: flat }] = await q(
  `insert into catalog_prices (account_id, product_id, currency, billing_type, recurrence_type, interval, interval_count, updated_at)
   values ($1, $2, 'EUR', 'recurring', 'interval', 'month', 1, now()) returning id`,
  [acct, product],
);
await q(`insert into price_versions (price_id, unit_amount) values ($1, 9.9)`, [flat]);
const [{ id: metered }] = await q(
  `insert into catalog_prices (account_id, product_id, currency, billing_type, recurrence_type, interval, interval_count, usage_type, metric_id, updated_at)
   values ($1, $2, 'EUR', 'recurring', 'interval', 'month', 1, 'metered', $3, now()) returning id`,
  [acct, product, metric],
);
await q(
  `insert into price_versions (price_id, unit_amount, pricing_model) values ($1, 0,
   '{"model":"graduated","tiers":[{"up_to":"500","unit_amount":"0","flat_amount":"0"},{"up_to":null,"unit_amount":"0.002","flat_amount":"1"}]}')`,
  [metered],
);
const [{ id: proc }] = await q(
  `insert into account_payment_processors (account_id, display_name, processor_type, render_mode, currency, collection_method)
   values ($1, 'Sandbox', 'sandbox_generic', 'generic_card_form', 'EUR', 'card') returning id`,
  [acct],
);
await q(
  `insert into customers (account_id, reference, updated_at) select $1, 'bench-' || g, now() from generate_series(1, $2) g`,
  [acct, 2 * CONTRACTS],
);
await q(
  `insert into payment_methods (account_id, customer_id, processor_id, collection_method, state, verified, token, updated_at)
   select $1, id, $2, 'card', 'active', true, 'tok_sandbox_4242424242424242', now() from customers where account_id = $1`,
  [acct, proc],
);
// every contract's month ended an hour ago: one regular run due each
await q(
  `insert into subscription_contracts (account_id, customer_id, state, currency, billing_anchor_at, next_billing_at, input_mode, subscriber_token, created_at, updated_at)
   select $1, id, 'active', 'EUR', date_trunc('hour', now()) - interval '1 month 1 hour', date_trunc('hour', now()) - interval '1 hour', 'items', 'bench-' || id,
          date_trunc('hour', now()) - interval '1 month 1 hour', now()
   from customers where account_id = $1 order by id`,
  [acct],
);
const ids = (await q(`select id from subscription_contracts where account_id = $1 order by id`, [acct])).map(
  (r) => r.id as number,
);
const flatIds = ids.slice(0, CONTRACTS);
const meteredIds = ids.slice(CONTRACTS);
for (const [price, set] of [
  [flat, flatIds],
  [metered, meteredIds],
] as const)
  await q(
    `insert into contract_items (contract_id, price_id, product_id, quantity, source, period_start_at, period_end_at, updated_at)
     select c.id, $2, $3, 1, 'items', c.billing_anchor_at, c.next_billing_at, now() from subscription_contracts c where c.id = any($1::int[])`,
    [set, price, product],
  );
// EVENTS events spread over the metered contracts' month (the raw table and the rollups ingestion keeps)
const perContract = Math.ceil(EVENTS / CONTRACTS);
await q(
  `insert into usage.events (account_id, transaction_id, metric_id, code, contract_id, "timestamp", properties, counted, received_at)
   select $1, 'e-' || c.id || '-' || g, $2, 'api_calls', c.id,
          (c.billing_anchor_at at time zone 'UTC') + (g * (c.next_billing_at - c.billing_anchor_at) / ($3 + 1)),
          '{}'::jsonb, true, now() at time zone 'UTC'
   from subscription_contracts c cross join generate_series(1, $3) g where c.id = any($4::int[])`,
  [acct, metric, perContract, meteredIds],
);
await q(
  `insert into usage_hourly (account_id, contract_id, metric_id, hour, event_count, latest_at, latest_transaction_id)
   select account_id, contract_id, metric_id, date_trunc('hour', "timestamp"), count(*), max("timestamp"), max(transaction_id)
   from usage.events where account_id = $1 group by 1, 2, 3, 4`,
  [acct],
);
await q(
  `insert into usage_daily (account_id, contract_id, metric_id, day, event_count, latest_at, latest_transaction_id)
   select account_id, contract_id, metric_id, date_trunc('day', hour), sum(event_count), max(latest_at), max(latest_transaction_id)
   from usage_hourly where account_id = $1 group by 1, 2, 3, 4`,
  [acct],
);
await q("analyze");
const [{ n, h }] = await q(
  `select (select count(*) from usage.events)::int as n, (select count(*) from usage_hourly)::int as h`,
);
console.log(
  `seeded ${(2 * CONTRACTS).toLocaleString("en")} contracts (${CONTRACTS.toLocaleString("en")} metered), ${n.toLocaleString("en")} raw events, ${h.toLocaleString("en")} hourly rollup rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
await c.end();

const { getDb } = await import("@/server/db");
const { systemClock } = await import("@/server/clock");
const { contractUsage } = await import("@/server/domain/usage/contractUsage");
const { billRegularRunsInBulk } = await import("@/server/domain/billing/bulk");
const ctx = { db: getDb(), accountId: acct as number, clock: systemClock };

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
await contractUsage(ctx, meteredIds[0]); // warm-up
const times: number[] = [];
for (let i = 0; i < 100; i++) {
  const started = performance.now();
  await contractUsage(ctx, meteredIds[(i * 97) % meteredIds.length]);
  times.push(performance.now() - started);
}
console.log(
  `usage to date (GET …/usage/: aggregate, tiers, estimate, 31 days) over ${n.toLocaleString("en")} events: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms (target p50 < 50 ms)`,
);

async function bill(label: string, set: number[]) {
  const started = performance.now();
  let built = 0;
  for (let i = 0; i < set.length; i += CHUNK)
    built += (await billRegularRunsInBulk(ctx, set.slice(i, i + CHUNK))).built;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label}: ${built.toLocaleString("en")} runs in ${seconds.toFixed(1)} s = ${(built / seconds).toFixed(0)} contracts/s`,
  );
  return built / seconds;
}
const flatRate = await bill("bulk billing, flat contracts", flatIds);
const meteredRate = await bill("bulk billing, metered contracts", meteredIds);
const [{ lines }] = await getDb().$queryRaw<{ lines: number }[]>`
  select count(*)::int as lines from billing_run_lines where kind = 'usage'`;
console.log(
  `metered ÷ flat: ${(meteredRate / flatRate).toFixed(2)} (target ≥ 0.5); ${lines.toLocaleString("en")} usage lines billed`,
);
await getDb().$disconnect();
await server.stop();
process.exit(0);
