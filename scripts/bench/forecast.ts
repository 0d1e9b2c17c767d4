// `npm run bench:forecast`: time of the account forecast (server/domain/billing/forecast.ts, the 12-month
// billed amount per currency from every live contract's projected runs) on BENCH_CONTRACTS (default
// 100,000) contracts seeded by bench:admin's bulk SQL (admin-seed.ts) into database bench_forecast.
// Target: under 10 s. Prints the first (cold) computation and a second one (served from the per-contract
// memo); asserts nothing.
import { seedBenchDatabase } from "./benchDatabase";

const N = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const { server, seeded, seconds } = await seedBenchDatabase("bench_forecast", N);
console.log(`seeded ${N} contracts in ${seconds} s`);

const { getDb } = await import("@/server/db");
const { systemClock } = await import("@/server/clock");
const { forecastAccount } = await import("@/server/domain/billing/forecast");
const ctx = { db: getDb(), accountId: seeded.accountId as number, clock: systemClock };
for (const label of ["cold", "memoized"]) {
  const t0 = performance.now();
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
