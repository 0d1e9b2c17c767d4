// `npm run bench:forecast`: time of the account forecast (server/domain/billing/forecast.ts, the 12-month
// billed amount per currency from every live contract's projected runs) on BENCH_CONTRACTS (default
// 100,000) contracts seeded by bench:admin's bulk SQL (admin-seed.ts) into database bench_forecast.
// Target: under 10 s. Prints the first (cold) computation and a second one (served from the per-contract
// memo); asserts nothing.
import pg from "pg";
// @ts-expect-error plain ESM helpers
import { provideDatabase } from "@/scripts/lib/database.mjs";
// @ts-expect-error plain ESM helpers
import { mustRun } from "@/scripts/lib/run.mjs";
import { seedAdminVolume } from "./admin-seed";

const N = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const server = await provideDatabase({ dbName: "postgres" });
const urlOf = (db: string) => {
  const u = new URL(server.url);
  u.pathname = `/${db}`;
  return u.toString();
};
const url = urlOf("bench_forecast");
const admin = new pg.Client({ connectionString: urlOf("postgres") });
await admin.connect();
await admin.query(`drop database if exists bench_forecast with (force)`);
await admin.query(`create database bench_forecast`);
await admin.end();
await mustRun("node_modules/.bin/prisma", ["migrate", "deploy"], {
  env: { ...process.env, DATABASE_URL: url },
  quiet: true,
});
const c = new pg.Client({ connectionString: url });
await c.connect();
let t0 = performance.now();
const seeded = await seedAdminVolume(c, N);
console.log(`seeded ${N} contracts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await c.end();

process.env.DATABASE_URL = url;
process.env.LOG_LEVEL ??= "warn";
const { getDb } = await import("@/server/db");
const { systemClock } = await import("@/server/clock");
const { forecastAccount } = await import("@/server/domain/billing/forecast");
const ctx = { db: getDb(), accountId: seeded.accountId as number, clock: systemClock };
for (const label of ["cold", "memoized"]) {
  t0 = performance.now();
  const f = await forecastAccount(ctx);
  const ms = performance.now() - t0;
  const runs = f.currencies.reduce((a, x) => a + x.months.reduce((b, m) => b + m.runs, 0), 0);
  console.log(
    `forecast (${label}): ${f.contracts} live contracts, ${runs} projected runs, 12 months, ${(ms / 1000).toFixed(2)} s${ms >= 10_000 ? "  (over the 10 s target)" : ""}`,
  );
}
console.log(`heap used: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`);
process.on("uncaughtException", () => {});
process.on("unhandledRejection", () => {});
await getDb().$disconnect();
await server.stop();
process.exit(0);
