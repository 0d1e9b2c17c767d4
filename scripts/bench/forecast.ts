// `npm run bench:forecast`: time of the account forecast on bench:admin's database (admin-db.ts:
// BENCH_CONTRACTS contracts, default 100,000; BENCH_REUSE=1 reuses an earlier seed). Target: under 10 s.
// Prints the first (cold) computation and a second one; asserts nothing. bench:admin prints the same.
import { benchDatabase } from "./admin-db";

const { url, seeded, server } = await benchDatabase();
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL ??= "warn";
const { getDb } = await import("@/server/db");
const { timeForecast } = await import("./forecast-timing");
await timeForecast(seeded.accountId);
console.log(`heap used: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`);
process.on("uncaughtException", () => {});
process.on("unhandledRejection", () => {});
await getDb().$disconnect();
await server.stop();
process.exit(0);
